/**
 * The page editor's API, registered only in local mode (ADMIN=1, like the blog admin):
 *
 *   GET    /api/editor/documents                every page and collection, with its error count
 *   GET    /api/editor/document?file=…          a file: text, value, version, the site's errors
 *   POST   /api/editor/check     { file, data } the site's errors with the draft in place
 *   PUT    /api/editor/document  { file, data } save (If-Match: "<version>"; If-None-Match: * for a new file)
 *   DELETE /api/editor/document?file=…          delete a page (If-Match), refused while linked
 *   GET    /api/editor/context                  the checked content, for previews and pickers
 *
 * A local API (./local-api.ts): this computer only, same origin, this run's key, JSON writes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import site from "../../site.config.ts";
import { EDITOR_API } from "../../src/editor/model.ts";
import { editorStore, type StoreResult } from "../../src/editor/server/store.ts";
import { blogSource, wordpressUrl } from "../../src/blog/sources.server.ts";
import { errors } from "../../src/errors/catalogue.ts";
import type { BlogIndex } from "../../schemas/blog.ts";
import { guardLocalApi, ifMatch } from "./local-api.ts";

export interface EditorPluginOptions {
  /** The folder holding content/ (the project root unless CONTENT_ROOT is set). */
  contentRoot: string;
  /** This run's admin key (src/admin/mode.server.ts): every call must carry it. */
  key: string;
}

/** The largest collection (services) is about 60 kB; a flood is refused. */
export const EDITOR_BODY_LIMIT = 2 * 1024 * 1024;

/** With WORDPRESS_URL, drafts are checked against the blog the build would use, fetched once a minute at most. */
export function remoteBlog(): () => Promise<BlogIndex | undefined> {
  let cached: { at: number; index: Promise<BlogIndex> } | undefined;
  return async () => {
    if (!wordpressUrl()) return undefined;
    if (!cached || Date.now() - cached.at > 60_000) cached = { at: Date.now(), index: blogSource().index() };
    return cached.index;
  };
}

export async function editorPlugin(app: FastifyInstance, { contentRoot, key }: EditorPluginOptions) {
  const store = editorStore({ root: contentRoot, site, remoteBlog: remoteBlog() });
  const { fail, jsonOnly } = guardLocalApi(app, { name: "editor", tooLarge: errors.AdminTooLarge("2 MB"), key });

  const answer = <T,>(reply: FastifyReply, result: StoreResult<T>) =>
    result.ok ? reply.send(result.value) : fail(reply, result.status, result.error, result.errors && { errors: result.errors });

  const fileParam = (request: FastifyRequest) => String((request.query as { file?: unknown }).file ?? "");
  /** A write's body: `{ file, data }`. */
  const body = (request: FastifyRequest): { file: string; data: unknown } | undefined => {
    const b = request.body as { file?: unknown; data?: unknown } | null;
    return b && typeof b === "object" && typeof b.file === "string" && "data" in b ? { file: b.file, data: b.data } : undefined;
  };
  const badBody = (reply: FastifyReply) => fail(reply, 400, errors.AdminBadRequest('Send { "file": "content/pages/….json", "data": { … } }.', "Use the editor at /admin/pages."));

  app.get(`${EDITOR_API}/documents`, async () => store.list());
  app.get(`${EDITOR_API}/context`, async () => store.context());
  app.get(`${EDITOR_API}/document`, async (request, reply) => answer(reply, await store.open(fileParam(request))));

  app.post(`${EDITOR_API}/check`, { bodyLimit: EDITOR_BODY_LIMIT, onRequest: jsonOnly }, async (request, reply) => {
    const draft = body(request);
    return draft ? answer(reply, await store.check(draft.file, draft.data)) : badBody(reply);
  });

  app.put(`${EDITOR_API}/document`, { bodyLimit: EDITOR_BODY_LIMIT, onRequest: jsonOnly }, async (request, reply) => {
    const draft = body(request);
    if (!draft) return badBody(reply);
    const isNew = request.headers["if-none-match"]?.trim() === "*";
    const version = isNew ? null : ifMatch(request);
    if (version === undefined) return fail(reply, 428, errors.AdminBadRequest("Say which version of the file the change is based on (If-Match).", "Use the editor at /admin/pages."));
    const result = await store.save(draft.file, draft.data, version);
    return answer(reply.code(result.ok && isNew ? 201 : 200), result);
  });

  app.delete(`${EDITOR_API}/document`, async (request, reply) => {
    const version = ifMatch(request);
    if (version === undefined) return fail(reply, 428, errors.AdminBadRequest("Say which version of the file you are deleting (If-Match).", "Use the editor at /admin/pages."));
    return answer(reply, await store.remove(fileParam(request), version));
  });
}
