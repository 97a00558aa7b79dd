/**
 * The blog admin's API, registered only in local mode (ADMIN=1, see server/config.ts):
 *
 *   GET    /api/admin/posts          every post (drafts too), the categories and unreadable files
 *   POST   /api/admin/posts          create a post               → 201 { post }
 *   PUT    /api/admin/posts/{slug}   replace what the form edits → 200 { post }
 *   DELETE /api/admin/posts/{slug}   delete the post's file      → 200 { slug }
 *
 * PUT and DELETE take `If-Match: "<version>"` (the version from the list) and answer 412
 * when the file changed since. Refusals are JSON `{ error: { title, message, hint }, fields? }`.
 *
 * It writes files, so it trusts nothing but this computer: the TCP peer and any forwarded
 * client must be loopback, the Host must be a loopback name (a DNS-rebinding page has its
 * own host name), and a browser request must come from the same origin. Writes are JSON only,
 * which a cross-site HTML form cannot send. Encapsulated: its hooks touch no other route.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_API, type AdminError, type AdminFailure } from "../../src/admin/model.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { isLoopback } from "../../src/admin/mode.server.ts";
import { localBlogWriter, type WriteResult } from "../../src/blog/local-write.ts";

export interface AdminPluginOptions {
  /** The folder holding content/blog (the project root unless CONTENT_ROOT is set). */
  contentRoot: string;
}

/** A post of 100,000 characters, each up to 3 bytes of UTF-8, fits; a flood does not. */
const BODY_LIMIT = 512 * 1024;

export const refusals = {
  notLocal: errors.AdminNotLocal(),
  notLoopbackHost: errors.AdminNotLoopbackHost(),
  crossSite: errors.AdminCrossSite(),
  notJson: errors.AdminNotJson(),
  badJson: errors.AdminBadRequest("The request body is not valid JSON."),
  tooLarge: errors.AdminTooLarge("512 kB"),
} satisfies Record<string, AdminError>;

const fail = (reply: FastifyReply, status: number, error: AdminError, fields?: AdminFailure["fields"]) =>
  reply.code(status).send({ error, ...(fields && { fields }) } satisfies AdminFailure);

/** Why a request may not use the admin API, or undefined when it may. */
export function refusalOf(request: FastifyRequest): AdminError | undefined {
  // The TCP peer, and the client a loopback proxy says it forwards (request.ip, trustProxy).
  if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) return refusals.notLocal;
  let hostname: string;
  try {
    hostname = new URL(`http://${request.headers.host ?? ""}`).hostname;
  } catch {
    return refusals.notLoopbackHost;
  }
  if (!isLoopback(hostname)) return refusals.notLoopbackHost;
  const site = request.headers["sec-fetch-site"];
  // "none" is a page typed into the address bar: harmless for reading, never a write.
  if (site !== undefined && site !== "same-origin" && !(site === "none" && request.method === "GET")) return refusals.crossSite;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      if (new URL(origin).host !== new URL(`http://${request.headers.host}`).host) return refusals.crossSite;
    } catch {
      return refusals.crossSite; // "null" (sandboxed frames, file: pages) or garbage
    }
  }
  return undefined;
}

const isJson = (request: FastifyRequest) => (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";

/** The version named in If-Match ("abc" or W/"abc"); undefined when the header is absent or "*". */
function ifMatch(request: FastifyRequest): string | undefined {
  const value = request.headers["if-match"];
  if (value === undefined || value.trim() === "*") return undefined;
  return value.trim().replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
}

function answer<T>(reply: FastifyReply, result: WriteResult<T>, status: number, wrap: (value: T) => unknown) {
  if (!result.ok) return fail(reply, result.status, result.failure.error, result.failure.fields);
  return reply.code(status).send(wrap(result.value));
}

export async function adminPlugin(app: FastifyInstance, { contentRoot }: AdminPluginOptions) {
  const writer = localBlogWriter(contentRoot);
  const removed = await writer.removeStaleTemps();
  if (removed.length > 0) app.log.warn({ removed }, "removed temporary files an interrupted save left behind");

  app.addHook("onRequest", async (request, reply) => {
    const refusal = refusalOf(request);
    if (refusal) {
      request.log.warn({ reason: refusal.message }, "admin request refused");
      return fail(reply, 403, refusal);
    }
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "admin request failed");
      // Only this computer can see the answer: the reason helps more than it reveals.
      return fail(reply, 500, errors.AdminWriteFailed(error.message));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return fail(reply, 413, refusals.tooLarge);
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return fail(reply, 415, refusals.notJson);
    return fail(reply, status, refusals.badJson);
  });

  const jsonOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isJson(request)) return fail(reply, 415, refusals.notJson);
  };

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
