/**
 * Runs due scheduled publishes in the studio process (./schedules.ts keeps them). It wakes at
 * the soonest schedule's time (or every `pollMs`, for schedules other processes added), claims
 * one due schedule at a time with a lease on the database's clock, and publishes it through
 * the same path as the Publish button (./publish.ts: the check, the minimal-diff write, the
 * commit with the person who scheduled it as author, the rebuild).
 *
 * Once, across processes and crashes:
 * - the lease keeps two runners from holding one schedule; a runner killed mid-run leaves its
 *   lease to expire, and another (or itself, restarted) claims the schedule again;
 * - the commit carries a mark, `Studio-Schedule: <id>`, so a schedule claimed again after its
 *   commit was made (a crash between the commit and the database's update) is found done in
 *   git and only marked so (and served), never published twice.
 *
 * The new images (uploaded, not published yet) the data names are published with it, in its
 * commit, as a publish does (./media/library.ts stageNewIn): as the library has them at its time.
 * One published meanwhile is simply there; one deleted meanwhile fails the schedule with
 * StudioScheduleImageGone before anything is written.
 *
 * A file changed since the schedule's version fails it with StudioScheduleChangedSince, shown in
 * the studio's list; nothing is overwritten. Any other refusal (errors, a dirty tree, git) fails
 * it with its own error, everything it wrote put back. A thrown error (the database or the media
 * store away) leaves the lease to expire and the schedule to be tried again, `maxAttempts` times at most.
 */
import type { FastifyBaseLogger } from "fastify";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import type { Db } from "../storage/database.ts";
import { recordAudit } from "./audit.ts";
import { resolvePublished } from "./reviews.ts";
import type { ContentGit } from "./git.ts";
import type { Publisher } from "./publish.ts";
import type { MediaLibrary, Staged } from "./media/library.ts";
import { type ClaimedSchedule, claimDue, discardPublishedDraft, finishSchedule, msUntilNextDue } from "./schedules.ts";

export interface ScheduleRunnerOptions {
  db: Db;
  publishing: Publisher;
  /** A schedule's new images go live with it. */
  library: Pick<MediaLibrary, "stageNewIn" | "missingIn">;
  git: Pick<ContentGit, "commitMarked">;
  log: FastifyBaseLogger;
  /** How long a runner holds a schedule it runs; a crashed runner's schedule waits this long. */
  leaseMs?: number;
  /** How often the database is looked at for schedules other processes added. */
  pollMs?: number;
  /** Claims before a schedule that keeps failing to finish is given up. */
  maxAttempts?: number;
}

export const DEFAULT_SCHEDULE_LEASE_MS = 10 * 60_000;
export const DEFAULT_SCHEDULE_POLL_MS = 15_000;

/** The line a scheduled publish's commit message ends with. */
export const scheduleMark = (id: string) => `Studio-Schedule: ${id}`;

export function scheduleRunner({ db, publishing, library, git, log, leaseMs = DEFAULT_SCHEDULE_LEASE_MS, pollMs = DEFAULT_SCHEDULE_POLL_MS, maxAttempts = 5 }: ScheduleRunnerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  /** The audit log's schedule.run: done by no one signed in, on behalf of whoever set it. */
  const ran = ({ id, file, author }: ClaimedSchedule, result: { commit: string | null } | { error: string }) =>
    recordAudit(db, { action: "schedule.run", actor: null, target: file, detail: { schedule: id, scheduledBy: author.email, ...result } }, log);

  async function run(schedule: ClaimedSchedule) {
    const { id, file } = schedule;
    // Its claim's time, against the schedule's: a runner wakes at the soonest schedule's time, not at its next poll.
    log.info({ schedule: id, file, attempt: schedule.attempts }, "schedules: running");
    const done = await git.commitMarked(scheduleMark(id));
    if (done) {
      // Published by an earlier claim that stopped before saying so: served, not published again.
      publishing.serve(done);
      await finishSchedule(db, id, { commit: done });
      log.warn({ schedule: id, file, commit: done }, "schedules: found already published (an earlier run stopped after its commit)");
      return;
    }
    if (schedule.attempts > maxAttempts) {
      await finishSchedule(db, id, { error: errors.StudioScheduleGaveUp(schedule.attempts - 1) });
      log.error({ schedule: id, file }, "schedules: given up");
      return;
    }
    const staging = await withImages(schedule);
    if (!staging.ok) return failed(schedule, staging.error);
    const { staged } = staging;
    const outcome = await publishing.publish(file, schedule.base, schedule.data, schedule.author, { trailer: scheduleMark(id), ...(staged && { alongside: staged }) });
    if (outcome.ok) {
      await finishSchedule(db, id, { commit: outcome.commit });
      if (staged) {
        await staged.settle();
        for (const image of staged.ids) await recordAudit(db, { action: "media.publish", actor: null, target: image, detail: { commit: outcome.commit, with: file, schedule: id, scheduledBy: schedule.author.email } }, log);
      }
      await discardPublishedDraft(db, file, schedule.data);
      log.info({ schedule: id, file, commit: outcome.commit }, "schedules: published");
      await ran(schedule, { commit: outcome.commit });
      // A publish answers the page's waiting review (./reviews.ts), on behalf of whoever scheduled it.
      const review = await resolvePublished(db, file, schedule.author.id);
      if (review) await recordAudit(db, { action: "review.publish", actor: null, target: file, detail: { review, schedule: id, scheduledBy: schedule.author.email } }, log);
      return;
    }
    await failed(schedule, outcome.error.code === errors.StudioChangedSince.code ? errors.StudioScheduleChangedSince(file) : outcome.error);
  }

  /** The new images the schedule's data names, staged to go live with it; refused when one was deleted since. */
  async function withImages({ file, data }: ClaimedSchedule): Promise<{ ok: true; staged?: Staged } | { ok: false; error: ErrorData }> {
    const missing = await library.missingIn(file, data);
    if (missing.length > 0) return { ok: false, error: errors.StudioScheduleImageGone(missing) };
    const staging = await library.stageNewIn(file, data);
    if (!staging) return { ok: true };
    return staging.ok ? { ok: true, staged: staging.staged } : { ok: false, error: staging.error };
  }

  async function failed(schedule: ClaimedSchedule, error: ErrorData) {
    await finishSchedule(db, schedule.id, { error });
    await ran(schedule, { error: error.code });
    log.warn({ schedule: schedule.id, file: schedule.file, code: error.code }, "schedules: not published");
  }

  /** Runs every due schedule, one at a time, then sleeps until the next one. */
  async function pass() {
    for (;;) {
      if (stopped) return;
      const claimed = await claimDue(db, leaseMs);
      if (!claimed) break;
      await run(claimed);
    }
    const next = await msUntilNextDue(db);
    clearTimeout(timer);
    if (stopped) return;
    // At least a moment: a schedule held by another runner is not looked at in a tight loop.
    timer = setTimeout(kick, Math.max(50, Math.min(pollMs, next ?? pollMs)));
    timer.unref();
  }

  /** Wakes the runner now; never throws (a failure is logged, the poll tries again). */
  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((error: unknown) => {
          log.error({ err: error instanceof Error ? { type: error.name, message: error.message } : String(error) }, "schedules: a pass failed; tried again at the next poll");
          clearTimeout(timer);
          if (!stopped) (timer = setTimeout(kick, pollMs)).unref();
        });
      } while (again && !stopped);
    })().finally(() => (running = undefined));
  }

  return {
    start() {
      stopped = false;
      kick();
    },
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type ScheduleRunner = ReturnType<typeof scheduleRunner>;
