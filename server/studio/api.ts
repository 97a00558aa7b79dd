/**
 * The studio's account API under /api/studio, every route behind the guard (./guard.ts) with
 * the least role it needs:
 *
 *   POST   /sign-in               anyone       { email, password } → 200 { user, csrfToken } and the session cookie
 *   POST   /password              anyone       { token, password } → 200 { user }: an invitation's or a reset's link
 *   POST   /password-reset        anyone       { email } → 202 { accepted: true } whether or not the account exists; a link mailed if it does
 *   GET    /sign-in-options       anyone       → { resetByMail, local }: whether the sign-in screen offers a reset by email; local mode's printed link
 *   GET    /me                    contributor  → { user, csrfToken, session }
 *   POST   /sign-out              contributor  → 204, the cookie removed; nobody sees them editing any more
 *   GET    /sessions              contributor  → { sessions }: one's own signed-in devices
 *   DELETE /sessions/:id          contributor  → 204: ends one of them
 *   GET    /users                 admin        → { users }
 *   POST   /users                 admin        { email, name, role } → 201 { user, invitation: { expiresAt, mailed, link? } }
 *   PUT    /users/:id/role        admin        { role } → { user }
 *   POST   /users/:id/disable     admin        → { user, sessionsEnded }
 *   any other path under /api/studio anyone       → 404 StudioNotFound (not the form API's answer)
 */
import type { FastifyInstance } from "fastify";
import { changeRoleSchema, inviteSchema, passwordResetSchema, setPasswordSchema, signInSchema, type SignInOptions } from "../../schemas/studio.ts";
import { errors } from "../../src/errors/catalogue.ts";
import type { Agency } from "../notify/messages.ts";
import { changeRole, disableAccount, findAccount, inviteAccount, issueResetLink, listAccounts, setPasswordWithLink } from "./auth/accounts.ts";
import { clearedCookie, cookieKind, readCookie } from "./auth/cookie.ts";
import { csrfTokenOf, endOwnSession, endSessionBySecret, listSessions, type SessionLimits } from "./auth/sessions.ts";
import { signIn } from "./auth/sign-in.ts";
import { chargeAttempt, type ThrottleSettings } from "./auth/throttle.ts";
import { answer, parse, sendSignedIn, signedIn } from "./answers.ts";
import { audit } from "./audit.ts";
import { leaveEverything } from "./documents/presence.ts";
import { refuse, refuseThrottled } from "./guard.ts";
import { passwordLink } from "./links.ts";
import { invitationMail, queueMail, resetMail, type StudioMail } from "./mail.ts";

export interface StudioApiOptions {
  sessions: SessionLimits;
  throttle: ThrottleSettings;
  /** Reset requests' throttle (its own counters). */
  resetThrottle: ThrottleSettings;
  /** The least time a reset request takes to answer, whatever happened, so the time tells nothing. */
  resetAnswerMs: number;
  /** SITE_URL: the base of invitation links; unset, the request's own origin. */
  siteUrl?: string;
  /** Who the studio's email comes from (the agency of build/forms.json). */
  agency: Agency;
  /** Local mode: the owner signs in with the link the server printed (./local.ts). */
  local: boolean;
}

type Params = { Params: { id: string } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function studioApi(app: FastifyInstance, { sessions, throttle, resetThrottle, resetAnswerMs, siteUrl, agency, local }: StudioApiOptions) {
  const db = app.storage.db;
  // Mail goes out when SMTP_URL is set, and only with SITE_URL: a mailed link never takes its
  // address from a request's Host header (./mail.ts).
  const mail: StudioMail | undefined = app.notifications.enabled && siteUrl !== undefined ? { agency, siteUrl } : undefined;
  if (app.notifications.enabled && !mail) app.log.warn("studio: SMTP_URL is set but SITE_URL is not; invitations are shown to the admin, and password resets cannot be mailed");

  app.post("/sign-in", { config: { least: "anyone" } }, async (request, reply) => {
    const body = parse(signInSchema, request.body, reply);
    if (!body) return reply;
    const kind = cookieKind(request)!; // the guard refused a connection without one
    const result = await signIn(db, { ...body, address: request.ip, userAgent: request.headers["user-agent"] ?? "", previousSecret: readCookie(request, kind.name) }, { throttle, sessions });
    if (!result.ok) {
      // A throttled attempt is not recorded: its password was not checked, and the throttle bounds the rows a guesser adds.
      if (result.retryAfterMs !== undefined) return refuseThrottled(reply, result.retryAfterMs, result.error);
      await audit(request, { action: "sign-in.failed", actor: null, target: body.email, detail: { method: "password" } });
      return refuse(reply, result.status, result.error);
    }
    const answered = await sendSignedIn(db, reply, kind, sessions, result);
    await audit(request, { action: "sign-in.password", actor: answered.user, target: answered.user.email });
    return answered;
  });

  app.post("/password", { config: { least: "anyone" } }, async (request, reply) => {
    const body = parse(setPasswordSchema, request.body, reply);
    if (!body) return reply;
    const set = await setPasswordWithLink(db, body.token, body.password);
    if (set.ok) await audit(request, { action: "password.set", actor: set.value, target: set.value.email });
    return answer(reply, set, (user) => ({ user }));
  });

  // The same answer, in about the same time, whether or not the address has an account, and
  // throttled before the address is looked up: nothing tells a stranger which addresses exist.
  app.post("/password-reset", { config: { least: "anyone" } }, async (request, reply) => {
    const body = parse(passwordResetSchema, request.body, reply);
    if (!body) return reply;
    if (!mail) return refuse(reply, 503, errors.StudioMailOff());
    const started = performance.now();
    const charge = await chargeAttempt(db, body.email, request.ip, resetThrottle, "password-reset");
    if (!charge.allowed) return refuseThrottled(reply, charge.retryAfterMs, errors.StudioResetThrottled());
    // Unknown and disabled addresses are refused here, and nothing is sent.
    const issued = await issueResetLink(db, body.email, queueMail("studio-password-reset", (issued) => resetMail(mail, issued)));
    if (issued.ok) {
      app.notifications.kick();
      await audit(request, { action: "password.reset", actor: null, target: issued.value.account.email, detail: { mailed: true } });
    }
    await sleep(resetAnswerMs - (performance.now() - started));
    return reply.code(202).send({ accepted: true });
  });

  app.get("/sign-in-options", { config: { least: "anyone" } }, async (): Promise<SignInOptions> => ({ resetByMail: mail !== undefined, local }));

  app.get("/me", { config: { least: "contributor" } }, async (request) => {
    const { user, sessionId, createdAt, secret } = signedIn(request);
    return { user, csrfToken: csrfTokenOf(secret), session: { id: sessionId, createdAt } };
  });

  app.post("/sign-out", { config: { least: "contributor" } }, async (request, reply) => {
    const { secret, cookie, sessionId, user } = signedIn(request);
    await endSessionBySecret(db, secret);
    await leaveEverything(db, user.id);
    await audit(request, { action: "sign-out", detail: { session: sessionId } });
    return reply.header("Set-Cookie", clearedCookie(cookie)).code(204).send();
  });

  app.get("/sessions", { config: { least: "contributor" } }, async (request) => {
    const { user, sessionId } = signedIn(request);
    return { sessions: await listSessions(db, user.id, sessionId, sessions) };
  });

  app.delete<Params>("/sessions/:id", { config: { least: "contributor" } }, async (request, reply) => {
    const { user, sessionId, cookie } = signedIn(request);
    if (!(await endOwnSession(db, user.id, request.params.id))) return refuse(reply, 404, errors.StudioSessionNotFound());
    await audit(request, { action: "session.revoke", detail: { session: request.params.id } });
    if (request.params.id === sessionId) reply.header("Set-Cookie", clearedCookie(cookie));
    return reply.code(204).send();
  });

  app.get("/users", { config: { least: "admin" } }, async () => ({ users: await listAccounts(db) }));

  app.post("/users", { config: { least: "admin" } }, async (request, reply) => {
    const body = parse(inviteSchema, request.body, reply);
    if (!body) return reply;
    if (mail) {
      const invitedBy = signedIn(request).user.name;
      const invited = await inviteAccount(db, body, queueMail("studio-invitation", (issued) => invitationMail(mail, issued, invitedBy)));
      if (invited.ok) {
        app.notifications.kick();
        await audit(request, { action: "user.invite", target: invited.value.account.email, detail: { role: invited.value.account.role, mailed: true } });
      }
      return answer(reply, invited, ({ account, link }) => ({ user: account, invitation: { expiresAt: link.expiresAt, mailed: true } }), 201);
    }
    // No mail: the admin passes the link on.
    const base = siteUrl ?? `${request.protocol}://${request.host}`;
    const invited = await inviteAccount(db, body);
    if (invited.ok) await audit(request, { action: "user.invite", target: invited.value.account.email, detail: { role: invited.value.account.role, mailed: false } });
    return answer(reply, invited, ({ account, link }) => ({ user: account, invitation: { expiresAt: link.expiresAt, mailed: false, link: passwordLink(base, link.token) } }), 201);
  });

  app.put<Params>("/users/:id/role", { config: { least: "admin" } }, async (request, reply) => {
    const body = parse(changeRoleSchema, request.body, reply);
    if (!body) return reply;
    if (request.params.id === signedIn(request).user.id) return refuse(reply, 409, errors.StudioNotOnYourself("change the role of"));
    const before = await findAccount(db, { id: request.params.id });
    const changed = await changeRole(db, { id: request.params.id }, body.role);
    if (changed.ok) await audit(request, { action: "user.role", target: changed.value.email, detail: { from: before?.account.role, to: changed.value.role } });
    return answer(reply, changed, (user) => ({ user }));
  });

  app.post<Params>("/users/:id/disable", { config: { least: "admin" } }, async (request, reply) => {
    if (request.params.id === signedIn(request).user.id) return refuse(reply, 409, errors.StudioNotOnYourself("disable"));
    const disabled = await disableAccount(db, { id: request.params.id });
    if (disabled.ok) await audit(request, { action: "user.disable", target: disabled.value.account.email, detail: { sessionsEnded: disabled.value.sessionsEnded } });
    return answer(reply, disabled, ({ account, sessionsEnded }) => ({ user: account, sessionsEnded }));
  });

  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    config: { least: "anyone" },
    handler: async (_request, reply) => refuse(reply, 404, errors.StudioNotFound()),
  });
}
