/**
 * The studio's people and their one-time links. An account starts invited (no password): its
 * invitation link sets the first password; a reset link sets a new one and ends every session.
 * A link is good for 24 hours and once; issuing a new one retires the older ones. Shared by
 * the studio's API (server/studio/api.ts) and `npm run users` (scripts/users.ts).
 */
import { sql } from "kysely";
import { type Db, sqlNow, type Tables } from "../../storage/database.ts";
import { uuidv7 } from "../../storage/ids.ts";
import { normalizeEmail } from "../../storage/submissions.ts";
import type { Account } from "../../../schemas/studio.ts";
import { errors, type ErrorData } from "../../../src/errors/catalogue.ts";
import type { Role } from "../roles.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { hashSecret, newSecret } from "./secrets.ts";
import { endSessionsOf } from "./sessions.ts";

export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** An account as the API and the CLI show it (schemas/studio.ts): never its password hash. */
export type { Account };

type UserRow = { id: string; email: string; name: string; role: string; password_hash: string | null; disabled_at: string | null; created_at: string };

export const toAccount = (row: UserRow): Account => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as Role,
  status: row.disabled_at !== null ? "disabled" : row.password_hash === null ? "invited" : "active",
  createdAt: row.created_at,
});

const userColumns = ["id", "email", "name", "role", "password_hash", "disabled_at", "created_at"] as const;

/** A one-time link's secret and when it stops working; the token goes in the link, only its hash is stored. */
export interface IssuedLink {
  token: string;
  expiresAt: string;
}

/** A new link and whose it is. */
export interface Issued {
  account: Account;
  link: IssuedLink;
}

/**
 * Runs in the transaction that issued a link (the studio queues its email there): the link and
 * its email are stored together or not at all.
 */
export type AfterIssue = (trx: Db, issued: Issued) => Promise<void>;

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorData; status: number };
const refused = (status: number, error: ErrorData): Outcome<never> => ({ ok: false, status, error });

export async function listAccounts(db: Db): Promise<Account[]> {
  return (await db.selectFrom("studio_users").select(userColumns).orderBy("email").execute()).map(toAccount);
}

export async function findAccount(db: Db, by: { id: string } | { email: string }) {
  const query = db.selectFrom("studio_users").select(userColumns);
  const row = await ("id" in by ? query.where("id", "=", by.id) : query.where("email", "=", normalizeEmail(by.email))).executeTakeFirst();
  return row && { ...row, account: toAccount(row) };
}

/** A new account, invited: it can sign in once the invitation's link has set its password. */
export async function inviteAccount(db: Db, person: { email: string; name: string; role: Role }, afterIssue?: AfterIssue): Promise<Outcome<Issued>> {
  const email = normalizeEmail(person.email);
  return db.transaction().execute(async (trx) => {
    const now = sqlNow(trx);
    const inserted = await trx
      .insertInto("studio_users")
      .values({ id: uuidv7(), email, name: person.name.trim(), role: person.role, password_hash: null, disabled_at: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning(userColumns)
      .executeTakeFirst();
    if (!inserted) return refused(409, errors.StudioUserExists(email));
    const issued = { account: toAccount(inserted), link: await issueLink(trx, inserted.id, "invitation") };
    await afterIssue?.(trx, issued);
    return { ok: true, value: issued };
  });
}

/**
 * A password reset link for an existing account (an invited one gets a fresh invitation);
 * earlier unused links of the account stop working.
 */
export async function issueResetLink(db: Db, email: string, afterIssue?: AfterIssue): Promise<Outcome<Issued>> {
  const found = await findAccount(db, { email });
  if (!found) return refused(404, errors.StudioUserNotFound(normalizeEmail(email)));
  if (found.disabled_at !== null) return refused(409, errors.StudioBadRequest(`${found.email} is disabled; it cannot be given a link.`));
  const purpose = found.password_hash === null ? "invitation" : "reset";
  const issued = await db.transaction().execute(async (trx) => {
    const value = { account: found.account, link: await issueLink(trx, found.id, purpose) };
    await afterIssue?.(trx, value);
    return value;
  });
  return { ok: true, value: issued };
}

/** What a one-time link does: set a password (an invitation, a reset), or sign the local owner in (../local.ts). */
export type LinkPurpose = Tables["studio_tokens"]["purpose"];

/** A new one-time link for the account; its earlier unused ones stop working. */
export async function issueLink(db: Db, userId: string, purpose: LinkPurpose, lifetimeMs = LINK_LIFETIME_MS): Promise<IssuedLink> {
  const token = newSecret();
  await db.updateTable("studio_tokens").set({ used_at: sqlNow(db) }).where("user_id", "=", userId).where("used_at", "is", null).execute();
  const { expires_at } = await db
    .insertInto("studio_tokens")
    .values({ token_hash: hashSecret(token), user_id: userId, purpose, created_at: sqlNow(db), expires_at: sqlNow(db, lifetimeMs), used_at: null })
    .returning("expires_at")
    .executeTakeFirstOrThrow();
  return { token, expiresAt: expires_at };
}

/** The links that set a password; a local sign-in link never does. */
const PASSWORD_LINKS: LinkPurpose[] = ["invitation", "reset"];

/**
 * Sets a password with a one-time link's token: the token is used up in the same statement
 * that checks it (so two uses at once cannot both succeed), the password is checked, and
 * every session of the account ends. A wrong, expired or used token: StudioLinkInvalid.
 */
export async function setPasswordWithLink(db: Db, token: string, password: string): Promise<Outcome<Account>> {
  const hash = hashSecret(token);
  // Check the password before using up the link, so a refused one leaves the link working.
  const holder = await db
    .selectFrom("studio_tokens")
    .innerJoin("studio_users", "studio_users.id", "studio_tokens.user_id")
    .select(["studio_users.email"])
    .where("token_hash", "=", hash)
    .where("purpose", "in", PASSWORD_LINKS)
    .where("used_at", "is", null)
    .where("expires_at", ">", sqlNow(db))
    .where("studio_users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!holder) return refused(400, errors.StudioLinkInvalid());
  const problem = passwordProblem(password, holder.email);
  if (problem) return refused(400, errors.StudioWeakPassword(problem));
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("studio_tokens")
      .set({ used_at: sqlNow(trx) })
      .where("token_hash", "=", hash)
      .where("purpose", "in", PASSWORD_LINKS)
      .where("used_at", "is", null)
      .where("expires_at", ">", sqlNow(trx))
      .returning("user_id")
      .executeTakeFirst();
    if (!used) return refused(400, errors.StudioLinkInvalid());
    const row = await trx
      .updateTable("studio_users")
      .set({ password_hash: passwordHash, updated_at: sqlNow(trx) })
      .where("id", "=", used.user_id)
      .where("disabled_at", "is", null)
      .returning(userColumns)
      .executeTakeFirst();
    if (!row) return refused(400, errors.StudioLinkInvalid());
    await endSessionsOf(trx, row.id);
    return { ok: true, value: toAccount(row) };
  });
}

/** Stores a new hash of the same password (re-hashing with today's parameters at sign-in). */
export async function replacePasswordHash(db: Db, userId: string, passwordHash: string) {
  await db.updateTable("studio_users").set({ password_hash: passwordHash, updated_at: sqlNow(db) }).where("id", "=", userId).execute();
}

export async function changeRole(db: Db, by: { id: string } | { email: string }, role: Role): Promise<Outcome<Account>> {
  const found = await findAccount(db, by);
  if (!found) return refused(404, errors.StudioUserNotFound("id" in by ? "with this id" : normalizeEmail(by.email)));
  const row = await db.updateTable("studio_users").set({ role, updated_at: sqlNow(db) }).where("id", "=", found.id).returning(userColumns).executeTakeFirstOrThrow();
  return { ok: true, value: toAccount(row) };
}

/** Disables an account: it cannot sign in, its links stop working, and all its sessions end at once. */
export async function disableAccount(db: Db, by: { id: string } | { email: string }): Promise<Outcome<{ account: Account; sessionsEnded: number }>> {
  const found = await findAccount(db, by);
  if (!found) return refused(404, errors.StudioUserNotFound("id" in by ? "with this id" : normalizeEmail(by.email)));
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("studio_users")
      .set({ disabled_at: sql<string>`coalesce(disabled_at, ${sqlNow(trx)})`, updated_at: sqlNow(trx) })
      .where("id", "=", found.id)
      .returning(userColumns)
      .executeTakeFirstOrThrow();
    await trx.updateTable("studio_tokens").set({ used_at: sqlNow(trx) }).where("user_id", "=", found.id).where("used_at", "is", null).execute();
    const sessionsEnded = await endSessionsOf(trx, found.id);
    return { ok: true, value: { account: toAccount(row), sessionsEnded } };
  });
}
