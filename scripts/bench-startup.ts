/**
 * npm run bench:startup — a report, not a test: how soon `node build/server.js` answers, and
 * what the first request of each kind that loads code on first use costs (issue 28: ready
 * ≤ 500 ms). Each run starts the built server twice on a free port with a new SQLite file of
 * its own: first on the new file (it creates the tables), then again on it, as a restart, a
 * crash restart or a new instance on a database in use does. Each start measures, from the
 * spawn, the first 200 from /healthz (the process answers) and from /readyz (the database
 * too), and the CPU time the process had used when /healthz answered (Linux: /proc; unlike
 * the wall time, other processes on the machine hardly move it). After the restart:
 *
 * - one after the other, the first and the second request of each kind: a prerendered
 *   page, the 404 page of an unknown path, a form posted as JSON, a form posted by a browser
 *   without JavaScript (its result page), and, when the build's blog is WordPress, a post
 *   newer than the build (the blog fallback). The first pays for what loads on first use.
 *
 * One more start, not timed, runs with scripts/lib/module-trace-hook.mjs and says how many
 * modules start-up loaded and whether any package that should load on first use was among
 * them (scripts/lib/module-trace.ts). Prints Markdown with the median and range of the runs,
 * and the load average before and after (other processes on the machine move the figures);
 * writes bench/results/startup.json.
 *
 *   --runs N     starts to measure (default 3)
 *   --no-build   use the existing build (default: npm run build first)
 *   BUILD_DIR    the build (default build)
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SiteManifest } from "../src/runtime/build.server.ts";
import { benchEnquiry } from "./lib/enquiry.ts";
import { freePort } from "./lib/free-port.ts";
import { median } from "./lib/median.ts";
import { lazyPackagesLoadedAtStart, MODULE_TRACE_HOOK, packagesAtStart, readModuleTrace } from "./lib/module-trace.ts";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1.");
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const POLL_MS = 5;

interface Started {
  child: ChildProcess;
  origin: string;
  spawnedAt: number;
  stop(): Promise<void>;
}

/** Starts the server on `data`/site.db; `stop` also removes `data` when told to. */
function start(data: string, extraArgs: string[] = [], env: Record<string, string> = {}): Promise<Started> {
  return (async () => {
    const port = await freePort();
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, [...extraArgs, path.join(BUILD_DIR, "server.js")], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BUILD_DIR, DATABASE_URL: `file:${path.join(data, "site.db")}`, LOG_LEVEL: "warn", SMTP_URL: "", FORM_RATE_LIMIT: "0", ADMIN: "", ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const stop = () => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));
    return { child, origin: `http://127.0.0.1:${port}`, spawnedAt, stop };
  })();
}

/** Milliseconds from the spawn to the first 200 from `path`, asking every POLL_MS. */
async function firstOk(server: Started, route: string): Promise<number> {
  for (const deadline = performance.now() + 60_000; performance.now() < deadline; ) {
    if (server.child.exitCode !== null) throw new Error(`The server exited with code ${server.child.exitCode} before ${route} answered.`);
    const ok = await fetch(server.origin + route).then((r) => r.status === 200, () => false);
    if (ok) return performance.now() - server.spawnedAt;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`${route} did not answer 200 within 60 s.`);
}

interface Probe {
  name: string;
  status: number;
  request(origin: string, n: number): Promise<Response>;
}

const urlencoded = (values: Record<string, string>) => new URLSearchParams(values).toString();

function probes(manifest: SiteManifest): Probe[] {
  const list: Probe[] = [
    { name: "a prerendered page (/)", status: 200, request: (origin) => fetch(origin + "/") },
    { name: "the 404 page of an unknown path", status: 404, request: (origin, n) => fetch(`${origin}/no-such-page-${n}`) },
    {
      name: "a form posted as JSON",
      status: 200,
      request: (origin, n) => fetch(origin + "/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(benchEnquiry(`json-${n}`)) }),
    },
    {
      name: "a form posted without JavaScript (result page)",
      status: 200,
      request: (origin, n) =>
        fetch(origin + "/api/contact", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", referer: origin + "/contact/" },
          body: urlencoded(benchEnquiry(`page-${n}`)),
        }),
    },
  ];
  // With a WordPress blog, a slug the build has not seen asks WordPress, then answers the fallback page.
  if (manifest.blog?.wordpressUrl) list.push({ name: "a post newer than the build (blog fallback)", status: 200, request: (origin, n) => fetch(`${origin}/blog/bench-startup-new-post-${n}`) });
  return list;
}

/** Milliseconds one request takes, checked against the status it must have. */
async function timed(probe: Probe, origin: string, n: number): Promise<number> {
  const at = performance.now();
  const response = await probe.request(origin, n);
  await response.arrayBuffer();
  const ms = performance.now() - at;
  if (response.status !== probe.status) throw new Error(`${probe.name}: answered ${response.status}, not ${probe.status}.`);
  return ms;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execSync("getconf CLK_TCK", { encoding: "utf8" })) || 100;
  } catch {
    return 100;
  }
})();

/** Milliseconds of CPU (user and system) a process has used, from /proc; undefined where there is none. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** One start: /healthz (with the CPU used by then) and /readyz after the spawn; `then` runs before it stops. */
async function measureStart(data: string, then?: (server: Started) => Promise<void>) {
  const server = await start(data);
  try {
    const healthz = await firstOk(server, "/healthz");
    const cpu = cpuMs(server.child.pid);
    const readyz = await firstOk(server, "/readyz");
    await then?.(server);
    return { healthz, cpu, readyz };
  } finally {
    await server.stop();
  }
}

async function measureRun(list: Probe[]) {
  const data = mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));
  try {
    const newDatabase = await measureStart(data);
    const firstUse: Record<string, { first: number; second: number }> = {};
    const restart = await measureStart(data, async (server) => {
      for (const [i, probe] of list.entries()) {
        firstUse[probe.name] = { first: await timed(probe, server.origin, 2 * i), second: await timed(probe, server.origin, 2 * i + 1) };
      }
    });
    return { newDatabase, restart, firstUse };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** One start with the module trace: what start-up loaded. */
async function traceRun() {
  const data = mkdtempSync(path.join(os.tmpdir(), "bench-startup-trace-"));
  const file = path.join(data, "modules.txt");
  const server = await start(data, ["--import", MODULE_TRACE_HOOK], { MODULE_TRACE: file });
  try {
    await firstOk(server, "/healthz");
  } finally {
    await server.stop();
  }
  const trace = readModuleTrace(file);
  rmSync(data, { recursive: true, force: true });
  return { modules: trace.atStart.size, packages: packagesAtStart(trace).length, lazyLoadedAtStart: lazyPackagesLoadedAtStart(trace) };
}

if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
if (!existsSync(path.join(BUILD_DIR, "server.js"))) throw new Error(`No server at ${path.join(BUILD_DIR, "server.js")}; run without --no-build.`);
const manifest = JSON.parse(readFileSync(path.join(BUILD_DIR, "site-manifest.json"), "utf8")) as SiteManifest;
const list = probes(manifest);

const loadBefore = os.loadavg();
const results: Awaited<ReturnType<typeof measureRun>>[] = [];
for (let i = 0; i < runs; i++) {
  console.error(`Run ${i + 1} of ${runs} ...`);
  results.push(await measureRun(list));
}
const loadAfter = os.loadavg();
const traced = await traceRun();

const ms = (x: number) => Math.round(x);
const summary = (xs: number[]) => ({ median: ms(median(xs)), min: ms(Math.min(...xs)), max: ms(Math.max(...xs)) });
const cpu = (xs: (number | undefined)[]) => (xs.every((x) => x !== undefined) ? [summary(xs as number[])] : []);
const rows = [
  { name: "restart: first 200 from /healthz, after the spawn", ...summary(results.map((r) => r.restart.healthz)) },
  ...cpu(results.map((r) => r.restart.cpu)).map((c) => ({ name: "restart: CPU time used by then", ...c })),
  { name: "restart: first 200 from /readyz, after the spawn", ...summary(results.map((r) => r.restart.readyz)) },
  { name: "new database: first 200 from /healthz", ...summary(results.map((r) => r.newDatabase.healthz)) },
  ...cpu(results.map((r) => r.newDatabase.cpu)).map((c) => ({ name: "new database: CPU time used by then", ...c })),
  { name: "new database: first 200 from /readyz", ...summary(results.map((r) => r.newDatabase.readyz)) },
  ...list.flatMap((p) => [
    { name: `${p.name}: first`, ...summary(results.map((r) => r.firstUse[p.name]!.first)) },
    { name: `${p.name}: second`, ...summary(results.map((r) => r.firstUse[p.name]!.second)) },
  ]),
];
const machine = { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "unknown", loadBefore, loadAfter };
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/startup.json", JSON.stringify({ date: new Date().toISOString(), machine, runs: results, rows, traced }, null, 2) + "\n");

const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
console.log(
  [
    `## Server start-up (node ${path.relative(process.cwd(), BUILD_DIR)}/server.js, ${runs} run${runs > 1 ? "s" : ""})`,
    "",
    `${machine.cpus} × ${machine.cpu}, Node ${machine.node}; load average (1, 5, 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after.`,
    `"new database": a start on a new SQLite file, which creates the tables. Request times are each request's own, after the restart; ${manifest.blog?.wordpressUrl ? "" : "the blog fallback is not measured (the build's blog is local); "}the studio (the blog admin and page editor among it) exists only with STUDIO=1 or ADMIN=1.`,
    "",
    "| measure | median (ms) | range (ms) |",
    "| --- | --- | --- |",
    ...rows.map((r) => `| ${r.name} | ${r.median} | ${r.min}–${r.max} |`),
    "",
    `Start-up loaded ${traced.modules} modules from ${traced.packages} packages; ` +
      (traced.lazyLoadedAtStart.length === 0
        ? "none of those that load on first use."
        : `also these, which should load on first use: ${traced.lazyLoadedAtStart.map((l) => `${l.pkg} (${l.chain.at(-1)})`).join(", ")}.`),
  ].join("\n"),
);
