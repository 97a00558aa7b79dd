/**
 * npm run bench:forms — a report, not a test. Runs against real server processes with the
 * rate limit off:
 *
 * 1. Throughput: autocannon POSTs unique enquiries to /api/contact of one process on a fresh
 *    SQLite file (WAL, synchronous=FULL) and reports requests/s and latency p50/p90/p99, then
 *    checks that every 200 answer is a stored row.
 * 2. Crash: steady load while the server is killed with SIGKILL (several times) and
 *    restarted; afterwards every acknowledged submission must be in the database.
 * 3. Two processes on one PostgreSQL (a throwaway cluster, when its binaries are installed):
 *    the same load split across both, the same check.
 *
 * Prints a Markdown summary and writes bench/results/forms.json.
 *
 *   --no-build       use the existing build in build-bench-forms/ (default: build it)
 *   --duration S     seconds of throughput load (default 10)
 *   --connections N  concurrent connections (default 50)
 *   --kills N        SIGKILLs during the crash run (default 3)
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../server/storage/database.ts";
import { benchEnquiry } from "./lib/enquiry.ts";
import { startPostgres } from "./lib/throwaway-postgres.ts";
import { numberOption } from "./lib/cli.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const duration = option("--duration", 10);
const connections = option("--connections", 50);
const kills = option("--kills", 3);
const BUILD_DIR = path.resolve("build-bench-forms");
/** BENCH_PORT and the next one (the second process of the PostgreSQL run). */
const PORT = Number(process.env.BENCH_PORT ?? 3371);
const origin = `http://127.0.0.1:${PORT}`;

const enquiry = (id: string) => JSON.stringify(benchEnquiry(id));
const idOf = (message: string) => /^Benchmark enquiry (\S+):/.exec(message)?.[1];
const headers = { "content-type": "application/json" };

function startServer(databaseUrl: string, port = PORT): Promise<ChildProcess> {
  const child = spawn(process.execPath, [`${BUILD_DIR}/server.js`], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BUILD_DIR, DATABASE_URL: databaseUrl, FORM_RATE_LIMIT: "0", LOG_LEVEL: "warn", SMTP_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it answered.`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("The server did not answer within 30 s.");
  })();
}

const stopServer = (child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill(signal))));

async function storedIds(databaseUrl: string): Promise<Set<string>> {
  const { db } = await openDatabase(databaseUrl);
  try {
    const rows = await db.selectFrom("submissions").select("data").where("form", "=", "contact").execute();
    return new Set(rows.map((r) => idOf((JSON.parse(r.data) as { message: string }).message)).filter((id): id is string => id !== undefined));
  } finally {
    await db.destroy();
  }
}

/** autocannon against each origin at once (connections split evenly); every 200 must be a stored row. */
async function throughputRun(databaseUrl: string, ports: number[] = [PORT]) {
  // One after the other (starting together is the multi-instance test's job); none left running if one fails.
  const servers: ChildProcess[] = [];
  try {
    for (const port of ports) servers.push(await startServer(databaseUrl, port));
  } catch (error) {
    await Promise.all(servers.map((server) => stopServer(server, "SIGKILL")));
    throw error;
  }
  const acknowledged = new Set<string>();
  const statuses: Record<number, number> = {};
  let next = 0;
  try {
    const load = (port: number, options: { connections: number; duration: number; warmup?: boolean }) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: options.connections,
        duration: options.duration,
        requests: [
          {
            method: "POST",
            path: "/api/contact",
            headers,
            // One request at a time per connection, so the connection's context names the one in flight.
            setupRequest: (request, context: { id?: string }) => {
              context.id = options.warmup ? "warmup" : `t${next++}`;
              return { ...request, body: enquiry(context.id) };
            },
            onResponse: (status, _body, context: { id?: string }) => {
              if (options.warmup) return;
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (status === 200 && context.id) acknowledged.add(context.id);
            },
          },
        ],
      });
    // A warm-up, so the figures are not the JIT's.
    await Promise.all(ports.map((port) => load(port, { connections: 10, duration: 2, warmup: true })));
    const results = await Promise.all(ports.map((port) => load(port, { connections: Math.max(1, Math.round(connections / ports.length)), duration })));
    await Promise.all(servers.map((server) => stopServer(server)));
    const stored = await storedIds(databaseUrl);
    const missing = [...acknowledged].filter((id) => !stored.has(id));
    const sum = (f: (r: autocannon.Result) => number) => results.reduce((total, r) => total + f(r), 0);
    return {
      processes: ports.length,
      connections,
      durationS: duration,
      requests: sum((r) => r.requests.total),
      requestsPerSecond: Math.round(sum((r) => r.requests.average)),
      // Per process; the worst of them.
      latencyMs: {
        p50: Math.max(...results.map((r) => r.latency.p50)),
        p90: Math.max(...results.map((r) => r.latency.p90)),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        max: Math.max(...results.map((r) => r.latency.max)),
      },
      statuses,
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      acknowledged: acknowledged.size,
      stored: [...stored].filter((id) => id.startsWith("t")).length,
      acknowledgedButMissing: missing.length,
    };
  } finally {
    await Promise.all(servers.map((server) => stopServer(server, "SIGKILL")));
  }
}

async function crashRun(databaseUrl: string) {
  let server = await startServer(databaseUrl);
  const acknowledged = new Set<string>();
  let failedRequests = 0;
  let next = 0;
  let running = true;
  const restartsMs: number[] = [];

  const worker = async () => {
    while (running) {
      const id = `k${next++}`;
      try {
        const response = await fetch(origin + "/api/contact", { method: "POST", headers, body: enquiry(id) });
        const answer = (await response.json()) as { success?: boolean };
        if (response.status === 200 && answer.success === true) acknowledged.add(id);
        else failedRequests++;
      } catch {
        failedRequests++; // killed mid-request or not listening yet: not acknowledged
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const workers = Array.from({ length: 32 }, worker);

  for (let k = 0; k < kills; k++) {
    await new Promise((r) => setTimeout(r, 1500));
    server.kill("SIGKILL");
    await stopServer(server, "SIGKILL");
    const started = performance.now();
    server = await startServer(databaseUrl);
    restartsMs.push(Math.round(performance.now() - started));
  }
  await new Promise((r) => setTimeout(r, 1500));
  running = false;
  await Promise.all(workers);
  await stopServer(server);

  const stored = await storedIds(databaseUrl);
  const missing = [...acknowledged].filter((id) => !stored.has(id));
  return {
    kills,
    sent: next,
    acknowledged: acknowledged.size,
    failedRequests,
    stored: [...stored].filter((id) => id.startsWith("k")).length,
    acknowledgedButMissing: missing.length,
    restartMs: restartsMs,
  };
}

async function main() {
  if (!args.includes("--no-build")) {
    console.error(`Building the site into ${path.relative(process.cwd(), BUILD_DIR)}/ ...`);
    execSync("npx react-router build", { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR } });
  }
  if (!existsSync(path.join(BUILD_DIR, "forms.json"))) throw new Error(`No build at ${BUILD_DIR}; run without --no-build.`);

  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-forms-"));
  try {
    console.error(`Throughput: ${connections} connections for ${duration} s ...`);
    const throughput = await throughputRun(`file:${path.join(dir, "throughput.db")}`);
    console.error(`Crash: ${kills} SIGKILLs under load ...`);
    const crash = await crashRun(`file:${path.join(dir, "crash.db")}`);
    const cluster = await startPostgres();
    let postgres: Awaited<ReturnType<typeof throughputRun>> | undefined;
    if (cluster) {
      try {
        console.error(`Two processes on PostgreSQL: ${connections} connections for ${duration} s ...`);
        postgres = await throughputRun(cluster.url, [PORT, PORT + 1]);
      } finally {
        cluster.stop();
      }
    } else console.error("Two processes on PostgreSQL: skipped, no PostgreSQL binaries (apt-get install postgresql).");

    const machine = { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "unknown", platform: `${os.platform()} ${os.release()}` };
    const results = { date: new Date().toISOString(), machine, storage: "SQLite, WAL, synchronous=FULL", throughput, crash, postgres };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/forms.json", JSON.stringify(results, null, 2) + "\n");

    const ok = (missing: number) => (missing === 0 ? "none ✅" : `**${missing} ❌**`);
    console.log(
      [
        "## Form API load (POST /api/contact)",
        "",
        `${machine.cpus} × ${machine.cpu}, Node ${machine.node}; ${results.storage}; rate limit off.`,
        "",
        "| figure | value |",
        "| --- | --- |",
        `| connections × duration | ${throughput.connections} × ${throughput.durationS} s |`,
        `| requests | ${throughput.requests} |`,
        `| requests/s | ${throughput.requestsPerSecond} |`,
        `| latency p50 / p90 / p99 / max | ${throughput.latencyMs.p50} / ${throughput.latencyMs.p90} / ${throughput.latencyMs.p99} / ${throughput.latencyMs.max} ms |`,
        `| answers | ${Object.entries(throughput.statuses).map(([s, n]) => `${s}: ${n}`).join(", ")} |`,
        `| errors / timeouts | ${throughput.errors} / ${throughput.timeouts} |`,
        `| 200 answers / stored rows | ${throughput.acknowledged} / ${throughput.stored} |`,
        `| acknowledged but not stored | ${ok(throughput.acknowledgedButMissing)} |`,
        "",
        `## Crash under load (${crash.kills} × SIGKILL, restart)`,
        "",
        "| figure | value |",
        "| --- | --- |",
        `| submissions sent | ${crash.sent} |`,
        `| acknowledged (200) | ${crash.acknowledged} |`,
        `| failed (connection lost or refused) | ${crash.failedRequests} |`,
        `| stored rows | ${crash.stored} |`,
        `| restart time | ${crash.restartMs.join(", ")} ms |`,
        `| acknowledged but not stored | ${ok(crash.acknowledgedButMissing)} |`,
        "",
        ...(postgres
          ? [
              `## Two processes on one PostgreSQL (${postgres.connections} connections split across both × ${postgres.durationS} s)`,
              "",
              "| figure | value |",
              "| --- | --- |",
              `| requests | ${postgres.requests} |`,
              `| requests/s (both together) | ${postgres.requestsPerSecond} |`,
              `| latency p50 / p90 / p99 / max (the slower process) | ${postgres.latencyMs.p50} / ${postgres.latencyMs.p90} / ${postgres.latencyMs.p99} / ${postgres.latencyMs.max} ms |`,
              `| answers | ${Object.entries(postgres.statuses).map(([s, n]) => `${s}: ${n}`).join(", ")} |`,
              `| errors / timeouts | ${postgres.errors} / ${postgres.timeouts} |`,
              `| 200 answers / stored rows | ${postgres.acknowledged} / ${postgres.stored} |`,
              `| acknowledged but not stored | ${ok(postgres.acknowledgedButMissing)} |`,
              "",
            ]
          : ["Two processes on PostgreSQL: skipped (no PostgreSQL binaries).", ""]),
        "Written to bench/results/forms.json.",
      ].join("\n"),
    );
    if (throughput.acknowledgedButMissing > 0 || crash.acknowledgedButMissing > 0 || (postgres?.acknowledgedButMissing ?? 0) > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:forms: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
