/**
 * What every local-mode API shares (the blog admin's, server/plugins/admin.ts, and the page
 * editor's, server/plugins/editor.ts). They write files, so they trust nothing but this
 * computer: the TCP peer and any forwarded client must be loopback, the Host must be a
 * loopback name (a DNS-rebinding page has its own host name), and a browser request must come
 * from the same origin. Writes are JSON only, which a cross-site HTML form cannot send.
 * None of that tells a browser on this computer from one reaching it through a local forwarder
 * (which sets Host to localhost) or an SSH tunnel: to the network both are local. So every
 * call must also carry this run's key (Authorization: Bearer), which only the terminal that
 * started the server has shown, in the admin's link (src/admin/mode.server.ts).
 * Refusals are JSON `{ error: { code, title, message, hint } }` with Cache-Control: no-store.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isLoopback } from "../../src/admin/mode.server.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { isSameOrigin } from "../same-origin.ts";

export const refusals = {
  notLocal: errors.AdminNotLocal(),
  noKey: errors.AdminKeyNeeded(),
  notLoopbackHost: errors.AdminNotLoopbackHost(),
  crossSite: errors.AdminCrossSite(),
  notJson: errors.AdminNotJson(),
  badJson: errors.AdminBadRequest("The request body is not valid JSON."),
} satisfies Record<string, ErrorData>;

/** Why a request may not use a local API, or undefined when it may. */
export function refusalOf(request: FastifyRequest): ErrorData | undefined {
  // The TCP peer, and the client a loopback proxy says it forwards (request.ip, trustProxy).
  if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) return refusals.notLocal;
  let hostname: string;
  try {
    hostname = new URL(`http://${request.headers.host ?? ""}`).hostname;
  } catch {
    return refusals.notLoopbackHost;
  }
  if (!isLoopback(hostname)) return refusals.notLoopbackHost;
  if (!isSameOrigin(request)) return refusals.crossSite;
  return undefined;
}

/** Whether the request shows the key (compared in constant time, as hashes of equal length). */
export function hasKey(request: FastifyRequest, key: string): boolean {
  const shown = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (shown === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(shown), digest(key));
}

export const isJson = (request: FastifyRequest) => (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";

/** The version named in If-Match ("abc" or W/"abc"); undefined when the header is absent or "*". */
export function ifMatch(request: FastifyRequest): string | undefined {
  const value = request.headers["if-match"];
  if (value === undefined || value.trim() === "*") return undefined;
  return value.trim().replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
}

/**
 * Guards an encapsulated plugin's routes as a local API: refuses requests not made on this
 * computer, never lets an answer be cached, and answers errors as JSON refusals.
 * `tooLarge` is the refusal for a body over the routes' limit; `key` the one every call must carry.
 */
export function guardLocalApi(app: FastifyInstance, { name, tooLarge, key }: { name: string; tooLarge: ErrorData; key: string }) {
  const fail = (reply: FastifyReply, status: number, error: ErrorData, extra: Record<string, unknown> = {}) => reply.code(status).send({ error, ...extra });
  app.addHook("onRequest", async (request, reply) => {
    const refusal = refusalOf(request);
    if (refusal) {
      request.log.warn({ reason: refusal.code }, `${name} request refused`);
      return fail(reply, 403, refusal);
    }
    if (!hasKey(request, key)) {
      request.log.warn({ reason: refusals.noKey.code }, `${name} request refused`);
      return fail(reply.header("WWW-Authenticate", 'Bearer realm="local admin"'), 401, refusals.noKey);
    }
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, `${name} request failed`);
      // Only this computer can see the answer: the reason helps more than it reveals.
      return fail(reply, 500, errors.AdminWriteFailed(error.message));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return fail(reply, 413, tooLarge);
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return fail(reply, 415, refusals.notJson);
    return fail(reply, status, refusals.badJson);
  });
  /** An onRequest hook for writes: JSON bodies only. */
  const jsonOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isJson(request)) return fail(reply, 415, refusals.notJson);
  };
  return { fail, jsonOnly };
}
