/**
 * The studio's passkey API under /api/studio (./auth/passkeys.ts), every route behind the guard:
 *
 *   POST   /passkeys/options          contributor  → the options for the browser to make a passkey (navigator.credentials.create)
 *   POST   /passkeys                  contributor  { name, response } → 201 { passkey }
 *   GET    /passkeys                  contributor  → { passkeys }: one's own
 *   DELETE /passkeys/:id              contributor  → 204
 *   POST   /passkeys/sign-in/options  anyone       → the options for the browser to sign in with a passkey (navigator.credentials.get);
 *                                                   throttled per client address (./auth/throttle.ts), 429 StudioSignInThrottled
 *   POST   /passkeys/sign-in          anyone       { response } → 200 { user, csrfToken } and the session cookie, as /sign-in
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { passkeyRegistrationSchema, passkeySignInSchema } from "../../schemas/studio.ts";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { errors } from "../../src/errors/catalogue.ts";
import { cookieKind, readCookie } from "./auth/cookie.ts";
import { listPasskeys, registerPasskey, registrationOptions, relyingParty, removePasskey, signInOptions, verifyPasskeySignIn } from "./auth/passkeys.ts";
import { endSessionBySecret, type SessionLimits } from "./auth/sessions.ts";
import { openSession } from "./auth/sign-in.ts";
import { answer, parse, sendSignedIn, signedIn } from "./answers.ts";
import { audit } from "./audit.ts";
import { chargeAttempt, DEFAULT_PASSKEY_THROTTLE, forgiveAttempt, throttleKeys } from "./auth/throttle.ts";
import { refuse, refuseThrottled } from "./guard.ts";

export interface PasskeysApiOptions {
  sessions: SessionLimits;
  /** SITE_URL: its host is the passkeys' RP ID; unset, `localhost`. */
  siteUrl?: string;
  /** What the browser shows when it asks for a passkey. */
  rpName: string;
}

/** A new passkey's answer carries its attestation: more than an account call's 16 kB may be needed. */
const REGISTRATION_BODY_LIMIT = 64 * 1024;

export async function passkeysApi(app: FastifyInstance, { sessions, siteUrl, rpName }: PasskeysApiOptions) {
  const db = app.storage.db;
  const rpOf = (request: FastifyRequest) => relyingParty(siteUrl, request, rpName);

  app.post("/passkeys/options", { config: { least: "contributor" } }, async (request, reply) => {
    const rp = rpOf(request);
    if (!rp.ok) return refuse(reply, rp.status, rp.error);
    return registrationOptions(db, rp.value, signedIn(request).user);
  });

  app.post("/passkeys", { config: { least: "contributor" }, bodyLimit: REGISTRATION_BODY_LIMIT }, async (request, reply) => {
    const body = parse(passkeyRegistrationSchema, request.body, reply);
    if (!body) return reply;
    const rp = rpOf(request);
    if (!rp.ok) return refuse(reply, rp.status, rp.error);
    const added = await registerPasskey(db, rp.value, signedIn(request).user.id, body.name, body.response as unknown as RegistrationResponseJSON);
    if (added.ok) await audit(request, { action: "passkey.add", target: signedIn(request).user.email, detail: { passkey: added.value.id, name: added.value.name } });
    return answer(reply, added, (passkey) => ({ passkey }), 201);
  });

  app.get("/passkeys", { config: { least: "contributor" } }, async (request) => ({ passkeys: await listPasskeys(db, signedIn(request).user.id) }));

  app.delete<{ Params: { id: string } }>("/passkeys/:id", { config: { least: "contributor" } }, async (request, reply) => {
    if (!(await removePasskey(db, signedIn(request).user.id, request.params.id))) return refuse(reply, 404, errors.StudioPasskeyNotFound());
    await audit(request, { action: "passkey.remove", target: signedIn(request).user.email, detail: { passkey: request.params.id } });
    return reply.code(204).send();
  });

  app.post("/passkeys/sign-in/options", { config: { least: "anyone" } }, async (request, reply) => {
    const rp = rpOf(request);
    if (!rp.ok) return refuse(reply, rp.status, rp.error);
    const charge = await chargeAttempt(db, undefined, request.ip, DEFAULT_PASSKEY_THROTTLE, "passkey-sign-in");
    if (!charge.allowed) return refuseThrottled(reply, charge.retryAfterMs, errors.StudioSignInThrottled());
    return signInOptions(db, rp.value);
  });

  app.post("/passkeys/sign-in", { config: { least: "anyone" } }, async (request, reply) => {
    const body = parse(passkeySignInSchema, request.body, reply);
    if (!body) return reply;
    const rp = rpOf(request);
    if (!rp.ok) return refuse(reply, rp.status, rp.error);
    const kind = cookieKind(request)!; // the guard refused a connection without one
    // Whatever this browser's session was, it ends (no fixation), as with a password.
    const previous = readCookie(request, kind.name);
    if (previous) await endSessionBySecret(db, previous);
    const verified = await verifyPasskeySignIn(db, rp.value, body.response as unknown as AuthenticationResponseJSON);
    if (!verified.ok) return refuse(reply, verified.status, verified.error);
    // A sign-in that worked gives its challenge back to the address's count.
    await forgiveAttempt(db, throttleKeys(undefined, request.ip, DEFAULT_PASSKEY_THROTTLE, "passkey-sign-in"));
    const { secret } = await openSession(db, verified.value.userId, request.headers["user-agent"] ?? "", sessions);
    const answered = await sendSignedIn(db, reply, kind, sessions, { userId: verified.value.userId, secret });
    await audit(request, { action: "sign-in.passkey", actor: answered.user, target: answered.user.email });
    return answered;
  });
}
