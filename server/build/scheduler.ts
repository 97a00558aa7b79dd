/**
 * When the server rebuilds: requests (a webhook, a poll that saw a change) are gathered into
 * as few incremental rebuilds as keep the site fresh, each one the release's own rebuild.js
 * run as a child process (rendering pages would otherwise hold up the requests this process
 * answers).
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
import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";
import { EXIT_RETRY, RESULT_PREFIX } from "./rebuild.ts";

export interface RebuildLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface RunOutcome {
  /** 0 done, EXIT_RETRY try again later, anything else failed. */
  code: number;
  result?: { release?: string; rendered: string[]; removed: string[]; unchanged: number; ms: number };
}

export interface SchedulerOptions {
  buildDir: string;
  log: RebuildLog;
  debounceMs?: number;
  minIntervalMs?: number;
  retryMs?: number;
  maxRetryMs?: number;
  /** Runs one rebuild; by default the served release's rebuild.js as a child process. */
  run?: () => Promise<RunOutcome>;
  /** The child's working directory: the content it rebuilds from (CONTENT_ROOT); by default this process's. */
  cwd?: string;
}

export interface SchedulerState {
  running: boolean;
  pending: boolean;
  /** Rebuilds started since the server started. */
  runs: number;
  failures: number;
  last?: RunOutcome & { finishedAt: string };
}

const DEBOUNCE_MS = 2_000;
const MIN_INTERVAL_MS = 10_000;
const RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

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
  private child: ReturnType<typeof spawn> | undefined;
  /** Callers of requestNow waiting for the next rebuild to start and finish. */
  private waiting: ((live: boolean) => void)[] = [];
  private urgent = false;
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

  state(): SchedulerState {
    return { running: this.running !== undefined, pending: this.pending, runs: this.runs, failures: this.failures, ...(this.last && { last: this.last }) };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.child?.kill("SIGTERM");
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
      outcome = await (this.options.run ?? (() => this.runChild()))().catch((error: unknown) => {
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

  /** The served release's rebuild.js, in this process's working directory and environment. */
  private runChild(): Promise<RunOutcome> {
    const script = path.join(realpathSync(this.options.buildDir), "rebuild.js");
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [script], { cwd: this.options.cwd, env: { ...process.env, BUILD_DIR: this.options.buildDir }, stdio: ["ignore", "pipe", "pipe"] });
      this.child = child;
      let result: RunOutcome["result"];
      const lines = (stream: NodeJS.ReadableStream, level: "info" | "warn") => {
        let rest = "";
        stream.on("data", (chunk: Buffer) => {
          const text = rest + chunk.toString();
          const parts = text.split("\n");
          rest = parts.pop() ?? "";
          for (const line of parts) {
            if (line.startsWith(RESULT_PREFIX)) result = JSON.parse(line.slice(RESULT_PREFIX.length)) as RunOutcome["result"];
            else if (line.trim()) this.options.log[level](`rebuild: ${line}`);
          }
        });
      };
      lines(child.stdout, "info");
      lines(child.stderr, "warn");
      child.on("error", reject);
      child.on("exit", (code, signal) => {
        this.child = undefined;
        resolve({ code: code ?? (signal ? 1 : 0), ...(result && { result }) });
      });
    });
  }
}
