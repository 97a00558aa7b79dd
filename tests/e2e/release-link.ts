/**
 * The project's build laid out in another folder as a build leaves it: `build` a link to a
 * release under `build-releases/`, whose files are hard links to this worktree's release (the
 * same files, no time spent copying; rebuilds there write new files, never into these).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import path from "node:path";

export function linkReleaseInto(dir: string) {
  const release = realpathSync("build");
  mkdirSync(path.join(dir, "build-releases"));
  execFileSync("cp", ["-al", release, path.join(dir, "build-releases", path.basename(release))]);
  symlinkSync(path.join("build-releases", path.basename(release)), path.join(dir, "build"));
}
