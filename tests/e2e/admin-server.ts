/**
 * A server in local mode for the admin tests: an admin build (ADMIN=1, in build-e2e-admin/,
 * rebuilt when src/ or schemas/ changed since), served by `server/main.ts` with ADMIN=1 on a
 * port of its own, writing to a throwaway copy of content/blog (CONTENT_ROOT), so tests
 * never leave files in content/blog/posts. One server per Playwright worker; only tests
 * that ask for `admin` start it, so the rest of the suite never pays for the admin build.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base } from "./fixtures.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

export const ADMIN_BUILD = "build-e2e-admin";
const LOCK = `${ADMIN_BUILD}.lock`;
const SOURCES = ["src", "schemas", "site.config.ts", "react-router.config.ts", "vite.config.ts", "package.json"];

const newest = (p: string): number => {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
};

/** Builds the admin site once for all workers (a lock folder), and only when it is out of date. */
async function ensureAdminBuild() {
  // Written once the build has finished: the build's own files appear while it still runs
  // (site-manifest.json comes before the pages are rewritten and compressed), and a server
  // started on them then would serve half-written files.
  const built = path.join(ADMIN_BUILD, ".built");
  const fresh = () => existsSync(built) && existsSync(path.join(ADMIN_BUILD, "client/admin/index.html")) && statSync(built).mtimeMs > Math.max(...SOURCES.map(newest));
  for (;;) {
    if (fresh()) return;
    try {
      mkdirSync(LOCK);
    } catch {
      // Another worker is building; a lock older than 10 minutes is a crashed build.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > 600_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    try {
      if (fresh()) return;
      rmSync(built, { force: true }); // a failed build must not look fresh next time
      execFileSync("npx", ["react-router", "build"], { env: { ...process.env, ADMIN: "1", BUILD_DIR: ADMIN_BUILD }, stdio: ["ignore", "ignore", "inherit"] });
      writeFileSync(built, "");
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

export interface AdminServer {
  /** e.g. http://127.0.0.1:3161 */
  url: string;
  /** The content root the server writes to: `${root}/content/blog/posts/*.md`. */
  root: string;
  postsDir: string;
}

export const test = base.extend<object, { admin: AdminServer }>({
  admin: [
    async ({}, use, workerInfo) => {
      await ensureAdminBuild();
      const root = mkdtempSync(path.join(os.tmpdir(), "admin-e2e-"));
      cpSync("content/blog", path.join(root, "content/blog"), { recursive: true });
      cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });
      // Beside the suite's own server (E2E_PORT + 60, one per worker): runs with other ports never meet.
      const port = Number(process.env.E2E_PORT ?? 3100) + 60 + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      let server: ServerProcess | undefined;
      try {
        server = await startServerProcess(
          "admin server",
          ["server/main.ts"],
          { ...process.env, ADMIN: "1", HOST: "127.0.0.1", PORT: String(port), BUILD_DIR: ADMIN_BUILD, CONTENT_ROOT: root, DATABASE_URL: `file:${path.join(root, "site.db")}`, LOG_LEVEL: "warn", FORM_RATE_LIMIT: "0" },
          `${url}/admin`,
        );
        await use({ url, root, postsDir: path.join(root, "content/blog/posts") });
      } finally {
        server?.child.kill("SIGTERM");
        rmSync(root, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 600_000 },
  ],
});

export { expect, expectNoAxeViolations, waitForHydration } from "./fixtures.ts";
