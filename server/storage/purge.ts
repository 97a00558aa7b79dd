/**
 * After an erasure the erased bytes leave the database's files, not only its rows
 * (docs/forms.md "Export and erasure" says what each engine then guarantees).
 *
 * - SQLite: `secure_delete` (on for every connection, ./database.ts) zeroes what a delete frees
 *   in its pages, but in WAL mode the zeroed pages sit in the WAL beside the rows' earlier
 *   versions until a checkpoint: a TRUNCATE checkpoint copies them into the database file and
 *   empties the WAL.
 * - PostgreSQL: a delete leaves dead tuples in the tables', their TOAST tables' and indexes'
 *   pages. A plain VACUUM only compacts a page, so a tuple at its free end stays readable;
 *   VACUUM FULL writes each table anew and drops the old files (ANALYZE with it replaces
 *   the planner's sample values).
 */
import { sql } from "kysely";
import { type Db, isPostgres } from "./database.ts";

/** The tables an erasure deletes from (./submissions.ts eraseEmail). */
const ERASED_FROM = ["submissions", "submission_files", "outbox"] as const;

/**
 * How long VACUUM FULL waits for its exclusive lock. While it waits, every new read and write of
 * those tables queues behind it (a form's submission among them); and a transaction left open
 * elsewhere would keep it waiting for ever, with the erasure's request. Busy for this long, it
 * gives up: `purged` is false and the same erasure, run again, finishes it.
 */
const PURGE_LOCK_TIMEOUT = "3s";

/**
 * Clears what deletes left in the files. False when it could not be done now (SQLite: a reader
 * held the WAL past the busy timeout; PostgreSQL: the rewrite failed, a lock or the query
 * timeout): the rows are gone all the same, and running it again (the same erasure) finishes it.
 */
export async function purgeDeleted(db: Db): Promise<boolean> {
  try {
    if (isPostgres(db)) {
      // One connection, so the timeout set is the one the VACUUM runs under (VACUUM runs outside a transaction, so SET, not SET LOCAL).
      return await db.connection().execute(async (connection) => {
        await sql`SET lock_timeout = ${sql.lit(PURGE_LOCK_TIMEOUT)}`.execute(connection);
        try {
          await sql`VACUUM (FULL, ANALYZE) ${sql.join(ERASED_FROM.map((t) => sql.table(t)))}`.execute(connection);
          return true;
        } finally {
          await sql`RESET lock_timeout`.execute(connection);
        }
      });
    }
    const { rows } = await sql<{ busy: number; log: number; checkpointed: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    return rows[0]?.busy === 0;
  } catch {
    return false;
  }
}
