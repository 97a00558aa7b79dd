/**
 * PostgreSQL faults the form server must survive, on a real cluster of its own: a restart
 * (every connection closed under the pool), the database gone (connections refused) and a
 * database that stops answering (SIGSTOP: connections open, no answer). The server stays
 * up, answers 503 promptly instead of hanging, /readyz says so, and both are back within
 * 5 s of the database's return.
 */
import { errors } from "../../src/errors/catalogue.ts";
import { findPostgresBin, NO_POSTGRES_MESSAGE, type Postgres, startPostgres } from "../../scripts/lib/throwaway-postgres.ts";
import { json, startFormsApp, type TestApp, validContact } from "./forms-harness.ts";

const available = findPostgresBin() !== undefined;
if (!available) console.warn(NO_POSTGRES_MESSAGE);

describe.skipIf(!available)("PostgreSQL faults", () => {
  let cluster: Postgres;
  let t: TestApp;
  beforeAll(async () => {
    cluster = (await startPostgres())!;
    // 2 s: how long a query may go unanswered before the request fails with 503.
    t = await startFormsApp({ databaseUrl: cluster.url, databaseTimeoutMs: 2_000, studio: true });
  });
  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  const post = (message: string) =>
    t.app.inject({ method: "POST", url: "/api/contact", payload: JSON.stringify({ ...validContact, message }), headers: json });
  const ready = async () => (await t.app.inject({ method: "GET", url: "/readyz" })).statusCode;
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };
  /** How long after now /readyz first answers 200 (polling every 100 ms, at most 10 s). */
  const backWithin = async () => {
    const started = performance.now();
    while (performance.now() - started < 10_000) {
      if ((await ready()) === 200) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
    return Infinity;
  };
  const stored = async () => Number((await t.app.storage.db.selectFrom("submissions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  test("/healthz answers while the process runs; /readyz while the database answers", async () => {
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect([health.statusCode, health.json(), health.headers["cache-control"]]).toEqual([200, { status: "ok" }, "no-store"]);
    expect(await ready()).toBe(200);
  });

  test("a restart closes every pooled connection: the process lives on and the next submission is stored", async () => {
    expect((await post("before the restart")).statusCode).toBe(200);
    cluster.restart();
    // The pool's idle connections were closed under it: without an 'error' listener the process would have died here.
    await new Promise((r) => setTimeout(r, 200));
    expect((await post("after the restart")).statusCode).toBe(200);
    expect(await ready()).toBe(200);
  });

  test("the database gone: 503 with Retry-After at once, /readyz 503, then 200 within 5 s of its return", async () => {
    const before = await stored();
    cluster.halt();
    try {
      const { value: response, ms } = await timed(() => post("while the database is down"));
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("30");
      expect(response.json()).toEqual({ success: false, code: errors.FormUnavailable.code, error: errors.FormUnavailable().message });
      expect(ms).toBeLessThan(3_000);
      expect(await ready()).toBe(503);
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      // A studio preview link cannot be looked up either: the same prompt 503, not a 500.
      const preview = await t.app.inject({ method: "GET", url: "/admin/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
      expect(`${preview.statusCode} ${preview.headers["retry-after"]} ${preview.json().error.code}`).toBe(`503 10 ${errors.DatabaseUnavailable.code}`);
    } finally {
      cluster.start();
    }
    expect(await backWithin()).toBeLessThan(5_000);
    expect((await post("after the database came back")).statusCode).toBe(200);
    expect(await stored()).toBe(before + 1);
  });

  test("a database that stops answering: 503 within the timeout instead of a hang, and back within 5 s", async () => {
    cluster.pause();
    let resumed = false;
    try {
      const [submission, readiness] = await Promise.all([timed(() => post("while the database hangs")), timed(ready)]);
      expect(submission.value.statusCode).toBe(503);
      expect(submission.ms).toBeLessThan(4_000); // the 2 s timeout and some slack
      expect(readiness.value).toBe(503);
      expect(readiness.ms).toBeLessThan(3_000);
      expect(t.logs.some((l) => JSON.parse(l).code === "DatabaseUnavailable")).toBe(true);
    } finally {
      cluster.resume();
      resumed = true;
    }
    expect(resumed).toBe(true);
    expect(await backWithin()).toBeLessThan(5_000);
    expect((await post("after the database answered again")).statusCode).toBe(200);
  });
});
