/**
 * npm run build (after the content check): the whole site, built into a new release folder
 * and switched in atomically (server/build/releases.ts). A server already running on
 * BUILD_DIR serves the new build from its next request, without a restart; one that is
 * reading a page at that moment finishes it from the old build.
 *
 * The build waits (up to 10 minutes) while an incremental rebuild holds the releases' lock,
 * so the two never write releases from the same starting point.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildDirectory } from "../src/admin/mode.server.ts";
import { REPLACED_BUILD_ENV } from "../src/runtime/replaced-build.server.ts";
import { lockReleases, pruneReleases, ReleaseLockBusy, startRelease, switchTo } from "../server/build/releases.ts";

const WAIT_FOR_LOCK_MS = 10 * 60_000;

const buildDir = path.resolve(buildDirectory());
const started = performance.now();

let release: () => void = () => undefined;
for (const deadline = Date.now() + WAIT_FOR_LOCK_MS; ; ) {
  try {
    release = lockReleases(buildDir, "npm run build");
    break;
  } catch (error) {
    if (!(error instanceof ReleaseLockBusy) || Date.now() > deadline) throw error;
    console.log(`Waiting: ${error.message}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}
process.once("exit", release);

const target = await startRelease(buildDir);
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    env: { ...process.env, BUILD_DIR: target.dir, [REPLACED_BUILD_ENV]: buildDir },
    stdio: "inherit",
  });
  child.on("exit", (status) => resolve(status ?? 1));
});
if (code !== 0) {
  console.error(`The build failed (exit code ${code}); ${path.relative(process.cwd(), buildDir)} still serves the build it served before.`);
  process.exit(code);
}

const dir = await target.complete();
await switchTo(buildDir, dir);
const removed = await pruneReleases(buildDir);
release();
console.log(
  `Build: ${path.relative(process.cwd(), buildDir)} → ${path.relative(path.dirname(buildDir), dir)} (${((performance.now() - started) / 1000).toFixed(1)} s)` +
    (removed.length > 0 ? `; removed ${removed.length} old release${removed.length > 1 ? "s" : ""}` : ""),
);
