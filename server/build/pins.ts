/**
 * Releases in use by a running process, which pruning must leave on disk.
 *
 * A release holds code as well as pages: `server.js` and `rebuild.js` import their chunks
 * (server-chunks/) lazily, and the studio's previews import the release's renderer. A process
 * that loaded code from a release keeps importing from that folder for as long as it runs, so
 * deleting it breaks the next lazy import ("Cannot find module …/server-chunks/…"). Each such
 * process pins the release: a file `.pins/<release>~<host>~<pid>` in the releases folder,
 * removed when the process exits. A pin whose process is gone (same machine) is stale and is
 * swept by the next prune; one from another machine is trusted until it is a week old.
 */
import { mkdirSync, readdirSync, realpathSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PINS = ".pins";
const FOREIGN_PIN_MS = 7 * 24 * 3600_000;

/** Pins held by this process, removed together when it exits. */
const held = new Set<string>();
let cleanupInstalled = false;

/** A build's releases live in `<BUILD_DIR>-releases/` (./releases.ts). */
export const RELEASES_SUFFIX = "-releases";

/** The release folder `file` (a file or folder, links resolved) lies in, or undefined when it lies in none. */
export function releaseHolding(file: string): string | undefined {
  let dir: string;
  try {
    dir = realpathSync(file);
  } catch {
    return undefined;
  }
  for (; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const name = path.basename(dir);
    if (path.basename(path.dirname(dir)).endsWith(RELEASES_SUFFIX) && !name.startsWith(".")) return dir;
  }
  return undefined;
}

/**
 * Pins the release that `file` lies in for as long as this process runs: code this process
 * loaded from there (its own server.js or rebuild.js, a renderer it imported). A no-op when it
 * lies in none (a development server running TypeScript, a plain build folder). Idempotent.
 */
export function pinReleaseHolding(file: string): string | undefined {
  const release = releaseHolding(file);
  if (!release) return undefined;
  const pin = path.join(path.dirname(release), PINS, `${path.basename(release)}~${os.hostname()}~${process.pid}`);
  if (held.has(pin)) return release;
  mkdirSync(path.dirname(pin), { recursive: true });
  writeFileSync(pin, new Date().toISOString());
  held.add(pin);
  if (!cleanupInstalled) {
    cleanupInstalled = true;
    process.once("exit", () => {
      for (const file of held) {
        try {
          unlinkSync(file);
        } catch {
          // already swept
        }
      }
    });
  }
  return release;
}

/** The releases pinned by a live process; stale pins are removed on the way. */
export function pinnedReleases(releasesFolder: string): Set<string> {
  const folder = path.join(releasesFolder, PINS);
  const pinned = new Set<string>();
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return pinned;
  }
  for (const name of names) {
    const [release, host, pid] = name.split("~");
    if (!release || !host || !pid) continue;
    if (isLive(path.join(folder, name), host, Number(pid))) pinned.add(release);
    else {
      try {
        unlinkSync(path.join(folder, name));
      } catch {
        // swept by another prune
      }
    }
  }
  return pinned;
}

function isLive(file: string, host: string, pid: number): boolean {
  if (host !== os.hostname()) {
    try {
      return Date.now() - statSync(file).mtimeMs < FOREIGN_PIN_MS;
    } catch {
      return false;
    }
  }
  return isRunningHere(pid);
}

/** Whether a process of this machine is running (signal 0 only asks; EPERM: it runs as another user). */
export function isRunningHere(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
