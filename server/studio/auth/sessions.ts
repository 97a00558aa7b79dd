/**
 * Signed-in sessions, kept in the site's database so every server process agrees. The cookie
 * carries a random session id; the table keeps only its hash. A session ends when signed out,
 * revoked, unused for `idleMs`, older than `absoluteMs`, or when its account is disabled or its
 * password reset. Times are the database's clock, like every stored time here.
 */
import type { SessionView } from "../../../schemas/studio.ts";
import { type Db, sqlNow } from "../../storage/database.ts";
import { uuidv7 } from "../../storage/ids.ts";
import type { Role } from "../roles.ts";
import { hashSecret, newSecret } from "./secrets.ts";

export interface SessionLimits {
  /** A session unused this long ends (ms). */
  idleMs: number;
  /** A session ends this long after sign-in, however busy (ms). */
  absoluteMs: number;
}

/** OWASP's session guidance: an idle timeout of minutes, an absolute one of a working day. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60 * 1000, absoluteMs: 8 * 60 * 60 * 1000 };

/** Who is signed in, as the guard hands it to a route. */
export interface SignedIn {
  sessionId: string;
  /** The cookie's secret: the CSRF token is derived from it. */
  secret: string;
  user: { id: string; email: string; name: string; role: Role };
  createdAt: string;
}

/** The CSRF token of a session: bound to it, and worthless without its cookie. Not stored. */
export const csrfTokenOf = (secret: string) => hashSecret(`csrf:${secret}`);

/** A new session for the user; the secret goes into the cookie. */
export async function startSession(db: Db, userId: string, userAgent: string): Promise<{ id: string; secret: string }> {
  const secret = newSecret();
  const id = uuidv7();
  await db
    .insertInto("studio_sessions")
    .values({ id, secret_hash: hashSecret(secret), user_id: userId, user_agent: userAgent.slice(0, 200), created_at: sqlNow(db), last_seen_at: sqlNow(db) })
    .execute();
  return { id, secret };
}

/**
 * The session a cookie's secret names, if it is live and its account enabled; using it counts
 * as activity, so its idle time starts again.
 */
export async function resumeSession(db: Db, secret: string, limits: SessionLimits): Promise<SignedIn | undefined> {
  const touched = await db
    .updateTable("studio_sessions")
    .set({ last_seen_at: sqlNow(db) })
    .where("secret_hash", "=", hashSecret(secret))
    .where("last_seen_at", ">", sqlNow(db, -limits.idleMs))
    .where("created_at", ">", sqlNow(db, -limits.absoluteMs))
    .returning(["id", "user_id", "created_at"])
    .executeTakeFirst();
  if (!touched) return undefined;
  const user = await db
    .selectFrom("studio_users")
    .select(["id", "email", "name", "role"])
    .where("id", "=", touched.user_id)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!user) return undefined;
  return { sessionId: touched.id, secret, user: { ...user, role: user.role as Role }, createdAt: touched.created_at };
}

/** Ends the session a cookie's secret names (signing out; signing in again from the same browser). */
export async function endSessionBySecret(db: Db, secret: string) {
  await db.deleteFrom("studio_sessions").where("secret_hash", "=", hashSecret(secret)).execute();
}

/** Ends one of the user's own sessions by its public id; false when they have none with it. */
export async function endOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom("studio_sessions").where("id", "=", sessionId).where("user_id", "=", userId).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** Ends every session of a user at once; how many there were. */
export async function endSessionsOf(db: Db, userId: string): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom("studio_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(numDeletedRows);
}

/** Removes sessions that can no longer be used (run at each sign-in, so the table stays small). */
export async function pruneSessions(db: Db, limits: SessionLimits) {
  await db
    .deleteFrom("studio_sessions")
    .where((eb) => eb.or([eb("last_seen_at", "<=", sqlNow(db, -limits.idleMs)), eb("created_at", "<=", sqlNow(db, -limits.absoluteMs))]))
    .execute();
}

/** A session as the owner sees it (schemas/studio.ts). */
export type { SessionView };

/** The user's live sessions ("your signed-in devices"), most recently used first. */
export async function listSessions(db: Db, userId: string, currentId: string, limits: SessionLimits): Promise<SessionView[]> {
  const rows = await db
    .selectFrom("studio_sessions")
    .select(["id", "user_agent", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("last_seen_at", ">", sqlNow(db, -limits.idleMs))
    .where("created_at", ">", sqlNow(db, -limits.absoluteMs))
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, userAgent: row.user_agent, createdAt: row.created_at, lastSeenAt: row.last_seen_at, current: row.id === currentId }));
}
