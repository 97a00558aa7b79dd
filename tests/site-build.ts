/**
 * The project's build (npm run build: a release behind the build/ link), made once for every
 * test file that needs one: `npm test` builds before Vitest runs, so this only builds when a
 * test file is run on its own on a machine without a build. A lock folder keeps two test
 * workers from building at the same time.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { productionEnv } from "./production-env.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BUILD = path.join(ROOT, "build");
const LOCK = path.join(ROOT, "build.test-lock");

/** A build with everything this branch's builds hold (a build from before it lacks some). */
const complete = () => ["renderer/index.js", "rebuild.js", "server.js", "client/_headers", "pages.json", "post-html.json"].every((f) => existsSync(path.join(BUILD, f)));

export async function ensureBuild(): Promise<string> {
  for (;;) {
    if (complete()) return BUILD;
    try {
      mkdirSync(LOCK);
    } catch {
      // Another worker is building; a lock older than 10 minutes is a crashed build.
      if (Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    try {
      if (!complete()) execFileSync("npm", ["run", "build"], { cwd: ROOT, env: productionEnv(), stdio: ["ignore", "ignore", "inherit"] });
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

/** Every prerendered page of the build (each index.html under client/, redirect stubs included): where it is and its HTML. */
export async function builtPages(): Promise<{ page: string; html: string }[]> {
  const client = path.join(await ensureBuild(), "client");
  return readdirSync(client, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ page: path.relative(BUILD, file), html: readFileSync(file, "utf8") }));
}
