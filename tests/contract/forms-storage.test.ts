/**
 * Storage, the same tests on both databases: SQLite (the default) and a real throwaway
 * PostgreSQL cluster. Migrations, what the API stores, unique newsletter addresses under
 * concurrency, export and erasure, and that refused input leaves nothing behind.
 */
import { openDatabase } from "../../server/storage/database.ts";
import { migrations } from "../../server/storage/migrations.ts";
import { pruneExpired } from "../../server/storage/retention.ts";
import { countRows, eraseEmail, exportSubmissions } from "../../server/storage/submissions.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { badInputs } from "./fixtures/bad-form-inputs.ts";
import { contentFormsManifest, json, nothingStored, startFormsApp, submissionsOf, type TestApp, validCareers, validContact } from "./forms-harness.ts";

const post = (t: TestApp, url: string, body: unknown) => t.app.inject({ method: "POST", url, payload: JSON.stringify(body), headers: json });

describeOnEachDatabase("storage on $name", (target) => {
  let t: TestApp;
  const database = groupDatabase(target);
  beforeAll(async () => {
    t = await startFormsApp({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    for (const table of ["outbox", "submissions"] as const) {
      await t.app.storage.db.deleteFrom(table).execute();
    }
  });

  test("migrations ran on start; a second start on the same database is fine and keeps the data", async () => {
    await post(t, "/api/newsletter", { email: "kept@example.com" });
    const again = await openDatabase(t.databaseUrl);
    try {
      const applied = await again.db.selectFrom("kysely_migration" as never).selectAll().execute();
      expect(applied).toHaveLength(Object.keys(migrations).length);
      expect((await countRows(again.db)).byForm).toEqual({ newsletter: 1 });
    } finally {
      await again.db.destroy();
    }
  });

  test("each form's submission is stored with its form's id, enquiries and applications with an outbox row", async () => {
    expect((await post(t, "/api/contact", validContact)).statusCode).toBe(200);
    expect((await post(t, "/api/careers", validCareers)).statusCode).toBe(200);
    expect((await post(t, "/api/newsletter", { email: "Reader@Example.com" })).statusCode).toBe(200);
    expect(await countRows(t.app.storage.db)).toEqual({ submissions: 3, outbox: 2, byForm: { contact: 1, careers: 1, newsletter: 1 } });
    const meta = { created_at: expect.any(String), updated_at: expect.any(String), form_version: expect.stringMatching(/^[0-9a-f]{12}$/), page_locale: "" };
    expect((await exportSubmissions(t.app.storage.db, "contact")).rows).toEqual([{ ...meta, ...validContact }]);
    expect((await exportSubmissions(t.app.storage.db, "careers")).rows).toEqual([{ ...meta, ...validCareers, cv: "" }]);
    expect((await exportSubmissions(t.app.storage.db, "newsletter")).rows).toEqual([{ ...meta, email: "reader@example.com" }]);
  });

  test("the same address subscribed 20 times at once: 20 identical answers, one row", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(t, "/api/newsletter", { email: i % 2 ? "same@example.com" : " SAME@example.com " })),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set(['200 {"success":true}']));
    expect((await countRows(t.app.storage.db)).byForm).toEqual({ newsletter: 1 });
  });

  test("100 enquiries at once are all stored", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => post(t, "/api/contact", { ...validContact, message: `Enquiry ${i}` })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const { rows } = await exportSubmissions(t.app.storage.db, "contact");
    expect(new Set(rows.map((r) => r.message)).size).toBe(100);
  });

  test("export lists oldest first", async () => {
    for (const message of ["first", "second", "third"]) await post(t, "/api/contact", { ...validContact, message });
    expect((await exportSubmissions(t.app.storage.db, "contact")).rows.map((r) => r.message)).toEqual(["first", "second", "third"]);
  });

  test("erasure removes one person everywhere, outbox included, and nobody else", async () => {
    const person = "priya.sharma@example.com";
    await post(t, "/api/newsletter", { email: person });
    await post(t, "/api/contact", validContact);
    await post(t, "/api/contact", validContact);
    await post(t, "/api/careers", { ...validCareers, email: person });
    await post(t, "/api/contact", { ...validContact, email: "someone.else@example.com" });
    expect(await eraseEmail(t.app.storage.db, "  Priya.Sharma@EXAMPLE.com ")).toEqual({ forms: { careers: 1, contact: 2, newsletter: 1 }, files: 0, outbox: 3, purged: true });
    expect(await countRows(t.app.storage.db)).toEqual({ submissions: 1, outbox: 1, byForm: { contact: 1 } });
    expect(await eraseEmail(t.app.storage.db, person)).toEqual({ forms: {}, files: 0, outbox: 0, purged: true });
  });

  test(`none of the ${badInputs.length} refused requests stores anything`, async () => {
    for (const { endpoint, body, headers, status } of badInputs) {
      const payload = typeof body === "object" && body !== null && "raw" in body ? (body as { raw: string }).raw : JSON.stringify(body);
      const response = await t.app.inject({ method: "POST", url: endpoint, payload, headers: { ...json, ...headers } });
      expect(response.statusCode, endpoint).toBe(status);
    }
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });

  test("retention: each form's submissions go after its retentionDays, sent notifications and dead letters after theirs", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await post(t, "/api/contact", { ...validContact, message: "old" });
    await post(t, "/api/contact", { ...validContact, message: "recent" });
    await post(t, "/api/careers", validCareers);
    await post(t, "/api/newsletter", { email: "forever@example.com" });
    const db = t.app.storage.db;
    const [old] = (await submissionsOf(db, "contact")).filter((r) => r.values.message === "old");
    await db.updateTable("submissions").set({ created_at: daysAgo(800), updated_at: daysAgo(731) }).where("id", "=", old!.id).execute();
    await db.updateTable("submissions").set({ updated_at: daysAgo(364) }).where("form", "=", "careers").execute();
    await db.updateTable("submissions").set({ updated_at: daysAgo(5000) }).where("form", "=", "newsletter").execute();
    await db.updateTable("outbox").set({ sent_at: daysAgo(31), message: "" }).where("submission_id", "=", old!.id).execute();
    await db.updateTable("outbox").set({ dead_at: daysAgo(89) }).where("kind", "=", "careers").execute();

    const forms = contentFormsManifest().forms; // contact 730 days, careers 365, newsletter until erased
    expect(await pruneExpired(db, forms, { sentDays: 30, deadDays: 90 })).toEqual({ submissions: { contact: 1 }, files: 0, outbox: 1 });
    expect(await countRows(db)).toEqual({ submissions: 3, outbox: 2, byForm: { contact: 1, careers: 1, newsletter: 1 } });
    expect(await pruneExpired(db, forms, { sentDays: 30, deadDays: 88 })).toEqual({ submissions: {}, files: 0, outbox: 1 });
  });

  test("retention: spent proof-of-work challenges go once expired, those still valid stay to refuse a replay", async () => {
    const db = t.app.storage.db;
    await db.deleteFrom("form_pow_replays").execute();
    const now = Date.now();
    await db
      .insertInto("form_pow_replays")
      .values([
        { challenge: "expired-a day ago", expires_at_ms: now - 86_400_000 },
        { challenge: "expired-a second ago", expires_at_ms: now - 1_000 },
        { challenge: "valid-for ten minutes", expires_at_ms: now + 600_000 },
      ])
      .execute();

    await pruneExpired(db, contentFormsManifest().forms, { sentDays: 30, deadDays: 90 });
    const left = await db.selectFrom("form_pow_replays").select("challenge").execute();
    expect(left.map((r) => r.challenge)).toEqual(["valid-for ten minutes"]);
  });
});
