/**
 * Solved proof-of-work challenges already taken, in the database so every process sharing it
 * agrees: a challenge is spent by one insert, and the primary key refuses the second.
 */
import type { Db } from "./database.ts";

/**
 * Drops challenges that have expired: the signature refuses those by itself, so their rows
 * guard nothing. Expiry is the signing process's clock, so this one's is compared with it.
 */
export async function dropExpiredChallenges(db: Db): Promise<void> {
  await db.deleteFrom("form_pow_replays").where("expires_at_ms", "<", Date.now()).execute();
}

/**
 * Marks a challenge as taken; false when it already was (a replay). Expired rows are dropped
 * on the way, and by the retention pass (./retention.ts) when no form takes challenges any more.
 */
export async function spendChallenge(db: Db, challenge: string, expiresAtMs: number): Promise<boolean> {
  await dropExpiredChallenges(db);
  const inserted = await db
    .insertInto("form_pow_replays")
    .values({ challenge, expires_at_ms: expiresAtMs })
    .onConflict((c) => c.column("challenge").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
