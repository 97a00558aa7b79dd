/**
 * npm run bench:analytics — a report, not a test (docs/analytics.md):
 *
 * 1. Ingest: autocannon sends page views to POST /api/analytics/view of one server process
 *    (the built server, `build/server.js`) on a fresh SQLite file, rate limit off; then to two
 *    server processes on one throwaway PostgreSQL (half the connections each, at once), as
 *    several hosts run; reports views/s and latency, then checks that every 204 answer is a
 *    stored row (no acknowledged view lost). Without PostgreSQL's binaries the second is left out.
 * 2. The studio's figures over a generated year of a busy site (10 million page views, rolled
 *    up as the roll-up writes them): the report for 7, 30 and 90 days, and the page editor's
 *    panel for the most viewed page (its every day, publishes to mark), p50 and p95 of 20 runs
 *    each (target: p95 under 300 ms).
 *
 * Prints a Markdown summary, with the machine's load average (the figures depend on it), and
 * writes bench/results/analytics.json.
 *
 *   --duration S     seconds of ingest load (default 10)
 *   --connections N  concurrent connections (default 20)
 *   --only ingest|figures  one of the two
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ANALYTICS_ENDPOINT } from "../schemas/analytics.ts";
import { pageReport } from "../server/analytics/page-report.ts";
import { analyticsReport } from "../server/analytics/report.ts";
import { dayOf, daysBefore } from "../server/analytics/visitor.ts";
import { BREAKDOWNS, type Breakdown } from "../server/storage/analytics.ts";
import { openDatabase } from "../server/storage/database.ts";
import { median } from "./lib/median.ts";
import { numberOption } from "./lib/cli.ts";
import { NO_POSTGRES_MESSAGE, startPostgres } from "./lib/throwaway-postgres.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const duration = option("--duration", 10);
const connections = option("--connections", 20);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
if (only !== undefined && only !== "ingest" && only !== "figures") throw new Error("--only takes ingest or figures.");
// BUILD_DIR: another release to measure (an earlier one, for a before and after).
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const PORT = Number(process.env.BENCH_PORT ?? 3391);
/** The server process on PORT + n. */
const originOf = (n: number) => `http://127.0.0.1:${PORT + n}`;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function startServer(databaseUrl: string, n = 0): Promise<ChildProcess> {
  const origin = originOf(n);
  const child = spawn(process.execPath, [path.join(BUILD_DIR, "server.js")], {
    env: { ...process.env, PORT: String(PORT + n), HOST: "127.0.0.1", BUILD_DIR, DATABASE_URL: databaseUrl, ANALYTICS: "on", ANALYTICS_RATE_LIMIT: "0", LOG_LEVEL: "warn", SMTP_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it answered.`);
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server did not answer within a minute.");
}

/** A process's CPU time so far (user and system, ms), from /proc: what the server spent, whatever else the machine runs. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One autocannon run against one server process. */
const cannon = (n: number, share: number) =>
  autocannon({
    url: originOf(n) + ANALYTICS_ENDPOINT,
    method: "POST",
    connections: share,
    duration,
    headers: { "content-type": "text/plain;charset=UTF-8", "sec-fetch-site": "same-origin", "user-agent": CHROME },
    body: JSON.stringify({ p: "/about", l: "en", r: "www.google.com", s: "desktop" }),
  });

/** Page views sent to `processes` server processes on one database at once (the connections shared among them). */
async function ingest(databaseUrl: string, processes: number) {
  const servers: ChildProcess[] = [];
  try {
    for (let n = 0; n < processes; n++) servers.push(await startServer(databaseUrl, n));
    const cpuBefore = servers.map((s) => cpuMs(s.pid));
    const results = await Promise.all(servers.map((_, n) => cannon(n, Math.max(1, Math.round(connections / processes)))));
    const acknowledged = results.reduce((sum, r) => sum + (r.statusCodeStats?.["204"]?.count ?? 0), 0);
    // CPU ms a view: the rate one free core would sustain is 1000 / this, the load of the machine aside.
    const cpuMsPerView = servers.reduce((sum, s, n) => sum + cpuMs(s.pid) - cpuBefore[n]!, 0) / Math.max(1, acknowledged);
    const { db } = await openDatabase(databaseUrl);
    const stored = Number((await db.selectFrom("analytics_views").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    await db.destroy();
    return {
      processes,
      viewsPerSecond: Math.round(acknowledged / duration),
      cpuMsPerView: Number(cpuMsPerView.toFixed(3)),
      p50Ms: Math.max(...results.map((r) => r.latency.p50)),
      p99Ms: Math.max(...results.map((r) => r.latency.p99)),
      acknowledged,
      stored,
      lost: Math.max(0, acknowledged - stored),
      errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    };
  } finally {
    for (const server of servers) server.kill("SIGTERM");
  }
}

/** Both ingest runs: one process on SQLite, two on one PostgreSQL (when its binaries are here). */
async function ingestBoth(dir: string) {
  const runs = [{ database: "SQLite", ...(await ingest(`file:${path.join(dir, "ingest.db")}`, 1)) }];
  const cluster = await startPostgres();
  if (!cluster) console.warn(`bench:analytics: two processes on PostgreSQL left out. ${NO_POSTGRES_MESSAGE}`);
  else {
    try {
      runs.push({ database: "PostgreSQL", ...(await ingest(cluster.url, 2)) });
    } finally {
      cluster.stop();
    }
  }
  return runs;
}

/** Views spread over values by a long tail (Zipf): the first value gets the most. */
function spread(total: number, values: readonly string[]): [string, number][] {
  const weights = values.map((_, i) => 1 / (i + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return values.map((value, i) => [value, Math.max(1, Math.round((total * weights[i]!) / sum))]);
}

/** A year of a busy site, rolled up as the roll-up writes it: 10 million views over 500 pages, 80 sources, 12 campaigns, 3 devices and 2 locales. */
async function dashboard(dir: string) {
  const { db } = await openDatabase(`file:${path.join(dir, "year.db")}`);
  const today = dayOf(new Date());
  const values: Record<Breakdown, string[]> = {
    path: Array.from({ length: 500 }, (_, i) => (i === 0 ? "/" : `/page-${i}`)),
    source: ["", ...Array.from({ length: 79 }, (_, i) => `source-${i}.example`)],
    campaign: ["", ...Array.from({ length: 11 }, (_, i) => `campaign-${i}`)],
    device: ["mobile", "desktop", "tablet"],
    locale: ["en", "hi"],
  };
  const perDay = Math.round(10_000_000 / 365);
  let rows = 0;
  for (let d = 0; d < 365; d++) {
    const day = daysBefore(today, d + 2);
    const daily = BREAKDOWNS.flatMap((dimension) => spread(perDay, values[dimension]).map(([value, views]) => ({ day, dimension, value, views, visitors: Math.ceil(views * 0.7) })));
    rows += daily.length;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < daily.length; i += 500) await trx.insertInto("analytics_daily").values(daily.slice(i, i + 500)).execute();
      await trx.insertInto("analytics_days").values({ day, views: perDay, visitors: Math.ceil(perDay * 0.6) }).execute();
      await trx.insertInto("analytics_conversions").values(["contact", "newsletter", "careers"].map((form, f) => ({ day, form, path: values.path[f * 3]!, locale: "en", source: "", conversions: 10 - f * 3 }))).execute();
    });
  }
  const views = perDay * 365;
  const timings: Record<string, { p50Ms: number; p95Ms: number }> = {};
  const timed = async (name: string, query: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let run = 0; run < 20; run++) {
      const start = performance.now();
      await query();
      ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    timings[name] = { p50Ms: Math.round(median(ms)), p95Ms: Math.round(ms[Math.ceil(ms.length * 0.95) - 1]!) };
  };
  for (const days of [7, 30, 90]) await timed(`${days} days`, () => analyticsReport(db, today, days));
  const publishes = [10, 40, 80].map((d) => `${daysBefore(today, d)}T12:00:00.000Z`);
  for (const days of [7, 30, 90]) await timed(`a page, ${days} days`, () => pageReport(db, { file: "content/pages/home.json", today, days, paths: ["/", "/hi"], publishes }));
  await db.destroy();
  return { views, rows, timings };
}

if (only !== "figures" && !existsSync(path.join(BUILD_DIR, "server.js"))) throw new Error("No build: run npm run build first.");
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-analytics-"));
try {
  const load = os.loadavg().map((n) => n.toFixed(1)).join(", ");
  const ingested = only === "figures" ? undefined : await ingestBoth(dir);
  const year = only === "ingest" ? undefined : await dashboard(dir);
  console.log(`\n## Analytics\n\nLoad average at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(", ")} (at the start: ${load}) on ${os.cpus().length} cores.`);
  if (ingested) {
    console.log(`\n### Ingest (${connections} connections in all, ${duration} s)\n`);
    console.log(`| database | server processes | views/s | server CPU a view | views/s a free core would take | p50 | p99 | acknowledged | stored | lost | errors |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`);
    for (const run of ingested) {
      console.log(`| ${run.database} | ${run.processes} | ${run.viewsPerSecond} | ${run.cpuMsPerView} ms | ${Math.round(1000 / run.cpuMsPerView)} | ${run.p50Ms} ms | ${run.p99Ms} ms | ${run.acknowledged} | ${run.stored} | ${run.lost} | ${run.errors} |`);
    }
  }
  if (year) {
    console.log(`\n### The studio's figures over a year (${year.views.toLocaleString("en")} views, ${year.rows.toLocaleString("en")} rolled-up rows)\n`);
    console.log(`| figures | p50 | p95 |\n| --- | --- | --- |`);
    for (const [period, t] of Object.entries(year.timings)) console.log(`| ${period} | ${t.p50Ms} ms | ${t.p95Ms} ms |`);
  }
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/analytics.json", JSON.stringify({ load: os.loadavg(), ingested, year }, null, 2));
  if (ingested?.some((run) => run.lost > 0)) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
