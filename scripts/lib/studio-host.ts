/**
 * A built server with the studio on, started as a host runs it (`node build/server.js` in a copy
 * of the project that is a git repository of its own), and an editor signed in over the API as
 * the studio's screens do it: for npm run bench:publish and npm run soak:publish.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { newReleaseId } from "../../server/build/releases.ts";
import { copyProject, writeGeneratedPosts } from "./project-copy.ts";

/** git in `cwd`, as a bench's author. */
export const gitIn =
  (cwd: string) =>
  (...args: string[]) =>
    execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "Bench", GIT_AUTHOR_EMAIL: "bench@example.com", GIT_COMMITTER_NAME: "Bench", GIT_COMMITTER_EMAIL: "bench@example.com" } }).trim();

/**
 * A copy of the project in `work` (inside `root`, whose node_modules it uses), with `posts`
 * generated posts, as a git working copy of its own (builds and data are not content), built
 * once and laid out as npm run build leaves it (a link to a release), so rebuilds can switch.
 */
export function buildStudioCopy(root: string, work: string, posts = 0) {
  copyProject(root, work);
  if (posts > 0) writeGeneratedPosts(work, posts);
  writeFileSync(path.join(work, ".gitignore"), ["/build", "/build-*", "/data", ".react-router/", ""].join("\n"));
  const git = gitIn(work);
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("commit", "--quiet", "--message=Bench content");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], { cwd: work, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production", ADMIN: "" } });
  const release = `build-releases/${newReleaseId()}`;
  mkdirSync(path.join(work, "build-releases"));
  renameSync(path.join(work, "build"), path.join(work, release));
  symlinkSync(release, path.join(work, "build"));
  mkdirSync(path.join(work, "data"));
  return release;
}

export interface Host {
  origin: string;
  process: ChildProcess;
  /** Called with every line the server logs. */
  onLine(listener: (line: string) => void): void;
  /** Resident memory of the server, then of each of its children (the rebuild worker), in kB. */
  rssKb(): number[];
  stop(): Promise<void>;
}

/** Starts `<work>/build/server.js` in `work` and waits for /readyz. */
export async function startHost(work: string, port: number, env: NodeJS.ProcessEnv): Promise<Host> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(work, "build/server.js")], { cwd: work, env: { ...env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "pipe", "inherit"] });
  const listeners: ((line: string) => void)[] = [];
  let rest = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) for (const listener of listeners) listener(line);
  });
  const host: Host = {
    origin,
    process: server,
    onLine: (listener) => void listeners.push(listener),
    rssKb: () => treeOf(server.pid!).map(rssOf),
    stop: () => new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : (server.once("exit", () => resolve()), server.kill("SIGTERM")))),
  };
  for (const deadline = Date.now() + 60_000; ; ) {
    if (server.exitCode !== null) throw new Error(`The server in ${work} exited with code ${server.exitCode}.`);
    if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) return host;
    if (Date.now() > deadline) throw new Error(`The server in ${work} did not get ready within 60 s.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A signed-in editor's calls, with its session cookie and CSRF token. */
export interface Editor {
  post(url: string, body: unknown): Promise<Response>;
  get(url: string): Promise<Response>;
}

/** An editor invited with `npm run users` (in `work`, with the host's `env`), its password set through the link, signed in. */
export async function signInEditor(host: Host, work: string, env: NodeJS.ProcessEnv, email: string, password: string): Promise<Editor> {
  const added = execFileSync(process.execPath, ["--import", "tsx", "scripts/users.ts", "add", email, "--name", "Bench Editor", "--role", "editor"], { cwd: work, encoding: "utf8", env });
  const token = /#token=([A-Za-z0-9_-]+)/.exec(added)?.[1];
  if (!token) throw new Error(`npm run users printed no invitation link:\n${added}`);
  const { origin } = host;
  const sameOrigin = { origin, "sec-fetch-site": "same-origin" };
  const write = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(origin + url, { method: "POST", headers: { "content-type": "application/json", ...sameOrigin, ...headers }, body: JSON.stringify(body) });
  const set = await write("/api/studio/password", { token, password });
  if (!set.ok) throw new Error(`Setting the password answered ${set.status}: ${await set.text()}`);
  const signedIn = await write("/api/studio/sign-in", { email, password });
  if (!signedIn.ok) throw new Error(`Signing in answered ${signedIn.status}: ${await signedIn.text()}`);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
  const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
  return {
    post: (url, body) => write(url, body, { cookie, "x-csrf-token": csrfToken }),
    get: (url) => fetch(origin + url, { headers: { ...sameOrigin, cookie } }),
  };
}

/** Asks `url` every `everyMs` until its text includes `text`; the time it took, in ms. */
export async function untilServed(url: string, text: string, timeoutMs: number, everyMs = 20): Promise<number> {
  const started = performance.now();
  for (;;) {
    const html = await fetch(url, { headers: { "cache-control": "no-cache" } }).then((r) => r.text());
    if (html.includes(text)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not serve "${text}" within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The process and its descendants (Linux's /proc). */
function treeOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone, or not Linux
  }
  return [pid, ...children.flatMap(treeOf)];
}

function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
