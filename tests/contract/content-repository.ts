/** The project's content in a git repository of its own, and the studio publishing to it, for the studio's publishing tests. */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunOutcome } from "../../server/build/scheduler.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { type DatabaseTarget, groupDatabase } from "./databases.ts";
import { type StartOptions, startFormsApp, type TestApp } from "./forms-harness.ts";
import { makeAccount, sessionOf } from "./studio-harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** git in `root`, as the developer "Dev". */
export const gitIn =
  (root: string) =>
  (...args: string[]) =>
    execFileSync("git", args, { cwd: root, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "Dev", GIT_AUTHOR_EMAIL: "dev@example.com", GIT_COMMITTER_NAME: "Dev", GIT_COMMITTER_EMAIL: "dev@example.com" } }).trim();

/** The project's content, committed by "Dev" in a fresh repository (or in `root`, made a repository). */
export function contentRepository(root = mkdtempSync(path.join(os.tmpdir(), "studio-content-"))): string {
  if (!existsSync(path.join(root, "content"))) cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
  const git = gitIn(root);
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("commit", "--quiet", "--message=Content");
  return root;
}

/** Every content file's hash, to show a test wrote none. */
export function contentHashes(root: string): Record<string, string> {
  const dir = path.join(root, "content");
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .map((file) => [path.relative(dir, file), createHash("sha256").update(readFileSync(file)).digest("hex")]),
  );
}

/**
 * The studio on a database of `target`, publishing to a content repository of its own, its
 * rebuilds a stand-in that counts its runs (as quick as a real one that found one page
 * changed). Started before the group's tests, removed after them.
 */
export function studioPublishing(target: DatabaseTarget, options: StartOptions = {}) {
  let t: TestApp | undefined;
  let root: string | undefined;
  let n = 0;
  const state = { rebuilds: 0 };
  const run = async (): Promise<RunOutcome> => {
    state.rebuilds++;
    await new Promise((r) => setTimeout(r, 20));
    return { code: 0, result: { release: "r", rendered: ["/about"], removed: [], unchanged: 0, ms: 20 } };
  };
  const database = groupDatabase(target);
  beforeAll(async () => {
    root = contentRepository();
    t = await startFormsApp({ databaseUrl: database.url, studio: true, contentRoot: root, rebuilds: { run }, ...options });
  });
  afterAll(async () => {
    await t?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });
  const started = () => {
    if (!t || !root) throw new Error("the studio starts in beforeAll");
    return { t, root };
  };
  const read = (file: string) => readFileSync(path.join(started().root, file), "utf8");
  return {
    get t() {
      return started().t;
    },
    get root() {
      return started().root;
    },
    /** How many rebuilds were asked for so far. */
    get rebuilds() {
      return state.rebuilds;
    },
    git: (...args: string[]) => gitIn(started().root)(...args),
    head: () => gitIn(started().root)("rev-parse", "HEAD"),
    read,
    /** A file as a draft of it begins: its version and data. */
    draftOf(file: string) {
      const text = read(file);
      return { base: versionOf(text), data: JSON.parse(text) };
    },
    /** An account with a live session. */
    async person(role: "contributor" | "editor" | "admin", name: string) {
      const db = started().t.app.storage.db;
      const account = await makeAccount(db, `${name.split(" ")[0]!.toLowerCase()}.${++n}@example.com`, role, name);
      return { account, session: await sessionOf(db, account.id) };
    },
  };
}
