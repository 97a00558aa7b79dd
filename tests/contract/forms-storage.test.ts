/**
 * Storage, the same tests on both databases: SQLite (the default) and a real throwaway
 * PostgreSQL cluster. Migrations, what the API stores, unique newsletter addresses under
 * concurrency, export and erasure, and that refused input leaves nothing behind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../server/storage/database.ts";
import { countRows, eraseEmail, exportSubmissions } from "../../server/storage/submissions.ts";
import { badInputs } from "./fixtures/bad-form-inputs.ts";
import { json, startFormsApp, type TestApp, validCareers, validContact } from "./forms-harness.ts";
import { findPostgresBin, NO_POSTGRES_MESSAGE, type Postgres, startPostgres } from "./postgres.ts";

interface Target {
  name: string;
  available: boolean;
  /** A fresh, empty database for one test group. */
  setup(): Promise<{ url: string; teardown(): Promise<void> }>;
}

let postgres: Postgres | undefined;
let databases = 0;

const targets: Target[] = [
  {
    name: "SQLite",
    available: true,
    async setup() {
      const dir = mkdtempSync(path.join(os.tmpdir(), "forms-sqlite-"));
      return { url: `file:${path.join(dir, "site.db")}`, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "PostgreSQL",
    available: findPostgresBin() !== undefined,
    async setup() {
      postgres ??= await startPostgres();
      if (!postgres) throw new Error("PostgreSQL binaries disappeared");
      const name = `forms_${process.pid}_${++databases}`;
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return { url: postgres.url.replace(/\/postgres$/, `/${name}`), teardown: async () => undefined };
    },
  },
];

if (!targets[1]!.available) console.warn(NO_POSTGRES_MESSAGE);

afterAll(() => postgres?.stop());

const post = (t: TestApp, url: string, body: unknown) => t.app.inject({ method: "POST", url, payload: JSON.stringify(body), headers: json });

describe.each(targets)("storage on $name", (target) => {
  if (!target.available) {
    test.skip("PostgreSQL binaries not found (see the message above)", () => undefined);
    return;
  }
  let t: TestApp;
  let teardown: () => Promise<void>;
  beforeAll(async () => {
    const db = await target.setup();
    teardown = db.teardown;
    t = await startFormsApp({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await t?.close();
    await teardown?.();
  });
  beforeEach(async () => {
    for (const table of ["outbox", "newsletter_subscribers", "contact_enquiries", "job_applications"] as const) {
      await t.app.storage.db.deleteFrom(table).execute();
    }
  });

  test("migrations ran on start; a second start on the same database is fine and keeps the data", async () => {
    await post(t, "/api/newsletter", { email: "kept@example.com" });
    const again = await openDatabase(t.databaseUrl);
    try {
      const migrations = await again.db.selectFrom("kysely_migration" as never).selectAll().execute();
      expect(migrations).toHaveLength(1);
      expect((await countRows(again.db)).newsletter_subscribers).toBe(1);
    } finally {
      await again.db.destroy();
    }
  });

  test("each form's submission lands in its table, enquiries and applications with an outbox row", async () => {
    expect((await post(t, "/api/contact", validContact)).statusCode).toBe(200);
    expect((await post(t, "/api/careers", validCareers)).statusCode).toBe(200);
    expect((await post(t, "/api/newsletter", { email: "Reader@Example.com" })).statusCode).toBe(200);
    expect(await countRows(t.app.storage.db)).toEqual({ newsletter_subscribers: 1, contact_enquiries: 1, job_applications: 1, outbox: 2 });
    expect(await exportSubmissions(t.app.storage.db, "contact")).toEqual([{ created_at: expect.any(String), ...validContact }]);
    expect(await exportSubmissions(t.app.storage.db, "careers")).toEqual([{ created_at: expect.any(String), ...validCareers }]);
    expect(await exportSubmissions(t.app.storage.db, "newsletter")).toEqual([
      { email: "reader@example.com", consented_at: expect.any(String), consent_version: expect.any(String), created_at: expect.any(String) },
    ]);
  });

  test("the same address subscribed 20 times at once: 20 identical answers, one row", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(t, "/api/newsletter", { email: i % 2 ? "same@example.com" : " SAME@example.com " })),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set(['200 {"success":true}']));
    expect((await countRows(t.app.storage.db)).newsletter_subscribers).toBe(1);
  });

  test("100 enquiries at once are all stored", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => post(t, "/api/contact", { ...validContact, message: `Enquiry ${i}` })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await exportSubmissions(t.app.storage.db, "contact");
    expect(new Set(rows.map((r) => r.message)).size).toBe(100);
  });

  test("export lists oldest first", async () => {
    for (const message of ["first", "second", "third"]) await post(t, "/api/contact", { ...validContact, message });
    expect((await exportSubmissions(t.app.storage.db, "contact")).map((r) => r.message)).toEqual(["first", "second", "third"]);
  });

  test("erasure removes one person everywhere, outbox included, and nobody else", async () => {
    const person = "priya.sharma@example.com";
    await post(t, "/api/newsletter", { email: person });
    await post(t, "/api/contact", validContact);
    await post(t, "/api/contact", validContact);
    await post(t, "/api/careers", { ...validCareers, email: person });
    await post(t, "/api/contact", { ...validContact, email: "someone.else@example.com" });
    expect(await eraseEmail(t.app.storage.db, "  Priya.Sharma@EXAMPLE.com ")).toEqual({
      newsletter_subscribers: 1,
      contact_enquiries: 2,
      job_applications: 1,
      outbox: 3,
    });
    expect(await countRows(t.app.storage.db)).toEqual({ newsletter_subscribers: 0, contact_enquiries: 1, job_applications: 0, outbox: 1 });
    expect(await eraseEmail(t.app.storage.db, person)).toEqual({ newsletter_subscribers: 0, contact_enquiries: 0, job_applications: 0, outbox: 0 });
  });

  test(`none of the ${badInputs.length} refused requests stores anything`, async () => {
    for (const { endpoint, body, headers, status } of badInputs) {
      const payload = typeof body === "object" && body !== null && "raw" in body ? (body as { raw: string }).raw : JSON.stringify(body);
      const response = await t.app.inject({ method: "POST", url: endpoint, payload, headers: { ...json, ...headers } });
      expect(response.statusCode, endpoint).toBe(status);
    }
    expect(await countRows(t.app.storage.db)).toEqual({ newsletter_subscribers: 0, contact_enquiries: 0, job_applications: 0, outbox: 0 });
  });
});
