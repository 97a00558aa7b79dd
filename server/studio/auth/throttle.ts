/**
 * Throttling of sign-in attempts and of password reset requests, each counted apart (a `scope`:
 * asking for reset links never slows anyone's sign-in): growing delays, never a hard lockout.
 * Each attempt is counted against three keys, each with its own policy:
 *
 * - the account from this client address: the guesser's own lane, slowed soon and far;
 * - the client address (an IPv6 one by its /64), over all accounts: one address trying many accounts;
 * - the account, over all addresses: guessing spread over many addresses. Its delay stays
 *   short (a minute at most), so a stranger can slow the account's owner down but never
 *   lock them out; their own address lane is untouched by anyone else's failures.
 *
 * After `free` failures a key must wait `firstDelayMs`, doubling with each further failure
 * up to `maxDelayMs`. An attempt is charged before its password is checked (in one
 * transaction, the keys' rows locked), so a burst of parallel guesses is counted like a
 * sequence; a successful sign-in gives the charge back and clears its lane. A key with no
 * failure for `forgetAfterMs` starts again from nothing. Keys are hashed: no address or email
 * is kept here. Times are the database's clock, so several server processes count together.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { type Db, isPostgres, sqlNowMs } from "../../storage/database.ts";

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface ThrottleSettings {
  accountFromAddress: ThrottlePolicy;
  address: ThrottlePolicy;
  account: ThrottlePolicy;
  forgetAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const DEFAULT_THROTTLE: ThrottleSettings = {
  accountFromAddress: { free: 3, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE },
  address: { free: 10, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE },
  account: { free: 20, firstDelayMs: SECOND, maxDelayMs: MINUTE },
  forgetAfterMs: 24 * 60 * MINUTE,
};

/**
 * Reset requests: each one mails a link, and none is given back (there is no "success" to
 * forgive), so the waits are in minutes. The account's own key keeps a stranger from filling
 * its owner's mailbox: a few mails, then waits growing to 15 minutes between two.
 */
export const DEFAULT_RESET_THROTTLE: ThrottleSettings = {
  accountFromAddress: { free: 3, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  address: { free: 10, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  account: { free: 3, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE },
  forgetAfterMs: 24 * 60 * MINUTE,
};

/**
 * Passkey sign-in names no account until its answer is checked, so each challenge asked for is
 * charged to the client's address alone: a client may ask for a few dozen, then waits grow
 * (a stranger asking for many cannot slow anyone else, and cannot fill the challenges' table).
 */
export const DEFAULT_PASSKEY_THROTTLE: ThrottleSettings = {
  ...DEFAULT_THROTTLE,
  address: { free: 30, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE },
};

/** What is being throttled: its keys never meet another scope's. */
export type ThrottleScope = "sign-in" | "password-reset" | "passkey-sign-in";

/** How long a key must wait after its `failures`-th failure. */
export function delayAfter(failures: number, { free, firstDelayMs, maxDelayMs }: ThrottlePolicy): number {
  if (failures <= free) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - free - 1, 40));
}

/**
 * The client's network, as counted: an IPv4 address as it is, an IPv6 one by its /64 (one
 * household or server holds a whole /64, so counting single addresses would count nothing).
 */
export function networkOf(address: string): string {
  const ip = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

const keyOf = (scope: ThrottleScope, text: string) => createHash("sha256").update(`studio-${scope}:${text}`).digest("base64url");

/** The keys an attempt is charged to, with their policies; with no account named, the address's alone. */
export function throttleKeys(email: string | undefined, clientAddress: string, settings: ThrottleSettings, scope: ThrottleScope = "sign-in") {
  const address = networkOf(clientAddress);
  const byAddress = { key: keyOf(scope, `address:${address}`), policy: settings.address, lane: false };
  if (email === undefined) return [byAddress];
  return [
    { key: keyOf(scope, `pair:${email}\n${address}`), policy: settings.accountFromAddress, lane: true },
    byAddress,
    { key: keyOf(scope, `account:${email}`), policy: settings.account, lane: false },
  ].sort((a, b) => (a.key < b.key ? -1 : 1)); // one lock order for every attempt: no deadlocks
}

export type Charge = { allowed: true; keys: ReturnType<typeof throttleKeys> } | { allowed: false; retryAfterMs: number };

/** Counts one attempt (a sign-in, by default), or says how long to wait when one of its keys must wait. */
export async function chargeAttempt(db: Db, email: string | undefined, address: string, settings: ThrottleSettings = DEFAULT_THROTTLE, scope: ThrottleScope = "sign-in"): Promise<Charge> {
  const keys = throttleKeys(email, address, settings, scope);
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("studio_sign_in_throttle")
      .values(keys.map(({ key }) => ({ key, failures: 0, next_at_ms: 0, last_at_ms: 0 })))
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    let query = trx
      .selectFrom("studio_sign_in_throttle")
      .select(["key", "failures", "next_at_ms", "last_at_ms", sqlNowMs(trx).as("now_ms")])
      .where("key", "in", keys.map(({ key }) => key))
      .orderBy("key");
    if (isPostgres(trx)) query = query.forUpdate();
    const rows = await query.execute();
    const now = Number(rows[0]!.now_ms);
    const wait = Math.max(0, ...rows.map((row) => Number(row.next_at_ms) - now));
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    for (const { key, policy } of keys) {
      const row = rows.find((r) => r.key === key)!;
      const failures = now - Number(row.last_at_ms) > settings.forgetAfterMs ? 1 : row.failures + 1;
      await trx
        .updateTable("studio_sign_in_throttle")
        .set({ failures, next_at_ms: now + delayAfter(failures, policy), last_at_ms: now })
        .where("key", "=", key)
        .execute();
    }
    return { allowed: true, keys };
  });
}

/** After a successful sign-in: its lane starts again, and the other keys get this attempt back. */
export async function forgiveAttempt(db: Db, keys: ReturnType<typeof throttleKeys>) {
  await db.transaction().execute(async (trx) => {
    for (const { key, policy, lane } of keys) {
      if (lane) {
        await trx.deleteFrom("studio_sign_in_throttle").where("key", "=", key).execute();
        continue;
      }
      const row = await trx.selectFrom("studio_sign_in_throttle").select("failures").where("key", "=", key).executeTakeFirst();
      if (!row || row.failures === 0) continue;
      const failures = row.failures - 1;
      await trx
        .updateTable("studio_sign_in_throttle")
        .set({ failures, ...(delayAfter(failures, policy) === 0 && { next_at_ms: 0 }) })
        .where("key", "=", key)
        .execute();
    }
  });
}

/** Removes counters (of every scope) untouched for longer than `forgetAfterMs`. */
export async function pruneThrottle(db: Db, settings: ThrottleSettings = DEFAULT_THROTTLE) {
  await db.deleteFrom("studio_sign_in_throttle").where("last_at_ms", "<", sql<number>`${sqlNowMs(db)} - ${settings.forgetAfterMs}`).execute();
}
