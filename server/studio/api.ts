/**
 * The studio's account API under /api/studio, every route behind the guard (./guard.ts) with
 * the least role it needs:
 *
 *   POST   /sign-in               anyone       { email, password } → 200 { user, csrfToken } and the session cookie
 *   POST   /password              anyone       { token, password } → 200 { user }: an invitation's or a reset's link
 *   GET    /me                    contributor  → { user, csrfToken, session }
 *   POST   /sign-out              contributor  → 204, the cookie removed
 *   GET    /sessions              contributor  → { sessions }: one's own signed-in devices
 *   DELETE /sessions/:id          contributor  → 204: ends one of them
 *   GET    /users                 admin        → { users }
 *   POST   /users                 admin        { email, name, role } → 201 { user, invitation: { link, expiresAt } }
 *   PUT    /users/:id/role        admin        { role } → { user }
 *   POST   /users/:id/disable     admin        → { user, sessionsEnded }
 *   any other path under /api/studio anyone       → 404 StudioNotFound (not the form API's answer)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { changeRoleSchema, inviteSchema, setPasswordSchema, signInSchema } from "../../schemas/studio.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { changeRole, disableAccount, findAccount, inviteAccount, listAccounts, type Outcome, setPasswordWithLink } from "./auth/accounts.ts";
import { clearedCookie, cookieKind, readCookie, sessionCookie } from "./auth/cookie.ts";
import { csrfTokenOf, endOwnSession, endSessionBySecret, listSessions, type SessionLimits } from "./auth/sessions.ts";
import { signIn } from "./auth/sign-in.ts";
import type { ThrottleSettings } from "./auth/throttle.ts";
import { refuse } from "./guard.ts";
import { passwordLink } from "./links.ts";

export interface StudioApiOptions {
  sessions: SessionLimits;
  throttle: ThrottleSettings;
  /** SITE_URL: the base of invitation links; unset, the request's own origin. */
  siteUrl?: string;
}

type Params = { Params: { id: string } };

/** The body as the schema reads it, or a 400 answer naming the first problem. */
function parse<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.output<S> | undefined {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  refuse(reply, 400, errors.StudioBadRequest(`${issue.path.length > 0 ? `${issue.path.join(".")}: ` : ""}${issue.message}`));
  return undefined;
}

/** The signed-in person on a route that needs a role: the guard has set it. */
function signedIn(request: FastifyRequest) {
  if (!request.studio) throw new Error("a studio route that needs a role ran without the guard");
  return request.studio;
}

function answer<T>(reply: FastifyReply, outcome: Outcome<T>, wrap: (value: T) => unknown, status = 200) {
  return outcome.ok ? reply.code(status).send(wrap(outcome.value)) : refuse(reply, outcome.status, outcome.error);
}

export async function studioApi(app: FastifyInstance, { sessions, throttle, siteUrl }: StudioApiOptions) {
  const db = app.storage.db;

  app.post("/sign-in", { config: { least: "anyone" } }, async (request, reply) => {
    const body = parse(signInSchema, request.body, reply);
    if (!body) return reply;
    const kind = cookieKind(request)!; // the guard refused a connection without one
    const result = await signIn(db, { ...body, address: request.ip, userAgent: request.headers["user-agent"] ?? "", previousSecret: readCookie(request, kind.name) }, { throttle, sessions });
    if (!result.ok) {
      if (result.retryAfterMs !== undefined) reply.header("Retry-After", String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      return refuse(reply, result.status, result.error);
    }
    const found = await findAccount(db, { id: result.userId });
    reply.header("Set-Cookie", sessionCookie(kind, result.secret, sessions.absoluteMs));
    return { user: found!.account, csrfToken: csrfTokenOf(result.secret) };
  });

  app.post("/password", { config: { least: "anyone" } }, async (request, reply) => {
    const body = parse(setPasswordSchema, request.body, reply);
    if (!body) return reply;
    return answer(reply, await setPasswordWithLink(db, body.token, body.password), (user) => ({ user }));
  });

  app.get("/me", { config: { least: "contributor" } }, async (request) => {
    const { user, sessionId, createdAt, secret } = signedIn(request);
    return { user, csrfToken: csrfTokenOf(secret), session: { id: sessionId, createdAt } };
  });

  app.post("/sign-out", { config: { least: "contributor" } }, async (request, reply) => {
    const { secret, cookie } = signedIn(request);
    await endSessionBySecret(db, secret);
    return reply.header("Set-Cookie", clearedCookie(cookie)).code(204).send();
  });

  app.get("/sessions", { config: { least: "contributor" } }, async (request) => {
    const { user, sessionId } = signedIn(request);
    return { sessions: await listSessions(db, user.id, sessionId, sessions) };
  });

  app.delete<Params>("/sessions/:id", { config: { least: "contributor" } }, async (request, reply) => {
    const { user, sessionId, cookie } = signedIn(request);
    if (!(await endOwnSession(db, user.id, request.params.id))) return refuse(reply, 404, errors.StudioSessionNotFound());
    if (request.params.id === sessionId) reply.header("Set-Cookie", clearedCookie(cookie));
    return reply.code(204).send();
  });

  app.get("/users", { config: { least: "admin" } }, async () => ({ users: await listAccounts(db) }));

  app.post("/users", { config: { least: "admin" } }, async (request, reply) => {
    const body = parse(inviteSchema, request.body, reply);
    if (!body) return reply;
    const base = siteUrl ?? `${request.protocol}://${request.host}`;
    const invited = await inviteAccount(db, body);
    return answer(reply, invited, ({ account, link }) => ({ user: account, invitation: { link: passwordLink(base, link.token), expiresAt: link.expiresAt } }), 201);
  });

  app.put<Params>("/users/:id/role", { config: { least: "admin" } }, async (request, reply) => {
    const body = parse(changeRoleSchema, request.body, reply);
    if (!body) return reply;
    if (request.params.id === signedIn(request).user.id) return refuse(reply, 409, errors.StudioNotOnYourself("change the role of"));
    return answer(reply, await changeRole(db, { id: request.params.id }, body.role), (user) => ({ user }));
  });

  app.post<Params>("/users/:id/disable", { config: { least: "admin" } }, async (request, reply) => {
    if (request.params.id === signedIn(request).user.id) return refuse(reply, 409, errors.StudioNotOnYourself("disable"));
    return answer(reply, await disableAccount(db, { id: request.params.id }), ({ account, sessionsEnded }) => ({ user: account, sessionsEnded }));
  });

  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    config: { least: "anyone" },
    handler: async (_request, reply) => refuse(reply, 404, errors.StudioNotFound()),
  });
}
