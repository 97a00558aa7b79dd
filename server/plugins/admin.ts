/**
 * The blog admin's API, registered only in local mode (ADMIN=1, see server/config.ts):
 *
 *   GET    /api/admin/posts          every post (drafts too), the categories and unreadable files
 *   POST   /api/admin/posts          create a post               → 201 { post }
 *   PUT    /api/admin/posts/{slug}   replace what the form edits → 200 { post }
 *   DELETE /api/admin/posts/{slug}   delete the post's file      → 200 { slug }
 *
 * PUT and DELETE take `If-Match: "<version>"` (the version from the list) and answer 412
 * when the file changed since. Refusals are JSON `{ error: { code, title, message, hint }, fields? }`.
 *
 * It writes files, so it is a local API (./local-api.ts: this computer only, same origin,
 * this run's key, JSON writes). Encapsulated: its hooks touch no other route.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { ADMIN_API } from "../../src/admin/model.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { localBlogWriter, type WriteResult } from "../studio/documents/posts.ts";
import { guardLocalApi, ifMatch } from "./local-api.ts";

export interface AdminPluginOptions {
  /** The folder holding content/blog (the project root unless CONTENT_ROOT is set). */
  contentRoot: string;
  /** This run's admin key (src/admin/mode.server.ts): every call must carry it. */
  key: string;
}

/** A post of 100,000 characters, each up to 3 bytes of UTF-8, fits; a flood does not. */
const BODY_LIMIT = 512 * 1024;

const tooLarge = errors.AdminTooLarge("512 kB");

export async function adminPlugin(app: FastifyInstance, { contentRoot, key }: AdminPluginOptions) {
  const writer = localBlogWriter(contentRoot);
  const removed = await writer.removeStaleTemps();
  if (removed.length > 0) app.log.warn({ removed }, "removed temporary files an interrupted save left behind");
  const { fail, jsonOnly } = guardLocalApi(app, { name: "admin", tooLarge, key });

  function answer<T>(reply: FastifyReply, result: WriteResult<T>, status: number, wrap: (value: T) => unknown) {
    if (!result.ok) return fail(reply, result.status, result.failure.error, result.failure.fields && { fields: result.failure.fields });
    return reply.code(status).send(wrap(result.value));
  }

  app.get(ADMIN_API, async () => writer.list());

  app.post(ADMIN_API, { bodyLimit: BODY_LIMIT, onRequest: jsonOnly }, async (request, reply) =>
    answer(reply, await writer.create(request.body), 201, (post) => ({ post })),
  );

  app.put<{ Params: { slug: string } }>(`${ADMIN_API}/:slug`, { bodyLimit: BODY_LIMIT, onRequest: jsonOnly }, async (request, reply) =>
    answer(reply, await writer.update(request.params.slug, request.body, ifMatch(request)), 200, (post) => ({ post })),
  );

  app.delete<{ Params: { slug: string } }>(`${ADMIN_API}/:slug`, async (request, reply) =>
    answer(reply, await writer.remove(request.params.slug, ifMatch(request)), 200, (value) => value),
  );
}
