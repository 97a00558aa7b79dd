/**
 * The studio's door to git: the content root is a git working copy (CONTENT_ROOT, by default
 * the project's checkout), and the studio reads its history and commits to it with the system
 * `git`, run through execFile with a fixed argument list:
 *
 * - no shell, and user text is never an option: paths come after `--`, a message is one
 *   `--message=…` argument, a revision must be a hex object name;
 * - who made a change is told to git through the environment (GIT_AUTHOR_NAME, …), never as a
 *   formatted "Name <email>" argument; the committer is the studio;
 * - the user's own git configuration and hooks still apply (a failing pre-commit hook refuses
 *   the commit like any other git failure).
 */
import { execFile } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { serialize } from "../../src/runtime/content/write.ts";

/** A revision as the studio accepts it from a client: an abbreviated or full object name. */
export const REV = /^[0-9a-f]{7,64}$/;
export const isRev = (rev: unknown): rev is string => typeof rev === "string" && REV.test(rev);

/** The folder whose changes the studio owns and refuses to commit over. */
export const CONTENT_DIR = "content";

/**
 * Runs a change to the working copy (a publish, a revert, a pull) after the ones before it in
 * this process: a pull never moves HEAD between a publish's write and its commit.
 */
export const oneAtATime = <T,>(root: string, task: () => Promise<T>): Promise<T> => serialize(`content-git:${root}`, task);

/** What git leaves in its folder while an operation waits for the developer, and what it is called. */
const UNFINISHED: Record<string, string> = {
  MERGE_HEAD: "a merge",
  "rebase-merge": "a rebase",
  "rebase-apply": "a rebase",
  CHERRY_PICK_HEAD: "a cherry-pick",
  REVERT_HEAD: "a revert",
  BISECT_LOG: "a bisect",
};

/** A fetch or a push that has not finished by then is ended (a remote that never answers). */
export const NETWORK_TIMEOUT_MS = 60_000;

export interface Person {
  name: string;
  email: string;
}

export interface Revision {
  rev: string;
  author: Person;
  /** The author date, ISO 8601 with its offset. */
  date: string;
  subject: string;
  /** The file's path at that revision (it may have been renamed since). */
  file: string;
}

/** The committer of every studio commit; the author is the person who published. */
export const STUDIO_COMMITTER: Person = { name: "Studio", email: "studio@localhost" };

export class GitFailed extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
  ) {
    super(`git ${args[0]} failed: ${stderr.trim() || "no message"}`);
  }
}

/** Names and addresses go into the environment; git refuses some characters, so they are dropped. */
const clean = (text: string) => text.replace(/[<>\n\r\0]/g, "").trim() || "unknown";

/** The environment git runs in: ours, less any GIT_* that would point it elsewhere (set inside hooks). */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  return { ...env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" };
}

export function contentGit(root: string, { committer = STUDIO_COMMITTER }: { committer?: Person } = {}) {
  const run = (args: string[], env: NodeJS.ProcessEnv = {}, timeout = 0): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile("git", args, { cwd: root, env: { ...baseEnv(), ...env }, maxBuffer: 64 * 1024 * 1024, encoding: "utf8", timeout }, (error, stdout, stderr) => {
        if (error) reject(new GitFailed(args, stderr || error.message));
        else resolve(stdout);
      });
    });

  /** Files under content/ that differ from the last commit (staged, unstaged or untracked). */
  async function changedContent(): Promise<string[]> {
    const out = await run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", CONTENT_DIR]);
    const files: string[] = [];
    const entries = out.split("\0");
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.length < 4) continue;
      files.push(entry.slice(3));
      if (entry[0] === "R" || entry[0] === "C") i++; // a rename's old name follows
    }
    return files.sort();
  }

  return {
    root,

    /** Whether the content root is the top of a git working copy (the studio needs it to be). */
    async isWorkingCopy(): Promise<boolean> {
      try {
        const top = (await run(["rev-parse", "--show-toplevel"])).trim();
        return realpathSync(top) === realpathSync(root);
      } catch {
        return false;
      }
    },

    changedContent,

    /**
     * What git is in the middle of in this working copy (a merge, a rebase, a cherry-pick, a
     * revert, a bisect), if anything: a commit then would become part of it, so the studio
     * publishes nothing until it is finished (a developer's checkout in local mode).
     */
    async unfinished(): Promise<string | undefined> {
      const marks = Object.keys(UNFINISHED);
      const paths = (await run(["rev-parse", ...marks.flatMap((mark) => ["--git-path", mark])])).split("\n");
      const at = marks.findIndex((_mark, i) => existsSync(path.resolve(root, paths[i]!)));
      return at < 0 ? undefined : UNFINISHED[marks[at]!];
    },

    /** The commit HEAD points at. */
    async head(): Promise<string> {
      return (await run(["rev-parse", "--verify", "HEAD^{commit}"])).trim();
    },

    /** The full name of a commit, or undefined when there is none by that name. */
    async resolve(rev: string): Promise<string | undefined> {
      if (!isRev(rev)) return undefined;
      try {
        return (await run(["rev-parse", "--verify", "--quiet", "--end-of-options", `${rev}^{commit}`])).trim();
      } catch {
        return undefined;
      }
    },

    /**
     * Commits these paths (their contents in the working copy, added or removed) and nothing
     * else, with `author` as the author. Anything already staged stays staged and out of it.
     */
    async commit(paths: string[], author: Person, message: string): Promise<string> {
      const env = {
        GIT_AUTHOR_NAME: clean(author.name),
        GIT_AUTHOR_EMAIL: clean(author.email),
        GIT_COMMITTER_NAME: clean(committer.name),
        GIT_COMMITTER_EMAIL: clean(committer.email),
      };
      await run(["add", "--all", "--", ...paths]);
      await run(["commit", "--quiet", "--no-edit", `--message=${message}`, "--only", "--", ...paths], env);
      return (await run(["rev-parse", "--verify", "HEAD^{commit}"])).trim();
    },

    /** The newest commit on HEAD whose message holds this text (a scheduled publish's mark), if any. */
    async commitMarked(text: string): Promise<string | undefined> {
      return (await run(["log", "-1", "--format=%H", "--fixed-strings", `--grep=${text}`, "HEAD"])).trim() || undefined;
    },

    /** Puts the index entries of these paths back as the last commit has them (after a refused commit). */
    async unstage(paths: string[]): Promise<void> {
      await run(["reset", "--quiet", "HEAD", "--", ...paths]);
    },

    /** The commits that touched a file, newest first, following renames. */
    async log(file: string, { max = 200 }: { max?: number } = {}): Promise<Revision[]> {
      const out = await run(["log", "--follow", `--max-count=${max}`, "--name-only", "-z", "--format=%x1e%H%x00%an%x00%ae%x00%aI%x00%s", "--", file]);
      return out
        .split("\x1e")
        .filter((record) => record.length > 0)
        .map((record) => {
          const [rev, name, email, date, subject, ...names] = record.split("\0").map((part) => part.replace(/^\n+/, ""));
          return { rev: rev!, author: { name: name!, email: email! }, date: date!, subject: subject!, file: names.find(Boolean) ?? file };
        });
    },

    /** The branch checked out; a detached HEAD has none, which pushing and pulling refuse. */
    async branch(): Promise<string> {
      return (await run(["symbolic-ref", "--quiet", "--short", "HEAD"])).trim();
    },

    /** Updates `remote`'s tracking refs (refs/remotes/<remote>/…); the working copy is not touched. */
    async fetch(remote: string): Promise<void> {
      await run(["fetch", "--quiet", "--no-tags", "--end-of-options", remote], {}, NETWORK_TIMEOUT_MS);
    },

    /**
     * Pushes the branch to the branch of that name on `remote`, updating its tracking ref. A
     * plain refspec, never `+` nor --force: a remote holding commits this one lacks refuses it.
     */
    async push(remote: string, branch: string): Promise<void> {
      await run(["push", "--quiet", "--porcelain", "--end-of-options", remote, `refs/heads/${branch}:refs/heads/${branch}`], {}, NETWORK_TIMEOUT_MS);
    },

    /** The commit `remote`'s branch was at when last fetched or pushed to, if ever. */
    async tracked(remote: string, branch: string): Promise<string | undefined> {
      try {
        return (await run(["rev-parse", "--verify", "--quiet", `refs/remotes/${remote}/${branch}^{commit}`])).trim();
      } catch {
        return undefined;
      }
    },

    /** Whether `ancestor` is in `descendant`'s history (equal included). */
    async contains(descendant: string, ancestor: string): Promise<boolean> {
      try {
        await run(["merge-base", "--is-ancestor", ancestor, descendant]);
        return true;
      } catch {
        return false;
      }
    },

    /** Moves the branch and the working copy forward to `commit`; git refuses anything but a fast-forward. */
    async fastForward(commit: string): Promise<void> {
      await run(["merge", "--ff-only", "--quiet", commit]);
    },

    /** The commits of HEAD that `since` lacks (all of them without it), oldest first, with their commit dates. */
    async commitsAfter(since: string | undefined): Promise<{ rev: string; date: string }[]> {
      const out = await run(["log", "--reverse", "--format=%H %cI", since ? `${since}..HEAD` : "HEAD"]);
      return out
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [rev, date] = line.split(" ");
          return { rev: rev!, date: date! };
        });
    },

    /** A file's bytes at a revision (an image's original), or undefined when the file did not exist there. */
    showBytes(rev: string, file: string): Promise<Buffer | undefined> {
      if (!isRev(rev)) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        execFile("git", ["cat-file", "blob", `${rev}:${path.posix.normalize(file)}`], { cwd: root, env: baseEnv(), maxBuffer: 64 * 1024 * 1024, encoding: "buffer" }, (error, stdout) => resolve(error ? undefined : stdout));
      });
    },

    /** A file's text at a revision, or undefined when the file did not exist there. */
    async show(rev: string, file: string): Promise<string | undefined> {
      if (!isRev(rev)) return undefined;
      try {
        return await run(["cat-file", "blob", `${rev}:${path.posix.normalize(file)}`]);
      } catch {
        return undefined;
      }
    },
  };
}

export type ContentGit = ReturnType<typeof contentGit>;
