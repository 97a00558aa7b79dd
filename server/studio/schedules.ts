/**
 * Scheduled publishes, kept in the database (migration 0011_studio_schedules): a draft's data
 * as it was when scheduled, with the file's version it began from, to be published at a time.
 * Every studio process on the database runs due schedules (./schedules-runner.ts); one claims
 * a schedule with a lease on the database's clock, as the outbox leases its messages, so each
 * runs once however many processes there are and however far their own clocks are off.
 *
 *   pending ─► done (commit) | failed (error) | cancelled
 *
 * A schedule being run (its lease held) cannot be cancelled; a cancelled one is never claimed.
 */
import { createHash } from "node:crypto";
import type { ErrorData } from "../../src/errors/catalogue.ts";
import { errors } from "../../src/errors/catalogue.ts";
import type { ScheduleState, ScheduleView } from "../../schemas/studio-schedule.ts";
import type { ExpressionBuilder } from "kysely";
import { type Db, isPostgres, sqlNow, type Tables } from "../storage/database.ts";
import { uuidv7 } from "../storage/ids.ts";
import type { Outcome } from "./auth/accounts.ts";

/** How many finished (done, failed, cancelled) schedules the list shows besides the pending ones. */
export const RECENT_SCHEDULES = 20;

const PENDING: ScheduleState = "pending";

/** No runner holds it: never leased, or its lease ended (a runner that stopped mid-run). */
const unleased = (db: Db) => (eb: ExpressionBuilder<Tables, "studio_schedules">) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", sqlNow(db))]);

/** The database's clock now, ISO-8601 UTC: what `at` is compared with. */
export async function databaseNow(db: Db): Promise<string> {
  const row = await db.selectNoFrom(sqlNow(db).as("now")).executeTakeFirstOrThrow();
  return row.now;
}

const withAuthor = (db: Db) =>
  db
    .selectFrom("studio_schedules")
    .innerJoin("studio_users", "studio_users.id", "studio_schedules.created_by")
    .select([
      "studio_schedules.id",
      "studio_schedules.file",
      "studio_schedules.run_at",
      "studio_schedules.created_at",
      "studio_schedules.state",
      "studio_schedules.commit_sha",
      "studio_schedules.error",
      "studio_schedules.finished_at",
      "studio_users.name",
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof withAuthor>["executeTakeFirstOrThrow"]>>;

const view = (row: Row): ScheduleView => ({
  id: row.id,
  file: row.file,
  at: row.run_at,
  by: { name: row.name },
  createdAt: row.created_at,
  state: row.state as ScheduleState,
  commit: row.commit_sha,
  error: row.error === null ? null : (JSON.parse(row.error) as ErrorData),
  finishedAt: row.finished_at,
});

/**
 * Keeps a schedule: `at` is ISO-8601 UTC, already checked to be in the future. The same request
 * again (same person, page, time, version and data) while its schedule is pending is that
 * schedule, not a second one (`added: false`): a tab whose answer was lost sends it again, and
 * two sent at once make one, the database's unique key deciding (migration 0018).
 */
export async function addSchedule(db: Db, { file, base, data, at, userId }: { file: string; base: string | null; data: unknown; at: string; userId: string }): Promise<{ schedule: ScheduleView; added: boolean }> {
  const json = JSON.stringify(data);
  const requestKey = createHash("sha256").update(JSON.stringify([userId, file, base, at, json])).digest("base64url");
  const inserted = await db
    .insertInto("studio_schedules")
    .values({ id: uuidv7(), file, data: json, base_version: base, run_at: at, created_by: userId, created_at: sqlNow(db), state: PENDING, attempts: 0, request_key: requestKey })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  const row = await withAuthor(db).where("studio_schedules.request_key", "=", requestKey).where("studio_schedules.state", "=", PENDING).executeTakeFirstOrThrow();
  return { schedule: view(row), added: inserted.numInsertedOrUpdatedRows !== 0n };
}

/** Every pending schedule (soonest first), then the most recent finished ones; of one file when given. */
export async function listSchedules(db: Db, { file }: { file?: string } = {}): Promise<ScheduleView[]> {
  const of = (query: ReturnType<typeof withAuthor>) => (file === undefined ? query : query.where("studio_schedules.file", "=", file));
  const pending = await of(withAuthor(db)).where("studio_schedules.state", "=", PENDING).orderBy("studio_schedules.run_at").orderBy("studio_schedules.id").execute();
  const recent = await of(withAuthor(db))
    .where("studio_schedules.state", "!=", PENDING)
    .orderBy("studio_schedules.finished_at", "desc")
    .orderBy("studio_schedules.id", "desc")
    .limit(RECENT_SCHEDULES)
    .execute();
  return [...pending, ...recent].map(view);
}

/** What each pending schedule publishes and when, for the media library's where-used (./media/uses.ts). */
export async function pendingScheduleData(db: Db): Promise<{ file: string; data: unknown; at: string }[]> {
  const rows = await db.selectFrom("studio_schedules").select(["file", "data", "run_at"]).where("state", "=", PENDING).orderBy("run_at").execute();
  return rows.map((row) => ({ file: row.file, data: JSON.parse(row.data) as unknown, at: row.run_at }));
}

/** Cancels a pending schedule that no process is running now. */
export async function cancelSchedule(db: Db, id: string, userId: string): Promise<Outcome<ScheduleView>> {
  const cancelled = await db
    .updateTable("studio_schedules")
    .set({ state: "cancelled", cancelled_by: userId, finished_at: sqlNow(db) })
    .where("id", "=", id)
    .where("state", "=", PENDING)
    .where(unleased(db))
    .executeTakeFirst();
  const row = await withAuthor(db).where("studio_schedules.id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, status: 404, error: errors.StudioScheduleNotFound() };
  if (cancelled.numUpdatedRows === 0n) return { ok: false, status: 409, error: errors.StudioScheduleNotPending(row.state === PENDING ? "being published now" : row.state) };
  return { ok: true, value: view(row) };
}

/** A schedule a runner holds: what to publish, and as whom. */
export interface ClaimedSchedule {
  id: string;
  file: string;
  data: unknown;
  base: string | null;
  /** How many times it has been claimed, this time included. */
  attempts: number;
  author: { id: string; name: string; email: string };
}

/**
 * Claims the soonest due schedule for `leaseMs`, on the database's clock, or none. The row is
 * checked again as it is updated (PostgreSQL re-reads a row another runner changed meanwhile;
 * SQLite has one writer), so two runners never hold it at once; on PostgreSQL the candidate is
 * locked with SKIP LOCKED, so a second runner takes the next one instead of waiting.
 */
export async function claimDue(db: Db, leaseMs: number): Promise<ClaimedSchedule | undefined> {
  const due = (eb: ExpressionBuilder<Tables, "studio_schedules">) => eb.and([eb("state", "=", PENDING), eb("run_at", "<=", sqlNow(db)), unleased(db)(eb)]);
  let candidate = db.selectFrom("studio_schedules").select("id").where(due).orderBy("run_at").orderBy("id").limit(1);
  if (isPostgres(db)) candidate = candidate.forUpdate().skipLocked();
  const claimed = await db
    .updateTable("studio_schedules")
    .set((eb) => ({ lease_until: sqlNow(db, leaseMs), attempts: eb("attempts", "+", 1) }))
    .where("id", "in", candidate)
    .where(due)
    .returning(["id", "file", "data", "base_version", "attempts", "created_by"])
    .executeTakeFirst();
  if (!claimed) return undefined;
  const author = await db.selectFrom("studio_users").select(["id", "name", "email"]).where("id", "=", claimed.created_by).executeTakeFirstOrThrow();
  return { id: claimed.id, file: claimed.file, data: JSON.parse(claimed.data) as unknown, base: claimed.base_version, attempts: Number(claimed.attempts), author };
}

/** Ends a claimed schedule: done with its commit (null: nothing to change), or failed with why. */
export async function finishSchedule(db: Db, id: string, result: { commit: string | null } | { error: ErrorData }) {
  await db
    .updateTable("studio_schedules")
    .set({ state: "commit" in result ? "done" : "failed", commit_sha: "commit" in result ? result.commit : null, error: "error" in result ? JSON.stringify(result.error) : null, lease_until: null, finished_at: sqlNow(db) })
    .where("id", "=", id)
    .where("state", "=", PENDING)
    .execute();
}

/**
 * How long until a schedule may be claimed: the soonest pending one's time, or the end of the
 * lease of one being run elsewhere (ms; 0 when one is due now). Undefined when none is pending.
 */
export async function msUntilNextDue(db: Db): Promise<number | undefined> {
  const now = Date.parse(await databaseNow(db));
  const rows = await db.selectFrom("studio_schedules").select(["run_at", "lease_until"]).where("state", "=", PENDING).orderBy("run_at").limit(100).execute();
  const times = rows.map((row) => Math.max(Date.parse(row.run_at), row.lease_until === null ? 0 : Date.parse(row.lease_until)));
  return times.length === 0 ? undefined : Math.max(0, Math.min(...times) - now);
}

/** Removes a file's draft when it is exactly what a schedule published (later edits are kept). */
export async function discardPublishedDraft(db: Db, file: string, data: unknown) {
  await db.deleteFrom("studio_drafts").where("file", "=", file).where("data", "=", JSON.stringify(data)).execute();
}
