/**
 * Every host's side of several hosts (docs/studio.md, "Several hosts"): POST /api/hooks/git
 * brings the content working copy up to CONTENT_GIT_REMOTE's branch, fast-forward only, and
 * asks for an incremental rebuild, as the WordPress webhook does.
 *
 *   git fetch <remote>            the tracking ref only; the working copy is not touched
 *   HEAD contains theirs          nothing to pull (this host is level or ahead)
 *   theirs contains HEAD          git merge --ff-only theirs, then the rebuild
 *   neither                       diverged: ContentHistoryDiverged, logged, nothing pulled
 *
 * That is `git pull --ff-only` in two steps, so a diverged history is known without reading
 * git's text. While diverged every hook answers it again and pulls nothing; once someone has
 * merged on this host (HEAD contains the remote's branch) the next hook finds it resolved and
 * rebuilds with what the merge brought.
 * Nothing is ever reset, rebased or forced.
 *
 * Hooks that arrive while a pull runs share the one pull after it (a burst is two pulls at
 * most), and pulls wait for a publish in progress in this process (server/studio/git.ts oneAtATime).
 */
import { errors, type ErrorData } from "../../src/errors/catalogue.ts";
import { type ContentGit, oneAtATime } from "../studio/git.ts";
import { gitReason, type PushLog } from "./push.ts";

export type Pulled =
  | { outcome: "pulled"; from: string; head: string; live: "pending" | "off" }
  | { outcome: "current"; head: string; live?: "pending" | "off" }
  | { outcome: "diverged"; error: ErrorData }
  | { outcome: "failed"; error: ErrorData };

export interface PullerOptions {
  git: ContentGit;
  remote: string;
  log: PushLog;
  /** Asks for a rebuild now; undefined when this process serves no built site. */
  rebuild: (reason: string) => Promise<boolean> | undefined;
}

export interface PullState {
  remote: string;
  /** Why nothing is pulled, while the histories diverge. */
  stopped: ErrorData | null;
  /** Pulls run since the start (a burst of hooks shares them). */
  pulls: number;
  last: { at: string; outcome: Pulled["outcome"]; head?: string; live?: "pending" | "live" | "failed" | "off" } | null;
}

export function contentPuller({ git, remote, log, rebuild }: PullerOptions) {
  let stopped: ErrorData | undefined;
  let last: PullState["last"] = null;
  let pulls = 0;
  let current: Promise<Pulled> | undefined;
  let queued: Promise<Pulled> | undefined;

  /** One pull, and the rebuild it asked for. */
  async function once(): Promise<{ pulled: Pulled; rebuilt?: Promise<boolean> }> {
    pulls++;
    try {
      const branch = await git.branch();
      // Before taking the working copy: a slow remote holds up no publish.
      await git.fetch(remote);
      return await oneAtATime(git.root, () => forward(branch));
    } catch (error) {
      const failed = errors.ContentPullFailed(gitReason(error));
      log.warn(`pull: ${failed.message}`);
      return { pulled: { outcome: "failed", error: failed } };
    }
  }

  /** The working copy to the fetched branch, if that is a fast-forward. */
  async function forward(branch: string): Promise<{ pulled: Pulled; rebuilt?: Promise<boolean> }> {
    const theirs = await git.tracked(remote, branch);
    if (!theirs) throw new Error(`${remote} has no branch ${branch}`);
    const head = await git.head();
    if (await git.contains(head, theirs)) {
      if (!stopped) return { pulled: { outcome: "current", head } };
      // Resolved by hand (a merge): what it brought is served now.
      stopped = undefined;
      log.info(`pull: resolved: HEAD (${head.slice(0, 7)}) contains ${remote}/${branch} again`);
      const rebuilt = rebuild(`resolved at ${head.slice(0, 7)}`);
      return { pulled: { outcome: "current", head, live: rebuilt ? "pending" : "off" }, ...(rebuilt && { rebuilt }) };
    }
    if (!(await git.contains(theirs, head))) {
      stopped = errors.ContentHistoryDiverged(head, `${remote}/${branch}`, theirs);
      log.error(`pull: ${stopped.message} ${stopped.hint}`);
      return { pulled: { outcome: "diverged", error: stopped } };
    }
    await git.fastForward(theirs);
    stopped = undefined;
    log.info(`pull: ${head.slice(0, 7)}..${theirs.slice(0, 7)} from ${remote}/${branch}`);
    const rebuilt = rebuild(`git pull ${theirs.slice(0, 7)}`);
    return { pulled: { outcome: "pulled", from: head, head: theirs, live: rebuilt ? "pending" : "off" }, ...(rebuilt && { rebuilt }) };
  }

  function start(): Promise<Pulled> {
    current = once()
      .then(({ pulled, rebuilt }) => {
        remember(pulled, rebuilt);
        return pulled;
      })
      .finally(() => {
        current = undefined;
      });
    return current;
  }

  /** The last pull for the status call, its rebuild's outcome filled in when it comes. */
  function remember(pulled: Pulled, rebuilt: Promise<boolean> | undefined) {
    const entry: NonNullable<PullState["last"]> = { at: new Date().toISOString(), outcome: pulled.outcome, ...("head" in pulled && { head: pulled.head }), ...("live" in pulled && { live: pulled.live }) };
    last = entry;
    void rebuilt?.then(
      (live) => {
        if (last === entry) last = { ...entry, live: live ? "live" : "failed" };
      },
      () => undefined,
    );
  }

  return {
    /** Pulls now, or once after the pull running (every hook meanwhile shares that one). */
    pull(): Promise<Pulled> {
      if (queued) return queued;
      if (!current) return start();
      queued = current.then(() => {
        queued = undefined;
        return start();
      });
      return queued;
    },

    /** Why nothing is pulled, while the histories diverge. */
    stopped: (): ErrorData | undefined => stopped,

    state: (): PullState => ({ remote, stopped: stopped ?? null, pulls, last }),
  };
}

export type ContentPuller = ReturnType<typeof contentPuller>;
