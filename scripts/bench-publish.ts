/**
 * npm run bench:publish — a report, not a test: click-to-live for a studio publish (issue 25:
 * a page edit is served within 3 s median on the sample content, within 8 s with 1,000 posts).
 *
 * Copies the project into .bench-publish/ (node_modules are found in the parent), makes it a git
 * repository of its own (the content root the studio commits to), builds it once, and starts
 * `node build/server.js` on it with STUDIO=1. An editor is added with `npm run users`, sets a
 * password and signs in over the API, as the studio's screens do. Then, N times: the About
 * page's title is changed, checked by the publish gate as the Publish dialog does while it is read
 * (POST /api/studio/publish/gate, timed apart: the dialog's wait), and published (POST /api/studio/publish), and the public URL /about is
 * asked every 20 ms until it serves the new title. Click-to-live is from sending the publish to
 * that answer; the publish call itself (check, write, commit) and the rebuild the server logged
 * are reported beside it. Prints the median and p95, and the load average before and after
 * (other processes on the machine move the figures); writes bench/results/publish.json.
 *
 *   --runs N      publishes to measure (default 5)
 *   --posts N     generate N local blog posts first (the issue's budget is for 1,000)
 *   --keep        keep .bench-publish/ afterwards
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { versionOf } from "../src/editor/server/store.ts";
import { freePort } from "./lib/free-port.ts";
import { median } from "./lib/median.ts";
import { buildStudioCopy, gitIn, signInEditor, startHost, untilServed } from "./lib/studio-host.ts";

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
const LIVE_TIMEOUT_MS = 120_000;

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");
const loadBefore = load();
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const git = gitIn(work);

console.log(`bench:publish: a copy in ${path.relative(root, work)}${posts > 0 ? ` with ${posts} generated posts` : ""}; building once…`);
const buildStarted = Date.now();
buildStudioCopy(root, work, posts);
console.log(`bench:publish: built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);

const port = await freePort();
const env = { ...process.env, BUILD_DIR: path.join(work, "build"), DATABASE_URL: `file:${path.join(work, "data/site.db")}`, STUDIO: "1", CONTENT_ROOT: work, LOG_LEVEL: "info", SMTP_URL: "", ADMIN: "", FORM_RATE_LIMIT: "0" };
const rebuildSeconds: number[] = [];
/** The last rebuild's own account of where its time went (server/build/rebuild.ts logs its phases). */
let phases: string[] = [];
const host = await startHost(work, port, env);
host.onLine((line) => {
  const switched = /rebuild: switched to .*\((\d+(?:\.\d+)?) s\)/.exec(line);
  if (switched) rebuildSeconds.push(Number(switched[1]));
  const phase = /"msg":"rebuild: Rebuild: ([^"]*)"/.exec(line)?.[1];
  if (phase?.startsWith("release copied")) phases = [];
  if (phase && !phase.startsWith("rendered ")) phases.push(phase);
  if (/"level":(50|60)/.test(line)) console.error(line);
});

try {
  // An editor, invited as npm run users does it, with a password set through the invitation link.
  const editor = await signInEditor(host, work, env, EMAIL, PASSWORD);

  const clickToLive: number[] = [];
  const publishCall: number[] = [];
  const gateCall: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const text = readFileSync(path.join(work, FILE), "utf8");
    const data = JSON.parse(text) as { meta: { title: string } };
    const title = `About us, take ${i} at ${Date.now()}`;
    data.meta.title = title;
    // The Publish dialog asks the publish gate while the person reads it: not part of click-to-live.
    const asked = performance.now();
    const gate = await editor.post("/api/studio/publish/gate", { file: FILE, data });
    gateCall.push(performance.now() - asked);
    if (!gate.ok) throw new Error(`The publish gate answered ${gate.status}: ${await gate.text()}`);
    const clicked = performance.now();
    const answer = await editor.post("/api/studio/publish", { file: FILE, base: versionOf(text), data });
    publishCall.push(performance.now() - clicked);
    if (!answer.ok) throw new Error(`Publish ${i} answered ${answer.status}: ${await answer.text()}`);
    await untilServed(host.origin + PAGE, title, LIVE_TIMEOUT_MS);
    clickToLive.push(performance.now() - clicked);
    console.log(`  publish ${i}: live after ${Math.round(clickToLive.at(-1)!)} ms (the publish call ${Math.round(publishCall.at(-1)!)} ms; the gate's check before it ${Math.round(gateCall.at(-1)!)} ms)`);
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
    gateCallMedianMs: Math.round(median(gateCall)),
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
      `| the publish gate's check (the Publish dialog's wait, before the click) | ${ms(figures.gateCallMedianMs)} | ${ms(p95(gateCall))} |`,
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
  await host.stop();
  if (!args.includes("--keep") && existsSync(work)) rmSync(work, { recursive: true, force: true });
}
