/**
 * Several server processes on one PostgreSQL, as production scales out: real processes
 * (server/main.ts), a real PostgreSQL cluster and a real SMTP server, all on this machine.
 *
 * - Two processes starting at once on an empty database apply each migration once.
 * - 1,000 submissions spread across both: exactly 1,000 rows and 1,000 notifications
 *   received within 60 s.
 * - One process SIGKILLed mid-load and restarted: every acknowledged submission is stored
 *   once; duplicate notifications are at most the messages in flight at the kill, each logged.
 * - The rate limit is shared: FORM_RATE_LIMIT=10, 30 posts alternating: 10 accepted, 20 × 429.
 * - Leases run on the database's clock: a process whose clock is 5 minutes ahead (libfaketime,
 *   the whole process's clock, not a setting of ours) still sends each message once.
 *
 * Ports 3200-3209. Costs about a minute and a half of CI time.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import pg from "pg";
import { migrations } from "../../server/storage/migrations.ts";
import { startServerProcess, type ServerProcess } from "../e2e/server-process.ts";
import { makeTestBuild, startFormsApp, validContact } from "./forms-harness.ts";
import { createPostgresDatabase, stopSharedPostgres } from "./databases.ts";
import { findPostgresBin, NO_POSTGRES_MESSAGE } from "../../scripts/lib/throwaway-postgres.ts";
import { messageId, smtpSink } from "./smtp-sink.ts";

const available = findPostgresBin() !== undefined;
if (!available) console.warn(NO_POSTGRES_MESSAGE);
/** Debian's libfaketime (apt-get install faketime), preloaded into the process whose clock is off. */
const libfaketime = ["", ...readdirSync("/usr/lib")]
  .map((dir) => `/usr/lib/${dir}${dir ? "/" : ""}faketime/libfaketime.so.1`)
  .find((file) => existsSync(file));

const SMTP_PORT = 3200;
const PORTS = [3201, 3202] as const;
const origin = (port: number) => `http://127.0.0.1:${port}`;

vi.setConfig({ testTimeout: 180_000 });

describe.skipIf(!available)("several server processes on one PostgreSQL", () => {
  let buildDir: string;
  const running = new Set<ChildProcess>();

  beforeAll(() => {
    buildDir = makeTestBuild();
  });
  afterAll(() => {
    for (const child of running) child.kill("SIGKILL");
    stopSharedPostgres();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const newDatabase = createPostgresDatabase;

  async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async function server(port: number, databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
    const started = await startServerProcess(
      `server on ${port}`,
      ["server/main.ts"],
      {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        BUILD_DIR: buildDir,
        DATABASE_URL: databaseUrl,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        FORM_RATE_LIMIT: "0",
        LOG_LEVEL: "warn",
        ...env,
      },
      `${origin(port)}/readyz`,
      90_000,
    );
    running.add(started.child);
    started.child.once("exit", () => running.delete(started.child));
    return started;
  }

  const stop = (p: ServerProcess, signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<void>((resolve) => (p.child.exitCode !== null || p.child.signalCode !== null ? resolve() : (p.child.once("exit", () => resolve()), p.child.kill(signal))));

  const submit = (port: number, message: string) =>
    fetch(`${origin(port)}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...validContact, message }) });

  /** Log lines a process wrote, parsed (pino JSON), with a given code. */
  const logged = (p: ServerProcess, code: string) =>
    p
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { code?: string; outboxId?: string; time: number; msg: string })
      .filter((line) => line.code === code);

  async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Runs `count` submissions through `workers` concurrent senders; returns the messages answered 200. */
  async function load(count: number, workers: number, portFor: (i: number) => number, prefix: string, onAck?: (acked: number) => void) {
    const acknowledged = new Set<string>();
    let next = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < count) {
          const i = next++;
          const message = `${prefix} ${i}`;
          try {
            const response = await submit(portFor(i), message);
            if (response.status === 200) {
              acknowledged.add(message);
              onAck?.(acknowledged.size);
            }
          } catch {
            // the process was killed mid-request, or is not listening yet: not acknowledged
          }
        }
      }),
    );
    return acknowledged;
  }

  const storedMessages = async (url: string, prefix: string) =>
    (await query<{ message: string }>(url, "select data::json->>'message' as message from submissions where form = 'contact'")).map((r) => r.message).filter((m) => m.startsWith(`${prefix} `));

  describe("two processes, 1,000 submissions, then one killed mid-load", () => {
    const sink = smtpSink();
    let url: string;
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      await sink.start(SMTP_PORT);
      url = await newDatabase();
    });
    afterAll(async () => {
      for (const p of [a, b]) if (p) await stop(p);
      await sink.stop();
    });

    test("two processes starting at once on an empty database apply each migration once", async () => {
      // OUTBOX_LEASE_SECONDS=5: a killed sender's message is taken over 5 s later, not 2 min.
      [a, b] = (await Promise.all(PORTS.map((port) => server(port, url, { OUTBOX_LEASE_SECONDS: "5" })))) as [ServerProcess, ServerProcess];
      const applied = await query<{ name: string }>(url, "select name from kysely_migration order by name");
      expect(applied.map((r) => r.name)).toEqual(Object.keys(migrations));
      expect(a.output() + b.output()).not.toMatch(/"level":50|Could not start/);
    });

    test("1,000 submissions across both: exactly 1,000 rows and 1,000 notifications within 60 s", async () => {
      const started = performance.now();
      const acknowledged = await load(1000, 20, (i) => PORTS[i % 2]!, "Load");
      expect(acknowledged.size).toBe(1000);
      const stored = await storedMessages(url, "Load");
      expect(stored).toHaveLength(1000);
      expect(new Set(stored)).toEqual(acknowledged);

      await until("1,000 notifications", () => sink.received.length >= 1000, 60_000 - (performance.now() - started));
      const seconds = (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 1000)); // nothing more arrives
      expect(sink.received).toHaveLength(1000);
      expect(new Set(sink.received.map((m) => messageId(m.raw))).size).toBe(1000);
      console.info(`multi-instance: 1,000 submissions stored and notified by 2 processes in ${seconds.toFixed(1)} s`);
    });

    test("SIGKILL mid-load and restart: each acknowledged submission stored once; duplicates at most those in flight, each logged", async () => {
      sink.received.length = 0;
      let killed: Promise<void> | undefined;
      const acknowledged = await load(600, 16, (i) => PORTS[i % 2]!, "Kill", (acked) => {
        if (acked === 200 && !killed) {
          killed = (async () => {
            await stop(a, "SIGKILL");
            a = await server(PORTS[0], url, { OUTBOX_LEASE_SECONDS: "5" });
          })();
        }
      });
      await killed;
      expect(acknowledged.size).toBeGreaterThan(300);

      // Every acknowledged submission once; others (killed before answering) at most once.
      const stored = await storedMessages(url, "Kill");
      expect(stored.length).toBe(new Set(stored).size);
      for (const message of acknowledged) expect(stored).toContain(message);

      // Every stored submission is notified, including the one a killed sender held.
      await until("a notification for every stored submission", async () => {
        const pending = await query(url, "select id from outbox where sent_at is null and dead_at is null");
        return pending.length === 0;
      }, 60_000);
      await new Promise((r) => setTimeout(r, 500));
      const ids = sink.received.map((m) => messageId(m.raw)!);
      expect(new Set(ids).size).toBe(stored.length);
      const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
      const maybeDuplicates = [...logged(a, "OutboxMaybeDuplicate"), ...logged(b, "OutboxMaybeDuplicate")];
      // A process sends at most 5 messages at once (the outbox's concurrency): at most 5 were in flight at the kill.
      expect(maybeDuplicates.length).toBeLessThanOrEqual(5);
      expect(duplicates.length).toBeLessThanOrEqual(maybeDuplicates.length);
      for (const id of duplicates) expect(maybeDuplicates.map((l) => `<${l.outboxId}@outbox.arcbyte.in>`)).toContain(id);
      console.info(`multi-instance: kill run ${acknowledged.size} acknowledged, ${stored.length} stored, ${duplicates.length} duplicate notification(s), ${maybeDuplicates.length} logged as possible`);
    });
  });

  test("the rate limit is shared: FORM_RATE_LIMIT=10, 30 posts alternating between two processes: 10 accepted, 20 answered 429", async () => {
    const url = await newDatabase();
    const sink = smtpSink();
    await sink.start(SMTP_PORT);
    const [a, b] = (await Promise.all(PORTS.map((port) => server(port, url, { FORM_RATE_LIMIT: "10", LOG_LEVEL: "info" })))) as [ServerProcess, ServerProcess];
    try {
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push(await submit(PORTS[i % 2]!, `Limited ${i}`));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(20);
      for (const r of refused) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(a.output()).toContain("counted in PostgreSQL (shared by every process)");
      expect(await storedMessages(url, "Limited")).toHaveLength(10);
    } finally {
      await Promise.all([stop(a), stop(b)]);
      await sink.stop();
    }
    // One process on SQLite keeps the plugin's in-memory counter.
    const single = await startFormsApp({ formRateLimit: 10 });
    try {
      expect(single.logs.join("\n")).toContain("counted in this process's memory");
    } finally {
      await single.close();
    }
  });

  // CI installs faketime (.ci/run), so there the test always runs.
  test.skipIf(!libfaketime && !process.env.CI)("leases use the database's clock: a process 5 minutes ahead still sends each message once", async () => {
    const url = await newDatabase();
    // A slow mail server: each message is held in flight a while, leased to its sender.
    const sink = smtpSink({ delayMs: 150 });
    await sink.start(SMTP_PORT);
    const [a, b] = await Promise.all([
      server(PORTS[0], url),
      // libfaketime moves the wall clock of the whole process (what Date reads): nothing of ours is told.
      server(PORTS[1], url, { LOG_LEVEL: "info", LD_PRELOAD: libfaketime, FAKETIME: "+5m", FAKETIME_DONT_FAKE_MONOTONIC: "1" }),
    ]);
    try {
      // B's clock really is 5 minutes ahead (its log lines' times), beyond the 2-minute lease.
      const firstLine = JSON.parse(b.output().split("\n").find((l) => l.startsWith("{"))!) as { time: number };
      expect(firstLine.time - Date.now()).toBeGreaterThan(4 * 60_000);

      const acknowledged = await load(40, 4, (i) => PORTS[i % 2]!, "Clock");
      expect(acknowledged.size).toBe(40);
      await until("40 notifications", () => sink.received.length >= 40, 60_000);
      await new Promise((r) => setTimeout(r, 2_000)); // both senders poll again: nothing is sent twice
      expect(sink.received).toHaveLength(40);
      expect(new Set(sink.received.map((m) => messageId(m.raw))).size).toBe(40);
    } finally {
      await Promise.all([stop(a), stop(b)]);
      await sink.stop();
    }
  });
});
