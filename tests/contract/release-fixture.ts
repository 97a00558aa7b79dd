/**
 * A build of its own for a test, laid out as npm run build lays it out (a link to a release,
 * server/build/releases.ts), made from a copy of the project's build (built first if there is
 * none), with a copy of the content for the incremental rebuild to read and change.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type RebuildResult, RESULT_PREFIX } from "../../server/build/rebuild.ts";
import { linkCopy, releasesDir, startRelease, switchTo } from "../../server/build/releases.ts";
import { ensureBuild, ROOT } from "../site-build.ts";

export { ROOT };

/** What rebuild.js prints last (its release is the folder's name). */
export type { RebuildResult } from "../../server/build/rebuild.ts";

export interface TestRelease {
  /** The link (BUILD_DIR), inside the project so the release's bundles find node_modules. */
  buildDir: string;
  /** The first release, a copy of the project's build. */
  first: string;
  /** A copy of content/ and public/: the incremental rebuild's working directory. */
  work: string;
  /** Runs the release's own rebuild.js (the one the server runs) and returns its result. */
  rebuild(...args: string[]): Promise<RebuildResult>;
  /** rebuild() with more environment variables for its process. */
  rebuildWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<RebuildResult>;
  remove(): void;
}

/**
 * `links`: the first release shares the project build's files (hard links), as a rebuild's new
 * release shares its predecessor's: quicker, for a test whose only writer is the real rebuild,
 * which never writes a file in place (server/build/releases.ts replaceFile).
 */
export async function testRelease(name: string, { links = false }: { links?: boolean } = {}): Promise<TestRelease> {
  const built = await ensureBuild();
  const buildDir = path.join(ROOT, `build-${name}-${process.pid}`);
  // Otherwise a copy: nothing a test does may reach the project's build.
  const target = await startRelease(buildDir);
  if (links) await linkCopy(realpathSync(built), target.dir);
  else cpSync(realpathSync(built), target.dir, { recursive: true });
  const first = await target.complete();
  await switchTo(buildDir, first);
  const work = mkdtempSync(path.join(os.tmpdir(), `${name}-content-`));
  cpSync(path.join(ROOT, "content"), path.join(work, "content"), { recursive: true });
  cpSync(path.join(ROOT, "public"), path.join(work, "public"), { recursive: true });

  const release: TestRelease = {
    buildDir,
    first,
    work,
    rebuild: (...args) => release.rebuildWith({}, ...args),
    async rebuildWith(env, ...args) {
      // Not spawnSync: a test that puts load on a server meanwhile needs its event loop.
      const child = spawn(process.execPath, [path.join(buildDir, "rebuild.js"), ...args], { cwd: work, env: { ...process.env, BUILD_DIR: buildDir, ...env } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d));
      child.stderr.on("data", (d: Buffer) => (stderr += d));
      const status = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      const line = stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
      if (status !== 0 || !line) throw new Error(`rebuild.js exited with ${status}:\n${stdout}\n${stderr}`);
      return JSON.parse(line.slice(RESULT_PREFIX.length)) as RebuildResult;
    },
    remove() {
      rmSync(buildDir, { force: true });
      // Retried: a rebuild the killed server had started may still be writing into it for a moment.
      rmSync(releasesDir(buildDir), { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      rmSync(work, { recursive: true, force: true });
    },
  };
  return release;
}

/** A local blog post the rebuild can add (written into the test's content). */
export function postMarkdown(title: string, date: string, text: string): string {
  return ["---", `title: "${title}"`, `excerpt: "A post the incremental rebuild adds."`, `date: ${date}`, "author: arjun-mehta", "category: cloud-devops", "tags: [devops]", "---", text, ""].join("\n");
}
