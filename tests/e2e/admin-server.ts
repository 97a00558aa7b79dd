/**
 * A server in local mode for the blog admin and page editor tests, started as the README says,
 * in a clean copy of the project (its files as git would commit them now, no build/ or data/;
 * node_modules linked): `ADMIN=1 npm run serve` on the project's build, hard-linked into the copy
 * as a release (the build is the one `npm start` makes: CI's build stage makes it on a fresh
 * clone, and a second build here cost CI two minutes). Each worker's server has a port of its
 * own (ports.ts). It prints the studio's
 * one-time sign-in link, opened once in a browser of the worker's: every test's browser starts
 * with that session, the local owner's, as the developer's would. It writes to a throwaway copy of
 * the content (CONTENT_ROOT) kept in a git repository of its own, so tests read what changed
 * since its first commit and never leave files in content/. Only tests that ask for `admin` start it;
 * the copy is new each run (global-setup.ts).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContextOptions } from "@playwright/test";
import Database from "better-sqlite3";
import { test as base } from "./fixtures.ts";
import { CLEAN_COPY_ENV } from "./global-setup.ts";
import { type CommandProcess, startCommand } from "./server-process.ts";
import { PORTS } from "./ports.ts";
import { linkReleaseInto } from "./release-link.ts";

/** The project as a fresh clone of it would be if the work were committed now: tracked and new files, nothing git ignores. */
function makeCleanCopy(dir: string) {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).split("\0");
  // Regular files only: in a git worktree, node_modules is a symlink git does not ignore (its pattern names a folder).
  for (const file of files.filter((f) => f !== "" && existsSync(f) && lstatSync(f).isFile())) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(file, path.join(dir, file));
  }
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  linkReleaseInto(dir);
}

/** One worker at a time: the first makes the copy; the others find it there. */
async function withCopyLocked<T>(copy: string, run: () => Promise<T>): Promise<T> {
  const lock = `${copy}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** `Studio, signed in as e2e: http://127.0.0.1:3110/api/studio/sign-in/local?token=…` (server/studio/local.ts). */
const PRINTED_LINK = /Studio, signed in as [^:]+: (\S+)/;

export interface AdminServer {
  /** e.g. http://127.0.0.1:3111 */
  url: string;
  /** The browser state the printed studio link signed in: the local owner's session cookie. */
  signedIn: BrowserContextOptions["storageState"];
  /** The clean copy of the project it was started in. */
  clone: string;
  /** The content root the server writes to: `${root}/content/…`, a git repository. */
  root: string;
  postsDir: string;
  /** `git diff --numstat` of the content root, published changes too, against its first commit: "added removed file" lines. */
  diff(): string[];
  /** Commits what a test wrote into the content root by hand, as a colleague's change arriving through git would be (the studio publishes only over a clean working copy). */
  commit(message: string): void;
  /** Puts every file back as the first commit has them (publishes undone), removes files added since, and drops every draft. */
  reset(): void;
}

/** Every draft kept in the server's database, so the next test opens each file as published. */
function dropDrafts(database: string) {
  const db = new Database(database);
  try {
    db.prepare("DELETE FROM studio_drafts").run();
  } finally {
    db.close();
  }
}

const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "-C", root, ...args], { encoding: "utf8" });

export const test = base.extend<object, { admin: AdminServer }>({
  // Every test's browser is the developer's, signed in through the printed link.
  storageState: async ({ admin }, use) => use(admin.signedIn),
  admin: [
    async ({ browser }, use, workerInfo) => {
      const root = mkdtempSync(path.join(os.tmpdir(), "admin-e2e-"));
      cpSync("content", path.join(root, "content"), { recursive: true });
      cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });
      git(root, "init", "-q");
      git(root, "add", "-A");
      git(root, "commit", "-qm", "content as the tests found it");
      const first = git(root, "rev-parse", "HEAD").trim();
      const database = path.join(root, "site.db");
      const port = PORTS.admin + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const clone = process.env[CLEAN_COPY_ENV];
      if (!clone) throw new Error(`${CLEAN_COPY_ENV} is not set: playwright.config.ts's globalSetup makes the clean copy's folder.`);
      // As a person runs it: ADMIN=1 and the documented settings, no BUILD_DIR from outside.
      const { BUILD_DIR: _buildDir, STUDIO: _studio, ...outside } = process.env;
      const env = { ...outside, ADMIN: "1", HOST: "127.0.0.1", PORT: String(port), CONTENT_ROOT: root, DATABASE_URL: `file:${database}`, LOG_LEVEL: "warn", FORM_RATE_LIMIT: "0" };
      let server: CommandProcess | undefined;
      try {
        server = await withCopyLocked(clone, () => {
          if (!existsSync(path.join(clone, "package.json"))) makeCleanCopy(clone);
          return startCommand("admin server", ["npm", "run", "serve"], { cwd: clone, env, ready: PRINTED_LINK, timeoutMs: 120_000 });
        });
        const developer = await browser.newContext();
        const landed = await developer.newPage();
        const [, studio = ""] = server.ready;
        await landed.goto(studio);
        if (new URL(landed.url()).pathname !== "/admin") throw new Error(`The printed link led to ${landed.url()}, not /admin.`);
        const signedIn = await developer.storageState();
        await developer.close();
        await use({
          url,
          signedIn,
          clone,
          root,
          postsDir: path.join(root, "content/blog/posts"),
          diff: () => git(root, "diff", "--numstat", first).trim().split("\n").filter(Boolean),
          commit: (message) => {
            git(root, "add", "-A", "content");
            git(root, "commit", "-qm", message);
          },
          reset: () => {
            git(root, "reset", "-q", "--hard", first);
            git(root, "clean", "-fdq", "content");
            dropDrafts(database);
          },
        });
      } finally {
        await server?.stop();
        rmSync(root, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect, expectNoAxeViolations, ignoreConsoleErrors, waitForHydration } from "./fixtures.ts";
