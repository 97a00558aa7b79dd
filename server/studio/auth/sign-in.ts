/**
 * Signing in with an email address and a password: throttled first (./throttle.ts), then the
 * password checked (an unknown address costs the same time as a known one), then a new session
 * with a new id. Every failure, whatever its cause, is the same answer.
 */
import { errors, type ErrorData } from "../../../src/errors/catalogue.ts";
import type { Db } from "../../storage/database.ts";
import { replacePasswordHash } from "./accounts.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { endSessionBySecret, pruneSessions, type SessionLimits, startSession } from "./sessions.ts";
import { chargeAttempt, forgiveAttempt, pruneThrottle, type ThrottleSettings } from "./throttle.ts";

export interface SignInAttempt {
  /** Trimmed and lowercased. */
  email: string;
  password: string;
  /** The client's address (request.ip, proxy-aware). */
  address: string;
  userAgent: string;
  /** The session id this browser already sent, if any: it ends, whatever it was (no fixation). */
  previousSecret?: string;
}

export type SignInResult =
  | { ok: true; userId: string; secret: string }
  | { ok: false; status: 401 | 429; error: ErrorData; retryAfterMs?: number };

export async function signIn(db: Db, attempt: SignInAttempt, settings: { throttle: ThrottleSettings; sessions: SessionLimits }): Promise<SignInResult> {
  if (attempt.previousSecret) await endSessionBySecret(db, attempt.previousSecret);
  const charge = await chargeAttempt(db, attempt.email, attempt.address, settings.throttle);
  if (!charge.allowed) return { ok: false, status: 429, error: errors.StudioSignInThrottled(), retryAfterMs: charge.retryAfterMs };
  const user = await db.selectFrom("studio_users").select(["id", "password_hash", "disabled_at"]).where("email", "=", attempt.email).executeTakeFirst();
  const verified = await verifyPassword(attempt.password, user?.password_hash);
  if (!user || !verified.ok || user.disabled_at !== null) return { ok: false, status: 401, error: errors.StudioSignInFailed() };
  if (verified.rehash) await replacePasswordHash(db, user.id, await hashPassword(attempt.password));
  await forgiveAttempt(db, charge.keys);
  // Housekeeping at each success, so old counters do not pile up.
  await pruneThrottle(db, settings.throttle);
  const { secret } = await openSession(db, user.id, attempt.userAgent, settings.sessions);
  return { ok: true, userId: user.id, secret };
}

/**
 * A new session (a new id) for someone who has just proved who they are, by password or
 * passkey; sessions that can no longer be used are cleared meanwhile, so they do not pile up.
 */
export async function openSession(db: Db, userId: string, userAgent: string, sessions: SessionLimits) {
  await pruneSessions(db, sessions);
  return startSession(db, userId, userAgent);
}
