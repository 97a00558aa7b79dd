/**
 * When the server rebuilds (server/build/scheduler.ts), with timings scaled down a hundredfold
 * (debounce 2 s → 20 ms, 10 s between starts → 100 ms, retry from 5 s → 50 ms) and a stand-in
 * for the child process, so the rules can be seen exactly: bursts gathered, at most one more
 * rebuild after a running one, back-off while the source is down. Time is Vitest's fake clock
 * (timers and Date.now), so a busy machine cannot stretch a 5 ms pause into 50 and change the
 * count the rules are checked by.
 */
import { EXIT_RETRY } from "../../server/build/rebuild.ts";
import { RebuildScheduler, type RunOutcome } from "../../server/build/scheduler.ts";

/** The rebuild stand-in's own duration: a timer on the fake clock. */
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The test lets time pass: every timer due meanwhile runs, in order. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function scheduler(outcomes: number[] = [], runMs = 30) {
  const starts: number[] = [];
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
  const t0 = Date.now();
  const s = new RebuildScheduler({
    buildDir: "unused",
    log,
    debounceMs: 20,
    minIntervalMs: 100,
    retryMs: 50,
    maxRetryMs: 150,
    run: async (): Promise<RunOutcome> => {
      starts.push(Date.now() - t0);
      await wait(runMs);
      return { code: outcomes.shift() ?? 0 };
    },
  });
  return { s, starts, lines };
}

const idle = async (s: RebuildScheduler) => {
  for (let i = 0; i < 200 && (s.state().running || s.state().pending); i++) await sleep(10);
};


it("gathers a burst of requests into one rebuild", async () => {
  const { s, starts } = scheduler();
  for (let i = 0; i < 20; i++) s.request("webhook");
  await sleep(60);
  await idle(s);
  expect(starts).toHaveLength(1);
  expect(starts[0]).toBeGreaterThanOrEqual(15); // waited for the rest of the burst
});

it("twenty requests spread over the time between two starts cause at most two rebuilds", async () => {
  const { s, starts } = scheduler([], 70);
  for (let i = 0; i < 20; i++) {
    s.request("webhook");
    await sleep(5); // 20 requests in 100 ms: 10 s scaled down
  }
  await sleep(50);
  await idle(s);
  expect(starts.length).toBeGreaterThanOrEqual(1);
  expect(starts.length).toBeLessThanOrEqual(2);
  if (starts.length === 2) expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(95);
});

it("a request during a rebuild makes exactly one more after it", async () => {
  const { s, starts } = scheduler([], 80);
  s.request("first");
  await sleep(40); // running now
  for (let i = 0; i < 5; i++) s.request("during");
  await sleep(20);
  await idle(s);
  await sleep(150);
  await idle(s);
  expect(starts).toHaveLength(2);
});

it("tries again with growing waits while the source is down, then goes through", async () => {
  const { s, starts, lines } = scheduler([EXIT_RETRY, EXIT_RETRY, EXIT_RETRY, 0], 5);
  s.request("webhook");
  for (let i = 0; i < 100 && starts.length < 4; i++) await sleep(20);
  await idle(s);
  expect(starts).toHaveLength(4);
  const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
  // 50 ms, 100 ms, then 150 ms (the cap): each wait longer than the one before.
  expect(gaps[0]).toBeGreaterThanOrEqual(50);
  expect(gaps[1]).toBeGreaterThan(gaps[0]! + 20);
  expect(gaps[2]).toBeGreaterThan(gaps[1]! + 20);
  expect(lines.filter((l) => l.startsWith("rebuild: will try again"))).toHaveLength(3);
  expect(s.state()).toMatchObject({ failures: 0, runs: 4, last: { code: 0 } });
});

it("a failure that trying again cannot mend (a content error) waits for the next request", async () => {
  const { s, starts, lines } = scheduler([1]);
  s.request("webhook");
  await sleep(300);
  expect(starts).toHaveLength(1);
  expect(lines.at(-1)).toMatch(/^rebuild: failed/);
});

it("a poll's request is dropped when, by the time it would start, the served build is up to date", async () => {
  const { s, starts, lines } = scheduler();
  s.request("poll", async () => false);
  await sleep(80);
  expect(starts).toEqual([]);
  expect(lines.at(-1)).toMatch(/not needed/);
  s.request("poll", async () => false);
  s.request("webhook"); // a webhook always rebuilds
  await sleep(80);
  await idle(s);
  expect(starts).toHaveLength(1);
});

it("stops: no rebuild after close", async () => {
  const { s, starts } = scheduler();
  s.request("webhook");
  await s.close();
  await sleep(60);
  expect(starts).toEqual([]);
});

describe("a publish from the studio (requestNow)", () => {
  it("starts at once, without the debounce, and says when its change is live", async () => {
    const { s, starts } = scheduler();
    let live: boolean | undefined;
    void s.requestNow("publish").then((v) => (live = v));
    await sleep(1);
    expect(starts).toEqual([0]);
    expect(live).toBeUndefined(); // still rendering
    await sleep(30);
    expect(live).toBe(true);
  });

  it("during a rebuild: waits for it, then one more at once (the running one may predate the change), not after the minimum interval", async () => {
    const { s, starts } = scheduler([], 30);
    s.request("webhook");
    await sleep(25); // running since 20
    let live: boolean | undefined;
    void s.requestNow("publish").then((v) => (live = v));
    await sleep(30); // the first finished at 50; the publish's must not count
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBeLessThan(60); // not at 20 + 100
    expect(live).toBeUndefined();
    await sleep(30);
    expect(live).toBe(true);
  });

  it("a failed rebuild says not live; one to be retried keeps the publish waiting for the retry", async () => {
    const { s } = scheduler([1]);
    const failed = s.requestNow("publish");
    await sleep(40);
    await expect(failed).resolves.toBe(false);
    const retried = scheduler([EXIT_RETRY, 0]);
    let live: boolean | undefined;
    void retried.s.requestNow("publish").then((v) => (live = v));
    await sleep(40);
    expect(live).toBeUndefined();
    await sleep(100);
    expect(live).toBe(true);
  });

  it("closing the server answers the waiting publishes: not live", async () => {
    const { s } = scheduler([], 50);
    const waiting = s.requestNow("publish");
    await sleep(10);
    const closing = s.close();
    await sleep(60);
    await closing;
    await expect(waiting).resolves.toBe(false);
  });
});
