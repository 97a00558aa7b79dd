/**
 * How long data is kept, and the pass that deletes what is older. Submissions: their form's
 * `retentionDays` in content (counted from when the person last sent it; no setting keeps
 * them until erased). Sent notifications (already emptied of their text) and dead letters:
 * days from the environment. Rate-limit windows and spent proof-of-work challenges once they
 * have ended. The server runs the pass at start and every few hours; every
 * process may run it, since deleting is idempotent.
 */
import { sql } from "kysely";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { type Db, sqlNow, sqlNowMs } from "./database.ts";
import { dropExpiredChallenges } from "./pow-replays.ts";

export interface RetentionPeriods {
  /** Days a sent notification's row (time, attempts; no text) is kept. */
  sentDays: number;
  /** Days a dead letter is kept for someone to look at (npm run submissions -- outbox). */
  deadDays: number;
}

export const DEFAULT_RETENTION: RetentionPeriods = { sentDays: 30, deadDays: 90 };

const DAY_MS = 86_400_000;

export interface PruneReport {
  /** Submissions deleted, per form (forms with none left out). */
  submissions: Record<string, number>;
  /** Files sent with them. */
  files: number;
  outbox: number;
}

export async function pruneExpired(db: Db, forms: readonly Pick<ResolvedForm, "id" | "retentionDays">[], periods: RetentionPeriods): Promise<PruneReport> {
  const report: PruneReport = { submissions: {}, files: 0, outbox: 0 };
  for (const form of forms) {
    if (form.retentionDays === undefined) continue;
    const cutoff = sqlNow(db, -form.retentionDays * DAY_MS);
    // Files and their submissions together: both or neither (SQLite does not enforce the foreign key's cascade).
    const [files, submissions] = await db.transaction().execute(async (trx) => [
      await trx
        .deleteFrom("submission_files")
        .where("submission_id", "in", (eb) => eb.selectFrom("submissions").select("id").where("form", "=", form.id).where("updated_at", "<", cutoff))
        .executeTakeFirst(),
      await trx.deleteFrom("submissions").where("form", "=", form.id).where("updated_at", "<", cutoff).executeTakeFirst(),
    ]);
    report.files += Number(files!.numDeletedRows);
    if (submissions!.numDeletedRows > 0n) report.submissions[form.id] = Number(submissions!.numDeletedRows);
  }
  const sent = await db.deleteFrom("outbox").where("sent_at", "<", sqlNow(db, -periods.sentDays * DAY_MS)).executeTakeFirst();
  const dead = await db.deleteFrom("outbox").where("dead_at", "<", sqlNow(db, -periods.deadDays * DAY_MS)).executeTakeFirst();
  report.outbox = Number(sent.numDeletedRows) + Number(dead.numDeletedRows);
  // Rate-limit windows that ended (kept a minute longer: a window is at most a minute).
  await db.deleteFrom("rate_limits").where("resets_at_ms", "<", sql<number>`${sqlNowMs(db)} - 60000`).execute();
  // Spent proof-of-work challenges that have expired (a form's proofOfWork: true).
  await dropExpiredChallenges(db);
  return report;
}
