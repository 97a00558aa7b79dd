/**
 * Pruning never deletes a release a running process loaded code from (issue 36: the fourth
 * publish failed with "Cannot find module …/server-chunks/…" once the release the server
 * started from was pruned). Pins: server/build/pins.ts.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pinReleaseHolding, releaseHolding } from "../../server/build/pins.ts";
import { pruneReleases, releasesDir } from "../../server/build/releases.ts";

let dir: string;
let buildDir: string;
let releases: string;
const names = ["20260101T000000000Z-0001", "20260102T000000000Z-0002", "20260103T000000000Z-0003", "20260104T000000000Z-0004", "20260105T000000000Z-0005", "20260106T000000000Z-0006"];
const pinsDir = () => path.join(releases, ".pins");
const pin = (release: string, host: string, pid: number) => {
  mkdirSync(pinsDir(), { recursive: true });
  writeFileSync(path.join(pinsDir(), `${release}~${host}~${pid}`), "");
  return path.join(pinsDir(), `${release}~${host}~${pid}`);
};
const onDisk = () => readdirSync(releases).filter((n) => !n.startsWith(".")).sort();

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pins-"));
  buildDir = path.join(dir, "build");
  releases = releasesDir(buildDir);
  for (const name of names) {
    mkdirSync(path.join(releases, name, "server-chunks"), { recursive: true });
    writeFileSync(path.join(releases, name, "server.js"), "");
  }
  symlinkSync(path.join(releases, names[5]!), buildDir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a release a live process pinned stays; pins of processes gone are swept and their releases pruned", async () => {
  const running = spawn("sleep", ["60"]);
  const gone = spawnSync("true").pid;
  try {
    pin(names[0]!, os.hostname(), running.pid!);
    const stale = pin(names[1]!, os.hostname(), gone);
    // The newest three stay; of the others, the pinned one.
    expect(await pruneReleases(buildDir)).toEqual([names[2], names[1]]);
    expect(onDisk()).toEqual([names[0], ...names.slice(3)]);
    expect(existsSync(stale)).toBe(false);

    running.kill();
    await new Promise((resolve) => running.once("exit", resolve));
    expect(await pruneReleases(buildDir)).toEqual([names[0]]);
    expect(onDisk()).toEqual(names.slice(3));
  } finally {
    running.kill();
  }
});

test("another machine's pin is trusted for a week", async () => {
  pin(names[0]!, "another-host", 1);
  const old = pin(names[1]!, "another-host", 1);
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
  utimesSync(old, eightDaysAgo, eightDaysAgo);
  expect(await pruneReleases(buildDir)).toEqual([names[2], names[1]]);
  expect(onDisk()).toEqual([names[0], ...names.slice(3)]);
});

test("this process pins the release its code lies in, through links, and only a release", async () => {
  // Through the BUILD_DIR link, as `node build/server.js` is started.
  expect(pinReleaseHolding(path.join(buildDir, "server.js"))).toBe(path.join(releases, names[5]!));
  expect(pinReleaseHolding(path.join(releases, names[0]!, "server-chunks"))).toBe(path.join(releases, names[0]!));
  expect(readdirSync(pinsDir()).sort()).toEqual([`${names[0]}~${os.hostname()}~${process.pid}`, `${names[5]}~${os.hostname()}~${process.pid}`]);
  await pruneReleases(buildDir);
  expect(onDisk()).toEqual([names[0], ...names.slice(3)]);

  // Not in a release: a development server's TypeScript, a plain build folder, the pins themselves.
  expect(releaseHolding(path.join(process.cwd(), "server/main.ts"))).toBeUndefined();
  expect(releaseHolding(dir)).toBeUndefined();
  expect(releaseHolding(pinsDir())).toBeUndefined();
});
