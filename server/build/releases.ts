/**
 * Builds as releases. `npm run build` and every incremental rebuild write a complete build
 * into a folder of its own, `<BUILD_DIR>-releases/<id>/`, and then point BUILD_DIR (a symbolic
 * link) at it with one rename(2): a server sees the old build or the new one, never a
 * half-written one (server/build/live.ts). The releases before it stay on disk for a while,
 * so pages served a moment earlier still find their assets.
 *
 * A lock file in the releases folder lets one build or rebuild at a time write a release:
 * two rebuilds from different server processes would otherwise each start from the same
 * release and the later switch would drop the other's changes.
 */
import { randomBytes } from "node:crypto";
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, unlinkSync, writeSync } from "node:fs";
import { link, mkdir, readdir, rename, rm, stat, symlink, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ServerError } from "../errors.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { isRunningHere, pinnedReleases, RELEASES_SUFFIX } from "./pins.ts";

/** How many releases stay on disk: the one served and the two before it. */
export const KEEP_RELEASES = 3;
/** A release being written is `<id>.partial` until it is complete. */
const PARTIAL = ".partial";
const LOCK = ".lock";
/** A lock older than this is left over from a process that died (a rebuild takes seconds). */
const STALE_LOCK_MS = 30 * 60_000;

export const releasesDir = (buildDir: string) => `${path.resolve(buildDir)}${RELEASES_SUFFIX}`;

/** Sortable by time: 20250601T093000123Z-1a2b. */
export const newReleaseId = () => `${new Date().toISOString().replace(/[-:.]/g, "")}-${randomBytes(2).toString("hex")}`;

/** The release BUILD_DIR points at, or undefined when BUILD_DIR is a plain folder or missing. */
export function currentRelease(buildDir: string): string | undefined {
  try {
    if (!lstatSync(buildDir).isSymbolicLink()) return undefined;
    return realpathSync(buildDir);
  } catch {
    return undefined;
  }
}

/**
 * Which full build a release comes from: an incremental rebuild's release hard-links the full
 * build's rebuild.js and server build, so they keep their inodes; a deploy writes new files.
 */
export function buildIdOf(release: string): string {
  return ["rebuild.js", "renderer/index.js"]
    .map((file) => {
      const { dev, ino } = statSync(path.join(release, file), { bigint: true });
      return `${dev}:${ino}`;
    })
    .join("/");
}

/** The complete releases on disk, newest first. */
export function listReleases(buildDir: string): string[] {
  const dir = releasesDir(buildDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => !n.startsWith(".") && !n.endsWith(PARTIAL)).sort().reverse().map((n) => path.join(dir, n));
}

/** A new, empty release folder to write into; `complete()` gives it its final name. */
export async function startRelease(buildDir: string): Promise<{ dir: string; complete: () => Promise<string> }> {
  const id = newReleaseId();
  const final = path.join(releasesDir(buildDir), id);
  const dir = final + PARTIAL;
  await mkdir(dir, { recursive: true });
  return {
    dir,
    complete: async () => {
      await rename(dir, final);
      return final;
    },
  };
}

/**
 * Points BUILD_DIR at `release`, atomically: a new link beside it renamed over it. A plain
 * build folder in its place (a build made before releases existed) is moved into the releases
 * first; that one time, BUILD_DIR is missing for an instant.
 */
export async function switchTo(buildDir: string, release: string): Promise<void> {
  const link = path.resolve(buildDir);
  const temporary = `${link}.switch-${randomBytes(4).toString("hex")}`;
  // Relative, so the project folder can move; Windows links folders as junctions, which are absolute.
  if (process.platform === "win32") await symlink(release, temporary, "junction");
  else await symlink(path.relative(path.dirname(link), release), temporary);
  try {
    const existing = lstatSync(link, { throwIfNoEntry: false });
    if (existing?.isDirectory()) await rename(link, path.join(releasesDir(buildDir), `${newReleaseId()}-in-place`));
    await rename(temporary, link);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Removes releases beyond the newest `keep` and partial releases left by a build that died.
 * Never the one served, nor one a running process loaded code from (./pins.ts): the server
 * started from it, its rebuild worker, the studio's previews.
 */
export async function pruneReleases(buildDir: string, keep = KEEP_RELEASES): Promise<string[]> {
  const dir = releasesDir(buildDir);
  const served = currentRelease(buildDir);
  const removed: string[] = [];
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith("."));
  for (const name of names.filter((n) => n.endsWith(PARTIAL))) {
    const age = Date.now() - (await stat(path.join(dir, name))).mtimeMs;
    if (age > STALE_LOCK_MS) removed.push(name);
  }
  const complete = names.filter((n) => !n.endsWith(PARTIAL)).sort().reverse();
  const pinned = pinnedReleases(dir);
  removed.push(...complete.slice(keep).filter((n) => path.join(dir, n) !== served && !pinned.has(n)));
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

/**
 * Copies a release by hard links: instant, no extra disk, and every file of an unchanged page
 * stays byte for byte (and inode for inode) what it was. A file that changes must be replaced,
 * never written in place, or the release it came from would change too: see replaceFile.
 */
export async function linkCopy(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkCopy(source, target);
    else await link(source, target);
  }
}

/** Writes a file of a release that may share its inode with an older release: a new file, renamed into place. */
export async function replaceFile(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** The lock is held by another build (code ReleasesLocked): wait and try again. */
export class ReleaseLockBusy extends ServerError {
  constructor(readonly holder: string) {
    super(errors.ReleasesLocked(holder));
  }
}

/**
 * Takes the releases' lock, or throws ReleaseLockBusy naming its holder. A lock whose process
 * is gone (same machine) or that is older than half an hour is taken over.
 */
export function lockReleases(buildDir: string, what: string): () => void {
  const dir = releasesDir(buildDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK);
  const holder = `${what} pid ${process.pid} on ${os.hostname()} since ${new Date().toISOString()}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, holder);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, "utf8") === holder) rmLock(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const existing = readLock(file);
      if (existing && !isStale(file, existing)) throw new ReleaseLockBusy(existing);
      rmLock(file);
    }
  }
  throw new ReleaseLockBusy(readLock(file) ?? "unknown");
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function isStale(file: string, holder: string): boolean {
  const match = /pid (\d+) on (\S+) since (\S+)$/.exec(holder);
  if (!match) return true;
  if (Date.now() - Date.parse(match[3]!) > STALE_LOCK_MS) return true;
  if (match[2] !== os.hostname()) return false;
  return !isRunningHere(Number(match[1]));
}

function rmLock(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Where BUILD_DIR points, for messages. */
export const describeLink = (buildDir: string) => {
  try {
    return `${buildDir} → ${readlinkSync(buildDir)}`;
  } catch {
    return buildDir;
  }
};
