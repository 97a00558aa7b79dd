/**
 * @fastify/rate-limit's counter kept in PostgreSQL, so every server process on one database
 * counts a client's submissions together. PostgreSQL, not Redis: several processes already
 * need it, one upsert per submission is nothing beside the insert that follows, and no
 * second service has to be run, secured and watched. Windows run on the database's clock.
 * One process on SQLite keeps the plugin's in-memory counter.
 */
import { createHash } from "node:crypto";
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { sql } from "kysely";
import { type Db, sqlNowMs } from "./database.ts";

/** Client addresses are not kept in the clear, even for the minute a window lasts. */
const hashKey = (key: string) => createHash("sha256").update(`rate-limit:${key}`).digest("hex").slice(0, 32);

/** A store class for the plugin's `store` option, counting in `db`. */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = sqlNowMs(db);
      // One statement: a window that has ended starts again at 1, otherwise one more hit.
      sql<{ hits: number | string; ttl: number | string }>`
        insert into rate_limits (key, hits, resets_at_ms) values (${hashKey(key)}, 1, ${now} + ${timeWindow})
        on conflict (key) do update set
          hits = case when rate_limits.resets_at_ms <= ${now} then 1 else rate_limits.hits + 1 end,
          resets_at_ms = case when rate_limits.resets_at_ms <= ${now} then excluded.resets_at_ms else rate_limits.resets_at_ms end
        returning hits, resets_at_ms - ${now} as ttl`
        .execute(db)
        .then(({ rows: [row] }) => callback(null, { current: Number(row!.hits), ttl: Math.max(0, Number(row!.ttl)) }))
        .catch((error: Error) => callback(error));
    }

    /** Every route counts in the same budget: a client's submissions to any form add up. */
    child() {
      return this;
    }
  };
}
