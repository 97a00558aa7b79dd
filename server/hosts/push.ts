/**
 * The studio's side of several hosts (docs/studio.md, "Several hosts"): with CONTENT_GIT_REMOTE
 * set, each commit the studio makes is pushed to that remote, in the background, so a publish
 * never waits for the network.
 *
 * - A plain push of the branch to the branch of that name (server/studio/git.ts push): never
 *   forced, so a remote holding commits the studio lacks refuses it and keeps them.
 * - A failed push is tried again after 5 s, 10 s, 20 s, … at most 5 minutes, and at start for
 *   commits not pushed yet; a new commit pushes at once. One push at a time: commits made while
 *   one runs go with the next.
 * - Refused because the histories diverged (the remote's branch is not in the studio's history,
 *   as a fetch shows): publishing stops (ContentPushDiverged) until a developer merges; the
 *   retries go on, and the first that goes through starts publishing again.
 */
import { errors, type ErrorData } from "../../src/errors/catalogue.ts";
import type { HostsStatus } from "../../schemas/studio-publish.ts";
import { type ContentGit, GitFailed } from "../studio/git.ts";

export interface PushLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface PusherOptions {
  git: ContentGit;
  /** The remote's name (CONTENT_GIT_REMOTE). */
  remote: string;
  log: PushLog;
  /** The first retry's wait, doubled at each failure; tests shorten it. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Told of every push that went through, with the commits it took (the audit log's publish.pushed). */
  onPushed?: (pushed: { remote: string; branch: string; commits: string[] }) => void;
}

const RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

/** What git said, its last lines: enough to tell a refusal from an unreachable remote. */
export const gitReason = (error: unknown) => (error instanceof GitFailed ? error.stderr.trim().split("\n").slice(-3).join(" ") || error.message : String(error));

export function contentPusher({ git, remote, log, retryMs = RETRY_MS, maxRetryMs = MAX_RETRY_MS, onPushed }: PusherOptions) {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let lastError: string | undefined;
  let nextAttemptAt: Date | undefined;
  let diverged: ErrorData | undefined;
  let closed = false;

  /** HEAD's commits the remote's branch lacks, as far as the last fetch or push knows. */
  const unpushed = async () => git.commitsAfter(await git.tracked(remote, await git.branch()));

  /** Whether the remote's branch holds commits the studio's history lacks: a fetch, then a look. */
  async function divergedNow(branch: string): Promise<boolean | undefined> {
    try {
      await git.fetch(remote);
    } catch {
      return undefined; // unreachable: nothing learnt
    }
    const theirs = await git.tracked(remote, branch);
    return theirs !== undefined && !(await git.contains("HEAD", theirs));
  }

  async function attempt(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    nextAttemptAt = undefined;
    let branch: string | undefined;
    try {
      branch = await git.branch();
      const commits = await git.commitsAfter(await git.tracked(remote, branch));
      if (commits.length === 0) return settled();
      await git.push(remote, branch);
      onPushed?.({ remote, branch, commits: commits.map((c) => c.rev) });
    } catch (error) {
      failures++;
      lastError = gitReason(error);
      const isDiverged = branch === undefined ? undefined : await divergedNow(branch);
      if (isDiverged !== undefined) diverged = isDiverged ? errors.ContentPushDiverged(remote, (await unpushed().catch(() => [])).length) : undefined;
      const delay = Math.min(retryMs * 2 ** (failures - 1), maxRetryMs);
      log[diverged ? "error" : "warn"](`push: ${remote} refused or could not be reached (attempt ${failures}): ${lastError}; trying again in ${Math.round(delay / 1000)} s${diverged ? `. ${diverged.message}` : ""}`);
      if (!closed) {
        nextAttemptAt = new Date(Date.now() + delay);
        timer = setTimeout(() => pushSoon(), delay);
        timer.unref();
      }
      return;
    }
    if (failures > 0 || diverged) log.info(`push: ${remote} has the studio's commits again`);
    settled();
  }

  function settled() {
    failures = 0;
    lastError = undefined;
    diverged = undefined;
  }

  /** Pushes now (or right after the push running, which may have missed the newest commit). */
  function pushSoon(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = attempt().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        pushSoon();
      }
    });
  }

  return {
    pushSoon,

    /** At start: commits left unpushed by the last run go now. */
    async start(): Promise<void> {
      const left = await unpushed().catch(() => []);
      if (left.length > 0) {
        log.info(`push: ${left.length} commit${left.length === 1 ? "" : "s"} not pushed to ${remote} yet; pushing`);
        pushSoon();
      }
    },

    /** Why publishing is stopped, when the remote refused a push because the histories diverged. */
    stopped: (): ErrorData | undefined => diverged,

    /** "Not pushed yet": how many commits and since when, for the studio's screens. */
    async status(): Promise<Omit<HostsStatus, "stopped">> {
      const left = await unpushed().catch(() => []);
      const oldest = left[0];
      return {
        remote,
        unpushed: left.length,
        oldest: oldest ? { commit: oldest.rev, date: oldest.date } : null,
        pushing: running !== undefined,
        lastError: lastError ?? null,
        nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
      };
    },

    /** Resolves once no push runs (tests; a server's close). */
    async idle(): Promise<void> {
      while (running) await running;
    },

    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type ContentPusher = ReturnType<typeof contentPusher>;
