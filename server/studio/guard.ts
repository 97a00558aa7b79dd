/**
 * The one guard every studio route goes through. Each route declares the least role it needs
 * (`config: { least: "editor" }`, or "anyone" for signing in and setting a password); a route
 * registered without a declaration stops the server at start, so none can be forgotten. On
 * every request, in this order:
 *
 * 1. the connection: HTTPS, or plain http to a loopback host for development (./auth/cookie.ts);
 * 2. a write (anything but GET/HEAD) must come from the studio's own origin (Sec-Fetch-Site, Origin);
 * 3. unless the route is for anyone: a live session from the cookie (else 401), a role at least
 *    the route's (else 403), and on a write the session's CSRF token in X-CSRF-Token (else 403);
 * 4. a write naming a file some roles only may change (`file` in its body or query: a page
 *    template, an admin's), by anyone else: 403, whatever the route (draft, publish, schedule…).
 *
 * Answers are JSON, `{ error: { code, title, message, hint } }` for refusals, never cached;
 * bad input is a 4xx, never a 5xx.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errors, type ErrorData } from "../../src/errors/catalogue.ts";
import { isSameOrigin } from "../same-origin.ts";
import { isDatabaseUnavailable } from "../storage/database.ts";
import { clearedCookie, cookieKind, type CookieKind, readCookie } from "./auth/cookie.ts";
import { sameText } from "./auth/secrets.ts";
import { csrfTokenOf, resumeSession, type SessionLimits, type SignedIn } from "./auth/sessions.ts";
import { isLeast, type Least, mayUse } from "./roles.ts";

export const STUDIO_API = "/api/studio";
export const CSRF_HEADER = "x-csrf-token";
/** Account calls carry a few short fields. */
const BODY_LIMIT = 16 * 1024;

/** A studio route as registered: what the route walk in the tests covers. */
export interface StudioRoute {
  method: string;
  url: string;
  least: Least;
}

export const refuse = (reply: FastifyReply, status: number, error: ErrorData) => reply.code(status).send({ error });

/** A throttled attempt: 429 with Retry-After in whole seconds (at least one). */
export const refuseThrottled = (reply: FastifyReply, retryAfterMs: number, error: ErrorData) =>
  refuse(reply.header("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000)))), 429, error);

const isWrite = (request: FastifyRequest) => request.method !== "GET" && request.method !== "HEAD";

/**
 * Installs the guard on an encapsulated plugin's scope: every route registered in it after
 * this (and only those) is guarded. `routes` collects them.
 */
export function guardStudio(app: FastifyInstance, { sessions, routes, writers }: { sessions: SessionLimits; routes: StudioRoute[]; writers?: (file: string) => { least: Least; error: (role: string) => ErrorData } | undefined }) {
  app.addHook("onRoute", (route) => {
    const least = (route.config as { least?: unknown } | undefined)?.least;
    const methods = [route.method].flat();
    if (!isLeast(least)) {
      throw new Error(`${methods.join(",")} ${route.url}: every studio route declares the least role it needs: config: { least: "contributor" | "editor" | "admin" | "anyone" }.`);
    }
    route.bodyLimit ??= BODY_LIMIT;
    for (const method of methods) if (method !== "HEAD") routes.push({ method, url: route.url, least });
  });

  // Only JSON bodies (Fastify also reads text/plain, which a cross-site HTML form can send).
  app.removeContentTypeParser("text/plain");

  app.addHook("onRequest", async (request, reply) => {
    const least = request.routeOptions.config.least;
    if (!isLeast(least)) return refuse(reply, 404, errors.StudioNotFound()); // cannot happen: onRoute refused the route
    const kind = cookieKind(request);
    if (!kind) return refuse(reply, 403, errors.StudioNeedsHttps());
    if (isWrite(request) && !isSameOrigin(request)) return refuse(reply, 403, errors.StudioCrossSite());
    if (least === "anyone") return;
    const secret = readCookie(request, kind.name);
    const signedIn = secret === undefined ? undefined : await resumeSession(request.server.storage.db, secret, sessions);
    if (!signedIn) {
      if (secret !== undefined) reply.header("Set-Cookie", clearedCookie(kind));
      return refuse(reply, 401, errors.StudioSignedOut());
    }
    if (!mayUse(signedIn.user.role, least)) return refuse(reply, 403, errors.StudioForbidden(signedIn.user.role, least));
    if (isWrite(request) && !sameText(String(request.headers[CSRF_HEADER] ?? ""), csrfTokenOf(secret!))) {
      return refuse(reply, 403, errors.StudioCsrfToken());
    }
    request.studio = { ...signedIn, cookie: kind };
  });

  // After the body is read: the file a write names, in its body or its query.
  app.addHook("preHandler", async (request, reply) => {
    if (!writers || !request.studio || !isWrite(request)) return;
    const named = [(request.body as { file?: unknown } | null | undefined)?.file, (request.query as { file?: unknown } | undefined)?.file].filter((f): f is string => typeof f === "string");
    for (const file of named) {
      const only = writers(file);
      if (only && !mayUse(request.studio.user.role, only.least)) return refuse(reply, 403, only.error(request.studio.user.role));
    }
  });

  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return refuse(reply, 413, errors.StudioTooLarge());
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return refuse(reply, 415, errors.StudioNotJson());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return refuse(reply, 400, errors.StudioBadRequest("The request body could not be read as one JSON object."));
    if (isDatabaseUnavailable(error)) return refuse(reply.header("Retry-After", "10"), 503, errors.DatabaseUnavailable());
    request.log.error({ err: error }, "studio request failed");
    return refuse(reply, 500, errors.StudioFailed());
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A studio route's declaration: the least role it needs (server/studio/guard.ts). */
    least?: Least;
  }
  interface FastifyRequest {
    /** Who is signed in, on a studio route that needs a role (set by the guard). */
    studio?: SignedIn & { cookie: CookieKind };
  }
}
