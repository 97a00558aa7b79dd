/**
 * Solved proof-of-work challenges already taken, in the database so every process sharing it
 * agrees: a challenge is spent by one insert, and the primary key refuses the second.
 */
import type { Db } from "./database.ts";

/**
 * Marks a challenge as taken; false when it already was (a replay). Rows whose challenge has
 * expired are dropped on the way: the signature refuses those by itself.
 */
export async function spendChallenge(db: Db, challenge: string, expiresAtMs: number): Promise<boolean> {
  await db.deleteFrom("form_pow_replays").where("expires_at_ms", "<", Date.now()).execute();
  const inserted = await db
    .insertInto("form_pow_replays")
    .values({ challenge, expires_at_ms: expiresAtMs })
    .onConflict((c) => c.column("challenge").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
