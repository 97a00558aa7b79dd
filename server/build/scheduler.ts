/**
 * When the server rebuilds: requests (a webhook, a poll that saw a change) are gathered into
 * as few incremental rebuilds as keep the site fresh, each one run by the release's own
 * rebuild.js in a child process (rendering pages would otherwise hold up the requests this
 * process answers).
 *
 * The child is a warm worker (`rebuild.js --worker`, ./rebuild-main.ts): forked once, it keeps
 * the server build its first rebuild loaded (seconds of a publish's click-to-live otherwise)
 * and is handed each rebuild over IPC. It is replaced when it dies (a crash mid-rebuild leaves
 * the served build as it was: the switch is atomic) and when a deploy brings another build
 * (buildIdOf the served release changes). Once warmed, the scheduler looks at the build link
 * every DEPLOY_CHECK_MS and, after a deploy, warms the new build's worker at once, so the first
 * publish after a deploy does not load the server build either. One rebuild at a time, as the
 * releases' lock holds.
 *
 * - A request waits DEBOUNCE_MS, gathering the ones that come after it: a burst of webhooks
 *   (WordPress saves a post several times on publish) is one rebuild.
 * - Requests that come while a rebuild runs make one more rebuild after it (the running one may
 *   have fetched WordPress before their change), no sooner than MIN_INTERVAL_MS after its start.
 *   So twenty webhooks in ten seconds cause at most two rebuilds.
 * - The blog's source did not answer, or another process holds the releases' lock: tried again
 *   after 5 s, 10 s, 20 s, ... at most 5 min, until it goes through. The served build stays.
 * - Any other failure (a content error) waits for the next request.
 * - Requests that only say "something may have changed" (polling) carry a check that is run
 *   just before the rebuild would start: another instance may have rebuilt meanwhile.
 * - A publish from the studio (`requestNow`) is one person's click, already one at a time: it
 *   starts at once (or right after the running rebuild), without the debounce or the minimum
 *   interval meant for bursts, and tells its caller when its change is live.
 */
import { type ChildProcess, fork } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";
import type { WorkerDone } from "./rebuild-main.ts";
import { EXIT_RETRY } from "./rebuild.ts";
import { buildIdOf } from "./releases.ts";

export interface RebuildLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface RunOutcome {
  /** 0 done, EXIT_RETRY try again later, anything else failed. */
  code: number;
  result?: Pick<NonNullable<WorkerDone["result"]>, "release" | "rendered" | "removed" | "unchanged" | "ms"> & Partial<Pick<NonNullable<WorkerDone["result"]>, "renderer">>;
}

export interface SchedulerOptions {
  buildDir: string;
  log: RebuildLog;
  debounceMs?: number;
  minIntervalMs?: number;
  retryMs?: number;
  maxRetryMs?: number;
  /** Runs one rebuild; by default in the served release's warm rebuild worker. */
  run?: () => Promise<RunOutcome>;
  /** The child's working directory: the content it rebuilds from (CONTENT_ROOT); by default this process's. */
  cwd?: string;
  /** How often, once warmed, the build link is looked at for a deploy (ms). */
  deployCheckMs?: number;
}

export interface SchedulerState {
  running: boolean;
  pending: boolean;
  /** Rebuilds started since the server started. */
  runs: number;
  failures: number;
  last?: RunOutcome & { finishedAt: string };
  /** The warm rebuild worker, while one is up. */
  worker?: { pid: number; buildId: string };
}

const DEBOUNCE_MS = 2_000;
const MIN_INTERVAL_MS = 10_000;
const RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
/** Two stats of the served release: cheap enough to do every few seconds. */
const DEPLOY_CHECK_MS = 5_000;

export class RebuildScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pending = false;
  /** Checks of the pending requests that may turn out unneeded; undefined: one is needed for sure. */
  private checks: (() => Promise<boolean>)[] | undefined = [];
  private startedAt = 0;
  private failures = 0;
  private runs = 0;
  private last: SchedulerState["last"];
  private closed = false;
  private worker: { process: ChildProcess; buildId: string } | undefined;
  /** Callers of requestNow waiting for the next rebuild to start and finish. */
  private waiting: ((live: boolean) => void)[] = [];
  private urgent = false;
  private deployCheck: NodeJS.Timeout | undefined;
  private readonly debounceMs: number;
  private readonly minIntervalMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(private readonly options: SchedulerOptions) {
    this.debounceMs = options.debounceMs ?? DEBOUNCE_MS;
    this.minIntervalMs = options.minIntervalMs ?? MIN_INTERVAL_MS;
    this.retryMs = options.retryMs ?? RETRY_MS;
    this.maxRetryMs = options.maxRetryMs ?? MAX_RETRY_MS;
  }

  /**
   * Asks for a rebuild. `stillNeeded`, if given, is asked just before it starts; a request
   * without one (a webhook) always leads to a rebuild.
   */
  request(reason: string, stillNeeded?: () => Promise<boolean>): void {
    if (this.closed) return;
    if (!this.pending) this.options.log.info(`rebuild: requested (${reason})`);
    this.pending = true;
    if (!stillNeeded) this.checks = undefined;
    else this.checks?.push(stillNeeded);
    if (!this.running && !this.timer) this.schedule(this.nextDelay());
  }

  /**
   * Asks for a rebuild now, for a change just made (a studio publish): no debounce, no minimum
   * interval. Resolves true once a rebuild that started after this call has finished (switched,
   * or found nothing to change), false if it failed or the server is closing.
   */
  requestNow(reason: string): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.options.log.info(`rebuild: requested now (${reason})`);
      this.pending = true;
      this.checks = undefined;
      this.urgent = true;
      if (!this.running) this.schedule(0);
    });
  }

  /**
   * Starts the worker ahead of the first rebuild and has it load the server build, so the first
   * publish after a start does not wait for that either; then keeps it warm: after a deploy
   * (another build served) the old worker is replaced by a warmed one for the new build, while
   * no rebuild runs (one running replaces it itself, ./runInWorker). Not with a stand-in `run`.
   */
  warm(): void {
    if (this.closed || this.options.run) return;
    if (!this.deployCheck) {
      this.deployCheck = setInterval(() => this.warm(), this.options.deployCheckMs ?? DEPLOY_CHECK_MS);
      this.deployCheck.unref();
    }
    if (this.running) return;
    try {
      const release = realpathSync(this.options.buildDir);
      const buildId = buildIdOf(release);
      if (this.worker?.buildId === buildId) return;
      this.workerFor(release, buildId).send({ type: "warm" });
    } catch (error) {
      this.options.log.warn(`rebuild: no worker started ahead (${String(error)}); the next rebuild starts one`);
    }
  }

  state(): SchedulerState {
    const worker = this.worker?.process.pid !== undefined ? { pid: this.worker.process.pid, buildId: this.worker.buildId } : undefined;
    return { running: this.running !== undefined, pending: this.pending, runs: this.runs, failures: this.failures, ...(this.last && { last: this.last }), ...(worker && { worker }) };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.deployCheck);
    this.worker?.process.kill("SIGTERM");
    await this.running;
    this.settle(this.waiting.splice(0), false);
  }

  private settle(waiting: ((live: boolean) => void)[], live: boolean) {
    for (const resolve of waiting) resolve(live);
  }

  /** When the next rebuild starts: at once for a publish, else after the debounce and the minimum interval. */
  private nextDelay() {
    return this.urgent ? 0 : Math.max(this.debounceMs, this.startedAt + this.minIntervalMs - Date.now());
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.start(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private async start() {
    this.timer = undefined;
    if (this.closed) return;
    const checks = this.checks;
    const waiting = this.waiting.splice(0);
    this.pending = false;
    this.urgent = false;
    this.checks = [];
    if (checks && checks.length > 0) {
      const needed = await Promise.all(checks.map((check) => check().catch(() => true)));
      if (!needed.includes(true)) {
        this.options.log.info("rebuild: not needed any more (the build served is up to date)");
        this.settle(waiting, true);
        return;
      }
    }
    this.runs++;
    this.startedAt = Date.now();
    this.options.log.info(`rebuild: started (${this.runs} since the server started)`);
    let outcome: RunOutcome;
    this.running = (async () => {
      outcome = await (this.options.run ?? (() => this.runInWorker()))().catch((error: unknown) => {
        this.options.log.error(`rebuild: could not run: ${String(error)}`);
        return { code: 1 };
      });
    })();
    await this.running;
    this.running = undefined;
    this.last = { ...outcome!, finishedAt: new Date().toISOString() };
    if (this.closed) return this.settle(waiting, false);

    if (outcome!.code === 0) {
      this.failures = 0;
      const r = outcome!.result;
      this.options.log.info(
        r?.release
          ? `rebuild: switched to ${r.release}: ${r.rendered.length} pages rendered, ${r.removed.length} removed (${(r.ms / 1000).toFixed(1)} s)`
          : "rebuild: done, nothing changed",
      );
    } else if (outcome!.code === EXIT_RETRY) {
      this.failures++;
      const delay = Math.min(this.retryMs * 2 ** (this.failures - 1), this.maxRetryMs);
      this.options.log.warn(`rebuild: will try again in ${Math.round(delay / 1000)} s (attempt ${this.failures} failed); the current build keeps serving`);
      this.pending = true;
      this.checks = undefined;
      this.waiting.unshift(...waiting); // still waiting: the retry is their rebuild
      this.schedule(delay);
      return;
    } else {
      this.failures++;
      this.options.log.error("rebuild: failed; the current build keeps serving (the next webhook or change tries again)");
    }
    this.settle(waiting, outcome!.code === 0);
    if (this.pending) this.schedule(this.nextDelay());
  }

  /**
   * The worker for the served build: the one up, unless the build it loaded is no longer
   * served (a deploy): then a new one. An idle worker does not keep this process alive.
   */
  private workerFor(release: string, buildId: string): ChildProcess {
    if (this.worker && this.worker.buildId !== buildId) {
      this.options.log.info("rebuild: another build is served (a deploy); its rebuild worker replaces the old one");
      this.worker.process.kill("SIGTERM");
      this.worker = undefined;
    }
    if (!this.worker) {
      this.worker = { process: this.startWorker(release), buildId };
      idle(this.worker.process, true);
    }
    return this.worker.process;
  }

  /** One rebuild in the warm worker for the served build. */
  private runInWorker(): Promise<RunOutcome> {
    const release = realpathSync(this.options.buildDir);
    const worker = this.workerFor(release, buildIdOf(release));
    return new Promise((resolve, reject) => {
      const done = (outcome: RunOutcome) => {
        worker.off("message", onMessage).off("exit", onExit).off("error", reject);
        idle(worker, true);
        resolve(outcome);
      };
      const onMessage = (message: WorkerDone) => {
        if (message?.type === "done") done({ code: message.code, ...(message.result && { result: message.result }) });
      };
      // Died mid-rebuild: a failure; the served build is as it was, and the next rebuild forks a new worker.
      const onExit = (code: number | null) => done({ code: code || 1 });
      worker.on("message", onMessage).once("exit", onExit).once("error", reject);
      idle(worker, false);
      worker.send({ type: "rebuild" });
    });
  }

  /** Forks the release's rebuild.js as a worker, in this process's working directory and environment. */
  private startWorker(release: string): ChildProcess {
    const child = fork(path.join(release, "rebuild.js"), ["--worker"], {
      cwd: this.options.cwd,
      env: { ...process.env, BUILD_DIR: this.options.buildDir },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    this.options.log.info(`rebuild: worker started (pid ${child.pid})`);
    const lines = (stream: NodeJS.ReadableStream, level: "info" | "warn") => {
      let rest = "";
      stream.on("data", (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split("\n");
        rest = parts.pop() ?? "";
        for (const line of parts) if (line.trim()) this.options.log[level](`rebuild: ${line}`);
      });
    };
    lines(child.stdout!, "info");
    lines(child.stderr!, "warn");
    child.on("error", (error) => this.options.log.error(`rebuild: worker: ${String(error)}`));
    child.once("exit", (code, signal) => {
      if (this.worker?.process === child) this.worker = undefined;
      if (!this.closed) this.options.log.warn(`rebuild: worker exited (${signal ?? `code ${code}`}); the next rebuild starts a new one`);
    });
    return child;
  }
}

/** An idle worker does not keep this process alive (a server's own sockets do that). */
function idle(child: ChildProcess, yes: boolean) {
  for (const handle of [child, child.channel, child.stdout, child.stderr] as ({ ref?: () => void; unref?: () => void } | null | undefined)[]) {
    if (yes) handle?.unref?.();
    else handle?.ref?.();
  }
}
