/**
 * Local mode (ADMIN=1: `npm run dev`, `ADMIN=1 npm start`) is the studio on the developer's
 * computer: the same API, guard and screens, with the project's checkout as the content root.
 * Nobody makes an account there: at start the server makes sure of one local owner (an admin,
 * named after the checkout's git identity, so a publish is the developer's own commit), and
 * prints a link that signs this browser in as the owner:
 *
 *   GET /api/studio/sign-in/local?token=…   anyone → 303 to /admin with the session cookie
 *
 * The link is one of the studio's one-time links (./auth/accounts.ts issueLink), of its own
 * purpose: good once, for 15 minutes, and only from this computer: the TCP peer, any client
 * a loopback proxy forwards (Vite's, scripts/dev.ts) and the Host must all be loopback. A
 * password link never signs anyone in, and this one never sets a password.
 */
import { execFileSync } from "node:child_process";
import { userInfo } from "node:os";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { LOCAL_LINK_MINUTES } from "../../schemas/studio.ts";
import { isLoopback } from "../../src/admin/mode.server.ts";
import { errors, type ErrorData } from "../../src/errors/catalogue.ts";
import { ADMIN_PATH } from "../../src/runtime/studio-paths.ts";
import { type Db, sqlNow } from "../storage/database.ts";
import { uuidv7 } from "../storage/ids.ts";
import { normalizeEmail } from "../storage/submissions.ts";
import { type Account, findAccount, issueLink, type IssuedLink } from "./auth/accounts.ts";
import { cookieKind, readCookie } from "./auth/cookie.ts";
import { hashSecret } from "./auth/secrets.ts";
import { endSessionBySecret, type SessionLimits } from "./auth/sessions.ts";
import { openSession } from "./auth/sign-in.ts";
import { sendSignedIn } from "./answers.ts";
import { audit } from "./audit.ts";
import type { Person } from "./git.ts";
import { refuse, STUDIO_API } from "./guard.ts";

/** Long enough to copy the link from the terminal into a browser; a restart prints a new one. */
export const LOCAL_LINK_LIFETIME_MS = LOCAL_LINK_MINUTES * 60 * 1000;

export const LOCAL_SIGN_IN_PATH = "/sign-in/local";

/** The owner's address when the checkout has no git identity. */
export const LOCAL_OWNER_EMAIL = "owner@localhost";

/** The link the terminal prints: the token is in the query, which the request log never writes (server/app.ts). */
export const localSignInLink = (origin: string, token: string) => `${origin.replace(/\/+$/, "")}${STUDIO_API}${LOCAL_SIGN_IN_PATH}?token=${encodeURIComponent(token)}`;

/** Who the local owner is: the checkout's git identity (user.name, user.email), else the system user. */
export function localOwnerIdentity(root: string): Person {
  const config = (key: string) => {
    try {
      return execFileSync("git", ["config", "--get", key], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return "";
    }
  };
  const email = config("user.email");
  const systemUser = (() => {
    try {
      return userInfo().username;
    } catch {
      return "";
    }
  })();
  return { name: config("user.name") || systemUser || "Local owner", email: /^[^\s@]+@[^\s@]+$/.test(email) ? email : LOCAL_OWNER_EMAIL };
}

/**
 * The local owner's account: made the first time, and an admin again (enabled, named as git
 * says) at every start, whatever was changed on the People screen meanwhile. It has no
 * password: only the printed link signs it in.
 */
export async function ensureLocalOwner(db: Db, owner: Person): Promise<Account> {
  const email = normalizeEmail(owner.email);
  const name = owner.name.trim().slice(0, 120);
  const now = sqlNow(db);
  await db
    .insertInto("studio_users")
    .values({ id: uuidv7(), email, name, role: "admin", password_hash: null, disabled_at: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("email").doUpdateSet({ name, role: "admin", disabled_at: null, updated_at: now }))
    .execute();
  return (await findAccount(db, { email }))!.account;
}

/** A new sign-in link for the owner; the one printed before stops working. */
export const issueLocalSignIn = (db: Db, owner: Account): Promise<IssuedLink> => issueLink(db, owner.id, "local-sign-in", LOCAL_LINK_LIFETIME_MS);

/** Uses up a local sign-in link's token in the statement that checks it: whose it was, or undefined. */
async function useLocalSignIn(db: Db, token: string): Promise<string | undefined> {
  const used = await db
    .updateTable("studio_tokens")
    .set({ used_at: sqlNow(db) })
    .where("token_hash", "=", hashSecret(token))
    .where("purpose", "=", "local-sign-in")
    .where("used_at", "is", null)
    .where("expires_at", ">", sqlNow(db))
    .returning("user_id")
    .executeTakeFirst();
  if (!used) return undefined;
  const user = await db.selectFrom("studio_users").select("id").where("id", "=", used.user_id).where("disabled_at", "is", null).executeTakeFirst();
  return user?.id;
}

/** Why a request is not from this computer, or undefined when it is. */
export function notLocal(request: FastifyRequest): ErrorData | undefined {
  // The TCP peer, and the client a loopback proxy says it forwards (request.ip, trustProxy).
  if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip) || !isLoopback(request.hostname)) return errors.StudioLocalOnly();
  return undefined;
}

const querySchema = z.strictObject({ token: z.string().min(1).max(200) });

/** The owner and the route that signs them in; registered in the guarded scope only in local mode. */
export async function localSignIn(app: FastifyInstance, { sessions, owner }: { sessions: SessionLimits; owner: Person }) {
  const db = app.storage.db;
  const account = await ensureLocalOwner(db, owner);

  app.get(LOCAL_SIGN_IN_PATH, { config: { least: "anyone" } }, async (request, reply) => {
    const refusal = notLocal(request);
    if (refusal) return refuse(reply, 403, refusal);
    const query = querySchema.safeParse(request.query);
    const userId = query.success ? await useLocalSignIn(db, query.data.token) : undefined;
    if (!userId) return refuse(reply, 400, errors.StudioLocalLinkInvalid());
    const kind = cookieKind(request)!; // loopback, so the guard found one
    const previous = readCookie(request, kind.name);
    if (previous) await endSessionBySecret(db, previous);
    const { secret } = await openSession(db, userId, request.headers["user-agent"] ?? "", sessions);
    const answered = await sendSignedIn(db, reply, kind, sessions, { userId, secret });
    await audit(request, { action: "sign-in.local", actor: answered.user, target: answered.user.email });
    return reply.redirect(ADMIN_PATH, 303);
  });

  const signIn = async (origin: string) => {
    const link = localSignInLink(origin, (await issueLocalSignIn(db, account)).token);
    return { link, notice: `\n  Studio, signed in as ${account.name}: ${link}\n  (the link works once, within ${LOCAL_LINK_MINUTES} minutes; restart the server for a new one)\n` };
  };
  return { owner: account, signIn };
}
