/**
 * The studio's git door (server/studio/git.ts) on a real repository made in a temp folder:
 * what changed under content/, commits with the person as author and the studio as
 * committer, a file's history across a rename, a file at a revision, and text that must never
 * become a git option.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { contentGit, GitFailed, isRev, STUDIO_COMMITTER } from "../../server/studio/git.ts";

let root: string;
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "Dev", GIT_AUTHOR_EMAIL: "dev@example.com", GIT_COMMITTER_NAME: "Dev", GIT_COMMITTER_EMAIL: "dev@example.com" } }).trim();
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-git-"));
  git("init", "--quiet", "--initial-branch=main");
  write("content/pages/about.json", '{ "title": "About" }\n');
  write("README.md", "readme\n");
  git("add", ".");
  git("commit", "--quiet", "--message=Start");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const asha = { name: "Asha Rao", email: "asha@example.com" };

describe("what changed under content/", () => {
  test("nothing after a commit; changed, new and deleted files by name; changes outside content/ do not count", async () => {
    const g = contentGit(root);
    expect(await g.changedContent()).toEqual([]);
    write("README.md", "changed\n");
    expect(await g.changedContent()).toEqual([]);
    write("content/pages/about.json", '{ "title": "Hand edited" }\n');
    write("content/pages/new page.json", "{}\n");
    expect(await g.changedContent()).toEqual(["content/pages/about.json", "content/pages/new page.json"]);
    git("add", "content/pages/new page.json");
    rmSync(path.join(root, "content/pages/about.json"));
    expect(await g.changedContent()).toEqual(["content/pages/about.json", "content/pages/new page.json"]);
  });

  test("a merge, a rebase or a cherry-pick waiting for the developer is said; nothing otherwise", async () => {
    const g = contentGit(root);
    expect(await g.unfinished()).toBeUndefined();
    git("checkout", "--quiet", "-b", "theirs");
    write("README.md", "theirs\n");
    git("commit", "--quiet", "--all", "--message=Theirs");
    git("checkout", "--quiet", "main");
    write("README.md", "ours\n");
    git("commit", "--quiet", "--all", "--message=Ours");
    expect(() => git("merge", "--quiet", "theirs")).toThrow();
    expect(await g.unfinished()).toBe("a merge");
    git("merge", "--abort");
    expect(await g.unfinished()).toBeUndefined();
    expect(() => git("cherry-pick", "theirs")).toThrow();
    expect(await g.unfinished()).toBe("a cherry-pick");
    git("cherry-pick", "--abort");
    expect(() => git("rebase", "--quiet", "theirs")).toThrow();
    expect(await g.unfinished()).toBe("a rebase");
    git("rebase", "--abort");
    expect(await g.unfinished()).toBeUndefined();
  });

  test("the content root must be the top of a working copy", async () => {
    expect(await contentGit(root).isWorkingCopy()).toBe(true);
    expect(await contentGit(path.join(root, "content")).isWorkingCopy()).toBe(false);
    const plain = mkdtempSync(path.join(os.tmpdir(), "studio-nogit-"));
    expect(await contentGit(plain).isWorkingCopy()).toBe(false);
    rmSync(plain, { recursive: true });
  });
});

describe("a commit", () => {
  test("has the person as author, the studio as committer, the message as given, and only the given paths", async () => {
    const g = contentGit(root);
    write("content/pages/about.json", '{ "title": "About us" }\n');
    write("content/pages/contact.json", "{}\n");
    git("add", "content/pages/contact.json"); // someone else's staged work stays out of the commit
    const rev = await g.commit(["content/pages/about.json"], asha, "Edit page /about: Title");
    expect(rev).toMatch(/^[0-9a-f]{40}$/);
    expect(git("log", "-1", "--format=%an <%ae>|%cn <%ce>|%s")).toBe(`Asha Rao <asha@example.com>|${STUDIO_COMMITTER.name} <${STUDIO_COMMITTER.email}>|Edit page /about: Title`);
    expect(git("show", "--name-only", "--format=", rev)).toBe("content/pages/about.json");
    expect(git("diff", "--cached", "--name-only")).toBe("content/pages/contact.json");
  });

  test("adds a new file and records a removed one", async () => {
    const g = contentGit(root);
    write("content/pages/new.json", "{}\n");
    await g.commit(["content/pages/new.json"], asha, "New page");
    rmSync(path.join(root, "content/pages/about.json"));
    await g.commit(["content/pages/about.json"], asha, "Delete page /about");
    expect(git("ls-files", "content")).toBe("content/pages/new.json");
    expect(await g.changedContent()).toEqual([]);
  });

  test("text that looks like an option stays text: a message, a name, an address, a path", async () => {
    const g = contentGit(root);
    write("content/--help.json", "{}\n");
    const person = { name: "--amend <evil@example.com>\nX", email: "-c core.pager=sh" };
    await g.commit(["content/--help.json"], person, "--amend");
    expect(git("log", "-1", "--format=%an|%ae|%s")).toBe("--amend evil@example.comX|-c core.pager=sh|--amend");
    expect(git("rev-list", "--count", "HEAD")).toBe("2");
  });

  test("a refusing hook is a GitFailed; unstage puts the index back", async () => {
    const g = contentGit(root);
    const hook = path.join(root, ".git", "hooks", "pre-commit");
    writeFileSync(hook, "#!/bin/sh\necho 'no commits today' >&2\nexit 1\n");
    chmodSync(hook, 0o755);
    write("content/pages/about.json", '{ "title": "Refused" }\n');
    const failed = await g.commit(["content/pages/about.json"], asha, "Edit").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(GitFailed);
    expect((failed as GitFailed).message).toContain("no commits today");
    expect(git("rev-list", "--count", "HEAD")).toBe("1");
    await g.unstage(["content/pages/about.json"]);
    expect(git("diff", "--cached", "--name-only")).toBe("");
  });
});

describe("history", () => {
  test("a file's commits, newest first, with author, ISO date and subject, across a rename", async () => {
    const g = contentGit(root);
    write("content/pages/about.json", '{ "title": "About us" }\n');
    const edit = await g.commit(["content/pages/about.json"], asha, "Edit page /about: Title");
    git("mv", "content/pages/about.json", "content/pages/company.json");
    git("commit", "--quiet", "--message=Rename about to company");
    const log = await g.log("content/pages/company.json");
    expect(log.map((r) => [r.subject, r.author.name, r.file])).toEqual([
      ["Rename about to company", "Dev", "content/pages/company.json"],
      ["Edit page /about: Title", "Asha Rao", "content/pages/about.json"],
      ["Start", "Dev", "content/pages/about.json"],
    ]);
    expect(log[1]).toMatchObject({ rev: edit, author: asha });
    expect(new Date(log[1]!.date).toISOString()).not.toBe("Invalid Date");
    expect(log[1]!.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(await g.log("content/pages/none.json")).toEqual([]);
  });

  test("a file at a revision, by full or short name; a missing file or revision is undefined", async () => {
    const g = contentGit(root);
    const start = await g.head();
    write("content/pages/about.json", '{ "title": "About us" }\n');
    await g.commit(["content/pages/about.json"], asha, "Edit");
    expect(await g.show(start, "content/pages/about.json")).toBe('{ "title": "About" }\n');
    expect(await g.show(start.slice(0, 7), "content/pages/about.json")).toBe('{ "title": "About" }\n');
    expect(await g.show(start, "content/pages/none.json")).toBeUndefined();
    expect(await g.show("0".repeat(40), "content/pages/about.json")).toBeUndefined();
    expect(await g.resolve(start.slice(0, 8))).toBe(start);
    expect(await g.resolve("deadbeef")).toBeUndefined();
  });

  test("only hex object names are revisions: branch names, ranges and options are not", async () => {
    for (const rev of ["HEAD", "main", "HEAD~1", "--all", "abc", "a".repeat(65), "ABCDEF0", "abcdef0..abcdef1", "", 7]) expect(isRev(rev), String(rev)).toBe(false);
    for (const rev of ["abcdef0", "0123456789abcdef0123456789abcdef01234567"]) expect(isRev(rev)).toBe(true);
    expect(await contentGit(root).resolve("HEAD")).toBeUndefined();
    expect(await contentGit(root).show("HEAD", "content/pages/about.json")).toBeUndefined();
  });
});
