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
 * which a cross-site HTML form cannot send. None of that tells a browser on this computer from
 * one behind a local forwarder or an SSH tunnel, so every call must also carry this run's key
 * (Authorization: Bearer), which only the terminal that started the server has shown
 * (src/admin/mode.server.ts). Encapsulated: its hooks touch no other route.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_API, type AdminError, type AdminFailure } from "../../src/admin/model.ts";
import { isLoopback } from "../../src/admin/mode.server.ts";
import { localBlogWriter, type WriteResult } from "../../src/blog/local-write.ts";

export interface AdminPluginOptions {
  /** The folder holding content/blog (the project root unless CONTENT_ROOT is set). */
  contentRoot: string;
  /** This run's key (adminKeyFrom): every call must carry it. */
  key: string;
}

/** A post of 100,000 characters, each up to 3 bytes of UTF-8, fits; a flood does not. */
const BODY_LIMIT = 512 * 1024;

export const refusals = {
  notLocal: {
    title: "Local only",
    message: "The blog admin answers only requests made on this computer.",
    hint: "Open the admin in a browser on the machine that runs npm run dev.",
  },
  notLoopbackHost: {
    title: "Local only",
    message: "The blog admin answers only at a loopback address such as 127.0.0.1 or localhost.",
    hint: "Open http://127.0.0.1:5173/admin (npm run dev) or the address npm start printed.",
  },
  noKey: {
    title: "Admin key needed",
    message: "The blog admin answers only a browser that has this run's admin key.",
    hint: "Open the admin with the link npm run dev (or ADMIN=1 npm start) printed in its terminal: it ends in /admin#key=…",
  },
  crossSite: {
    title: "Cross-site request refused",
    message: "Changes to the blog can only be made from the admin page itself.",
    hint: "Open /admin on this site and make the change there.",
  },
  notJson: {
    title: "JSON only",
    message: "Send the post as JSON (Content-Type: application/json).",
    hint: "Use the admin at /admin.",
  },
  badJson: {
    title: "Invalid request",
    message: "The request body is not valid JSON.",
    hint: "Use the admin at /admin.",
  },
  tooLarge: {
    title: "Post too large",
    message: "The post is larger than the admin accepts (512 kB).",
    hint: "Shorten the content, or split it into two posts.",
  },
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

/** Whether the request shows the key (compared in constant time, as hashes of equal length). */
export function hasKey(request: FastifyRequest, key: string): boolean {
  const shown = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (shown === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(shown), digest(key));
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

export async function adminPlugin(app: FastifyInstance, { contentRoot, key }: AdminPluginOptions) {
  const writer = localBlogWriter(contentRoot);
  const removed = await writer.removeStaleTemps();
  if (removed.length > 0) app.log.warn({ removed }, "removed temporary files an interrupted save left behind");

  app.addHook("onRequest", async (request, reply) => {
    const refusal = refusalOf(request);
    if (refusal) {
      request.log.warn({ reason: refusal.message }, "admin request refused");
      return fail(reply, 403, refusal);
    }
    if (!hasKey(request, key)) {
      request.log.warn({ reason: refusals.noKey.message }, "admin request refused");
      return fail(reply.header("WWW-Authenticate", 'Bearer realm="blog admin"'), 401, refusals.noKey);
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
      return fail(reply, 500, { title: "Not saved", message: `The change could not be written: ${error.message}`, hint: "Check that content/blog is writable and the disk is not full, then try again." });
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
