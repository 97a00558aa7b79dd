/**
 * npm run bench:publish — a report, not a test: click-to-live for a studio publish (issue 25:
 * a page edit is served within 3 s median on the sample content, within 8 s with 1,000 posts).
 *
 * Copies the project into .bench-publish/ (node_modules are found in the parent), makes it a git
 * repository of its own (the content root the studio commits to), builds it once, and starts
 * `node build/server.js` on it with STUDIO=1. An editor is added with `npm run users`, sets a
 * password and signs in over the API, as the studio's screens do. Then, N times: the About
 * page's title is changed and published (POST /api/studio/publish), and the public URL /about is
 * asked every 20 ms until it serves the new title. Click-to-live is from sending the publish to
 * that answer; the publish call itself (check, write, commit) and the rebuild the server logged
 * are reported beside it. Prints the median and p95, and the load average before and after
 * (other processes on the machine move the figures); writes bench/results/publish.json.
 *
 *   --runs N      publishes to measure (default 5)
 *   --posts N     generate N local blog posts first (the issue's budget is for 1,000)
 *   --keep        keep .bench-publish/ afterwards
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { versionOf } from "../src/editor/server/store.ts";
import { freePort } from "./lib/free-port.ts";
import { median } from "./lib/median.ts";
import { copyProject, writeGeneratedPosts } from "./lib/project-copy.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number.`);
  return value;
};
const runs = Math.max(1, option("--runs", 5));
const posts = option("--posts", 0);
const root = process.cwd();
const work = path.join(root, ".bench-publish");
const PAGE = "/about";
const FILE = "content/pages/about.json";
const EMAIL = "bench.editor@example.com";
const PASSWORD = "bench publish passphrase 2026";
const POLL_MS = 20;
const LIVE_TIMEOUT_MS = 120_000;

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");
const loadBefore = load();
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const git = (...gitArgs: string[]) =>
  execFileSync("git", gitArgs, { cwd: work, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "Bench", GIT_AUTHOR_EMAIL: "bench@example.com", GIT_COMMITTER_NAME: "Bench", GIT_COMMITTER_EMAIL: "bench@example.com" } }).trim();

// The copy, as a git working copy of its own: builds and data are not content.
copyProject(root, work);
if (posts > 0) writeGeneratedPosts(work, posts);
writeFileSync(path.join(work, ".gitignore"), ["/build", "/build-*", "/data", ".react-router/", ""].join("\n"));
git("init", "--quiet", "--initial-branch=main");
git("add", ".");
git("commit", "--quiet", "--message=Bench content");
console.log(`bench:publish: a copy in ${path.relative(root, work)}${posts > 0 ? ` with ${posts} generated posts` : ""}; building once…`);

// One full build, laid out as npm run build leaves it (a link to a release), so rebuilds can switch.
const buildStarted = Date.now();
execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], { cwd: work, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production", ADMIN: "" } });
mkdirSync(path.join(work, "build-releases"));
renameSync(path.join(work, "build"), path.join(work, "build-releases/full"));
symlinkSync("build-releases/full", path.join(work, "build"));
console.log(`bench:publish: built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", BUILD_DIR: path.join(work, "build"), DATABASE_URL: `file:${path.join(work, "data/site.db")}`, STUDIO: "1", CONTENT_ROOT: work, LOG_LEVEL: "info", SMTP_URL: "", ADMIN: "", FORM_RATE_LIMIT: "0" };
mkdirSync(path.join(work, "data"));
const rebuildSeconds: number[] = [];
/** The last rebuild's own account of where its time went (server/build/rebuild.ts logs its phases). */
let phases: string[] = [];
const server: ChildProcess = spawn(process.execPath, [path.join(work, "build/server.js")], { cwd: work, env, stdio: ["ignore", "pipe", "inherit"] });
let out = "";
server.stdout!.on("data", (chunk: Buffer) => {
  out += chunk.toString();
  const lines = out.split("\n");
  out = lines.pop() ?? "";
  for (const line of lines) {
    const switched = /rebuild: switched to .*\((\d+(?:\.\d+)?) s\)/.exec(line);
    if (switched) rebuildSeconds.push(Number(switched[1]));
    const phase = /"msg":"rebuild: Rebuild: ([^"]*)"/.exec(line)?.[1];
    if (phase?.startsWith("release copied")) phases = [];
    if (phase && !phase.startsWith("rendered ")) phases.push(phase);
    if (/"level":(50|60)/.test(line)) console.error(line);
  }
});
const stop = () => new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : (server.once("exit", () => resolve()), server.kill("SIGTERM"))));

try {
  for (const deadline = Date.now() + 60_000; ; ) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error("The server did not get ready within 60 s.");
    await new Promise((r) => setTimeout(r, 50));
  }

  // An editor, invited as npm run users does it, with a password set through the invitation link.
  const added = execFileSync(process.execPath, ["--import", "tsx", "scripts/users.ts", "add", EMAIL, "--name", "Bench Editor", "--role", "editor"], { cwd: work, encoding: "utf8", env });
  const token = /#token=([A-Za-z0-9_-]+)/.exec(added)?.[1];
  if (!token) throw new Error(`npm run users printed no invitation link:\n${added}`);
  const write = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(origin + url, { method: "POST", headers: { "content-type": "application/json", origin, "sec-fetch-site": "same-origin", ...headers }, body: JSON.stringify(body) });
  const set = await write("/api/studio/password", { token, password: PASSWORD });
  if (!set.ok) throw new Error(`Setting the password answered ${set.status}: ${await set.text()}`);
  const signedIn = await write("/api/studio/sign-in", { email: EMAIL, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`Signing in answered ${signedIn.status}: ${await signedIn.text()}`);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
  const { csrfToken } = (await signedIn.json()) as { csrfToken: string };

  const clickToLive: number[] = [];
  const publishCall: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const text = readFileSync(path.join(work, FILE), "utf8");
    const data = JSON.parse(text) as { meta: { title: string } };
    const title = `About us, take ${i} at ${Date.now()}`;
    data.meta.title = title;
    const clicked = performance.now();
    const answer = await write("/api/studio/publish", { file: FILE, base: versionOf(text), data }, { cookie, "x-csrf-token": csrfToken });
    publishCall.push(performance.now() - clicked);
    if (!answer.ok) throw new Error(`Publish ${i} answered ${answer.status}: ${await answer.text()}`);
    for (;;) {
      const html = await fetch(origin + PAGE, { headers: { "cache-control": "no-cache" } }).then((r) => r.text());
      if (html.includes(title)) break;
      if (performance.now() - clicked > LIVE_TIMEOUT_MS) throw new Error(`Publish ${i} was not live within ${LIVE_TIMEOUT_MS / 1000} s.`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    clickToLive.push(performance.now() - clicked);
    console.log(`  publish ${i}: live after ${Math.round(clickToLive.at(-1)!)} ms (the publish call ${Math.round(publishCall.at(-1)!)} ms)`);
  }

  const commits = git("log", `--max-count=${runs}`, "--format=%an|%s", "--", FILE).split("\n");
  if (commits.some((c) => c !== "Bench Editor|Edit page /about: Title")) throw new Error(`Unexpected commits:\n${commits.join("\n")}`);
  const ms = (n: number) => `${Math.round(n)} ms`;
  const figures = {
    posts,
    runs,
    clickToLiveMedianMs: Math.round(median(clickToLive)),
    clickToLiveP95Ms: Math.round(p95(clickToLive)),
    publishCallMedianMs: Math.round(median(publishCall)),
    rebuildMedianS: rebuildSeconds.length > 0 ? median(rebuildSeconds) : undefined,
    loadBefore,
    loadAfter: load(),
  };
  console.log(
    [
      "",
      `# Publish to live${posts > 0 ? ` with ${posts} generated posts` : " on the sample content"}`,
      "",
      `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs · load average before ${figures.loadBefore}, after ${figures.loadAfter}`,
      "",
      "| | median | p95 |",
      "| --- | --- | --- |",
      `| click to live (POST publish → ${PAGE} serves the new title) | ${ms(figures.clickToLiveMedianMs)} | ${ms(figures.clickToLiveP95Ms)} |`,
      `| the publish call (check, write, commit) | ${ms(figures.publishCallMedianMs)} | ${ms(p95(publishCall))} |`,
      `| the rebuild, as the server logged it | ${rebuildSeconds.length > 0 ? `${median(rebuildSeconds).toFixed(1)} s` : "—"} | ${rebuildSeconds.length > 0 ? `${p95(rebuildSeconds).toFixed(1)} s` : "—"} |`,
      "",
      `The last rebuild's phases: ${phases.join("; ") || "not logged"}.`,
      "",
      `Each publish was committed by the editor ("${commits[0]}"), ${runs} in all.`,
    ].join("\n"),
  );
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results", posts > 0 ? `publish-${posts}-posts.json` : "publish.json"), `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await stop();
  if (!args.includes("--keep") && existsSync(work)) rmSync(work, { recursive: true, force: true });
}
