/**
 * The server's warm rebuild worker (server/build/scheduler.ts forking `rebuild.js --worker`,
 * server/build/rebuild-main.ts) on a copy of a real build and of the content: one worker serves
 * rebuild after rebuild without loading the server build again; a worker killed mid-rebuild
 * leaves the served build as it was and the next rebuild gets a new one; a deploy (another
 * full build switched in) gets a new worker too.
 */
import { cpSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startRelease, switchTo } from "../../server/build/releases.ts";
import { RebuildScheduler } from "../../server/build/scheduler.ts";
import { type TestRelease, testRelease } from "./release-fixture.ts";

let t: TestRelease;
let s: RebuildScheduler;
const lines: string[] = [];

beforeAll(async () => {
  t = await testRelease("rebuild-worker");
  const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
  s = new RebuildScheduler({ buildDir: t.buildDir, cwd: t.work, log });
}, 900_000);

afterAll(async () => {
  await s?.close();
  t?.remove();
});

/** Changes the About page's title in the rebuild's content, as a publish does. */
function retitleAbout(title: string) {
  const file = path.join(t.work, "content/pages/about.json");
  const data = JSON.parse(readFileSync(file, "utf8")) as { meta: { title: string } };
  data.meta.title = title;
  writeFileSync(file, JSON.stringify(data, null, 2));
}
const servedAbout = () => readFileSync(path.join(t.buildDir, "client/about/index.html"), "utf8");
const linesSince = (mark: number) => lines.slice(mark).join("\n");

/** Another full build switched in, as npm run build does: the same bundles, but new files. */
async function deploy() {
  const target = await startRelease(t.buildDir);
  cpSync(realpathSync(t.buildDir), target.dir, { recursive: true });
  await switchTo(t.buildDir, await target.complete());
}

it("keeps one worker across rebuilds: the second does not load the server build again", async () => {
  retitleAbout("About us, first rebuild");
  let mark = lines.length;
  expect(await s.requestNow("first")).toBe(true);
  const first = s.state();
  expect(first.last?.result?.renderer).toBe("loaded");
  expect(first.last?.result?.rendered).toContain("/about");
  expect(linesSince(mark)).toMatch(/server build loaded \d+ ms/);
  expect(servedAbout()).toContain("About us, first rebuild");

  retitleAbout("About us, second rebuild");
  mark = lines.length;
  expect(await s.requestNow("second")).toBe(true);
  const second = s.state();
  expect(second.worker?.pid).toBe(first.worker?.pid);
  expect(second.last?.result?.renderer).toBe("kept");
  expect(second.last?.result?.rendered).toContain("/about");
  expect(linesSince(mark)).toMatch(/server build kept from an earlier rebuild \d+ ms/);
  expect(linesSince(mark)).not.toMatch(/server build loaded/);
  // The kept build read the content again: the new title is served.
  expect(servedAbout()).toContain("About us, second rebuild");
}, 600_000);

it("a worker killed mid-rebuild: the served build stays as it was, and the next rebuild gets a new worker", async () => {
  const served = realpathSync(t.buildDir);
  const killed = s.state().worker!.pid;
  retitleAbout("About us, after a crash");
  const mark = lines.length;
  const live = s.requestNow("to be killed");
  // Once the worker has begun the new release, it dies.
  while (!/release copied/.test(linesSince(mark))) await new Promise((r) => setTimeout(r, 5));
  process.kill(killed, "SIGKILL");
  expect(await live).toBe(false);
  expect(realpathSync(t.buildDir)).toBe(served);
  expect(servedAbout()).not.toContain("About us, after a crash");

  expect(await s.requestNow("after the crash")).toBe(true);
  const state = s.state();
  expect(state.worker?.pid).not.toBe(killed);
  expect(state.last?.result?.renderer).toBe("loaded");
  expect(servedAbout()).toContain("About us, after a crash");
}, 600_000);

it("a deploy: the next rebuild runs in a new worker, which loads the new build", async () => {
  const before = s.state().worker!;
  await deploy();

  retitleAbout("About us, after a deploy");
  expect(await s.requestNow("after the deploy")).toBe(true);
  const after = s.state();
  expect(after.worker?.pid).not.toBe(before.pid);
  expect(after.worker?.buildId).not.toBe(before.buildId);
  expect(after.last?.result?.renderer).toBe("loaded");
  expect(servedAbout()).toContain("About us, after a deploy");
}, 600_000);

it("warmed ahead: the first rebuild finds the server build already loaded", async () => {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const warmed = new RebuildScheduler({ buildDir: t.buildDir, cwd: t.work, log });
  try {
    warmed.warm();
    retitleAbout("About us, from a warmed worker");
    expect(await warmed.requestNow("first after warming")).toBe(true);
    expect(warmed.state().last?.result?.renderer).toBe("kept");
    expect(servedAbout()).toContain("About us, from a warmed worker");
  } finally {
    await warmed.close();
  }
}, 600_000);

it("a deploy re-warms the worker by itself: the first rebuild after it finds the new build already loaded", async () => {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const warmed = new RebuildScheduler({ buildDir: t.buildDir, cwd: t.work, log, deployCheckMs: 50 });
  try {
    warmed.warm();
    const before = warmed.state().worker!;
    await deploy();
    // No rebuild asked for: the scheduler sees the new build and warms a worker for it.
    await vi.waitFor(() => expect(warmed.state().worker?.buildId).not.toBe(before.buildId), { timeout: 30_000, interval: 20 });
    expect(warmed.state().worker?.pid).not.toBe(before.pid);

    retitleAbout("About us, first publish after a deploy");
    expect(await warmed.requestNow("first after the deploy")).toBe(true);
    expect(warmed.state().last?.result?.renderer).toBe("kept");
    expect(servedAbout()).toContain("About us, first publish after a deploy");
  } finally {
    await warmed.close();
  }
}, 600_000);
