/**
 * The visitor id: a truncated SHA-256 of the day's random salt, the site, the client's
 * address and its User-Agent. The same browser on the same day gets the same id, so it is
 * one visitor however many pages it views; tomorrow's salt makes tomorrow's id unrelated, and
 * once a salt is deleted (two days on) no one, the site included, can link an id to an
 * address again. The address itself is never stored.
 *
 * Salts live in the database (analytics_salts), one per UTC day, so every process counting
 * for the site hashes with the same one: the first to need a day's salt writes it, the others
 * read it (insert … on conflict do nothing).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../storage/database.ts";

/** Hex characters kept of the hash: 64 bits, enough to tell a busy site's daily visitors apart. */
const ID_LENGTH = 16;

/** How many days' salts exist at once: today's and yesterday's (a visit across midnight, a late conversion). */
export const SALT_DAYS = 2;

/** A UTC day as the tables name it: 2026-11-28. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` before `day`. */
export const daysBefore = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));

export function visitorId(salt: string, site: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${site.toLowerCase()}\n${address}\n${userAgent}`).digest("hex").slice(0, ID_LENGTH);
}

/** The salts of one process: read once per day from the database, shared by every process. */
export function saltKeeper(db: Db) {
  const known = new Map<string, Promise<string>>();
  return {
    /** The day's salt, made if no process has made it yet. */
    salt(day: string): Promise<string> {
      let salt = known.get(day);
      if (!salt) {
        salt = daySalt(db, day);
        salt.catch(() => known.delete(day));
        known.set(day, salt);
        // Only the days that can still be asked for stay in memory.
        for (const old of known.keys()) if (old < daysBefore(day, SALT_DAYS - 1)) known.delete(old);
      }
      return salt;
    },
    /** The day's salt only if some process already made it (a lookup never makes one). */
    async existing(day: string): Promise<string | undefined> {
      const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirst();
      return row?.salt;
    },
  };
}
export type SaltKeeper = ReturnType<typeof saltKeeper>;

async function daySalt(db: Db, day: string): Promise<string> {
  await db
    .insertInto("analytics_salts")
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts older than SALT_DAYS days before `today`: the ids made with them can no longer be linked to anyone. */
export async function deleteOldSalts(db: Db, today: string): Promise<number> {
  const result = await db.deleteFrom("analytics_salts").where("day", "<=", daysBefore(today, SALT_DAYS)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
