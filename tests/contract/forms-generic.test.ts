/**
 * One table for every form, on SQLite and PostgreSQL: the migration that moved the three
 * old tables into it loses nothing, and a form that exists only in this test's fixture
 * (never in content/) is stored, notified, exported and erased with no code.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { formSchema, type ResolvedForm } from "../../schemas/forms.ts";
import { connect, migrate, openDatabase, parseDatabaseUrl } from "../../server/storage/database.ts";
import { countRows, eraseEmail, exportSubmissions, storeSubmission } from "../../server/storage/submissions.ts";
import { describeOnEachDatabase } from "./databases.ts";
import { testNotices } from "./fixtures/test-forms.ts";
import { contentFormsManifest, json, makeTestBuild, startFormsApp, submissionsOf } from "./forms-harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Rows as the tables of migration 0001 held them: awkward text included. */
const old = {
  newsletter_subscribers: [
    { id: "0190a000-0000-7000-8000-000000000001", email: "reader@example.com", consented_at: "2024-03-01T10:00:00.000Z", consent_version: "aaaaaaaaaaaa", created_at: "2024-01-01T10:00:00.000Z" },
    { id: "0190a000-0000-7000-8000-000000000002", email: "second+news@example.com", consented_at: "2024-02-02T10:00:00.000Z", consent_version: "bbbbbbbbbbbb", created_at: "2024-02-02T10:00:00.000Z" },
  ],
  contact_enquiries: [
    { id: "0190a000-0000-7000-8000-000000000010", name: "Priya Sharma", email: "priya@example.com", phone: "+91 98765 43210", company: 'Sharma "Fine" Textiles, Jaipur', service: "Web Development", message: "Line one\nLine two; =1+1", created_at: "2024-01-05T09:00:00.000Z" },
    { id: "0190a000-0000-7000-8000-000000000011", name: "नमस्ते दुनिया", email: "hindi@example.com", phone: "", company: "", service: "", message: "अ".repeat(5000), created_at: "2024-01-06T09:00:00.000Z" },
    { id: "0190a000-0000-7000-8000-000000000012", name: "Ravi", email: "priya@example.com", phone: "", company: "", service: "Other", message: "emoji 🚀 and a tab\there", created_at: "2024-01-06T09:00:00.000Z" },
  ],
  job_applications: [
    { id: "0190a000-0000-7000-8000-000000000020", name: "Arjun Mehta", email: "arjun@example.com", position: "Frontend Developer (React)", message: "", created_at: "2024-01-07T09:00:00.000Z" },
  ],
  outbox: [
    { id: "0190a000-0000-7000-8000-000000000030", kind: "contact", submission_id: "0190a000-0000-7000-8000-000000000010", subject_email: "priya@example.com", message: '{"subject":"sent"}', attempts: 1, next_attempt_at: "2024-01-05T09:00:00.000Z", lease_until: null, last_error: null, sent_at: "2024-01-05T09:00:01.000Z", created_at: "2024-01-05T09:00:00.000Z" },
    { id: "0190a000-0000-7000-8000-000000000031", kind: "careers", submission_id: "0190a000-0000-7000-8000-000000000020", subject_email: "arjun@example.com", message: '{"subject":"waiting"}', attempts: 3, next_attempt_at: "2024-01-07T10:00:00.000Z", lease_until: null, last_error: "ECONNREFUSED", sent_at: null, created_at: "2024-01-07T09:00:00.000Z" },
  ],
};

/** A form no content file has: it lives in this fixture only. */
const quote = formSchema.parse({
  id: "quote",
  endpoint: "/api/quote",
  submitLabel: "Ask for a quote",
  submittingLabel: "Sending...",
  notify: { subject: "Quote request from {fullName} ({budget})" },
  retentionDays: 30,
  fields: [
    { name: "fullName", label: "Your name", type: "text", required: true, maxLength: 100 },
    { name: "workEmail", label: "Work email", type: "email", required: true, maxLength: 254 },
    { name: "budget", label: "Budget", type: "select", required: true, maxLength: 40, options: ["Under ₹1 lakh", "₹1–5 lakh", "Above ₹5 lakh"] },
    { name: "details", label: "What do you need?", type: "textarea", maxLength: 2000 },
  ],
  notices: testNotices({ title: "Request sent", description: "We will send you a quote within two working days." }),
}) as ResolvedForm;

describeOnEachDatabase("one table for every form, on $name", (target) => {
  test("migration 0002 moves every old row, byte for byte, and keeps the outbox", async () => {
    const { url, teardown } = await target.setup();
    try {
      const before = connect(parseDatabaseUrl(url));
      await migrate(before, "0001_form_submissions");
      for (const [table, rows] of Object.entries(old)) await before.insertInto(table as never).values(rows as never).execute();
      await before.destroy();

      const { db } = await openDatabase(url); // what a server start does: migrate to the latest
      try {
        expect(await countRows(db)).toEqual({ submissions: 6, outbox: 2, byForm: { newsletter: 2, contact: 3, careers: 1 } });
        const meta = (r: { created_at: string }, version = "unknown", updated = r.created_at) => ({ created_at: r.created_at, updated_at: updated, form_version: version, page_locale: "" });
        const [n1, n2] = old.newsletter_subscribers;
        expect((await exportSubmissions(db, "newsletter", ["email"])).rows).toEqual([
          { ...meta(n1!, n1!.consent_version, n1!.consented_at), email: n1!.email },
          { ...meta(n2!, n2!.consent_version, n2!.consented_at), email: n2!.email },
        ]);
        expect((await exportSubmissions(db, "contact")).rows).toEqual(old.contact_enquiries.map(({ id: _, created_at, ...values }) => ({ ...meta({ created_at }), ...values })));
        expect((await exportSubmissions(db, "careers")).rows).toEqual(old.job_applications.map(({ id: _, created_at, ...values }) => ({ ...meta({ created_at }), ...values })));
        // Ids kept, so the outbox still points at its submissions; erasure still finds everything.
        const ids = (await db.selectFrom("submissions").select("id").orderBy("id").execute()).map((r) => r.id);
        expect(ids).toEqual([...old.newsletter_subscribers, ...old.contact_enquiries, ...old.job_applications].map((r) => r.id).sort());
        expect(await db.selectFrom("outbox").selectAll().orderBy("id").execute()).toEqual(old.outbox.map((r) => ({ ...r, dead_at: null })));
        expect(await eraseEmail(db, "priya@example.com")).toEqual({ forms: { contact: 2 }, files: 0, outbox: 1, purged: true });
        // The old tables are gone; a subscriber is still stored once.
        await expect(db.selectFrom("contact_enquiries" as never).selectAll().execute()).rejects.toThrow();
        const newsletter = contentFormsManifest().forms.find((f) => f.id === "newsletter")!;
        await storeSubmission(db, newsletter, { email: "reader@example.com" }, { formVersion: "cccccccccccc" });
        const again = await submissionsOf(db, "newsletter");
        expect(again).toHaveLength(2);
        expect(again[0]).toMatchObject({ id: n1!.id, created_at: n1!.created_at, form_version: "cccccccccccc" });
        expect(again[0]!.updated_at > n1!.consented_at).toBe(true);
      } finally {
        await db.destroy();
      }
    } finally {
      await teardown();
    }
  });

  // Two CLI processes (tsx start-up): slow on a loaded machine.
  test("a form that exists only in a fixture is stored, notified, exported and erased with no code", { timeout: 90_000 }, async () => {
    const { url, teardown } = await target.setup();
    const manifest = contentFormsManifest();
    manifest.forms.push(quote);
    const t = await startFormsApp({ databaseUrl: url, buildDir: makeTestBuild(manifest) });
    try {
      const post = (body: unknown) => t.app.inject({ method: "POST", url: "/api/quote", payload: JSON.stringify(body), headers: json });
      const request = { fullName: "Meera Iyer", workEmail: " Meera@Example.COM ", budget: "₹1–5 lakh", details: "A booking site, by March." };
      expect((await post(request)).json()).toEqual({ success: true });
      // Validated by the form's own schema: an option not on its list, a field it lacks.
      expect((await post({ ...request, budget: "₹100 crore" })).statusCode).toBe(400);
      expect((await post({ ...request, phone: "123" })).statusCode).toBe(400);

      const [row] = await submissionsOf(t.app.storage.db, "quote");
      expect(row).toMatchObject({ form: "quote", email: "meera@example.com", values: { ...request, workEmail: "meera@example.com" } });
      const [notification] = await t.app.storage.db.selectFrom("outbox").selectAll().execute();
      expect(notification).toMatchObject({ kind: "quote", submission_id: row!.id, subject_email: "meera@example.com" });
      const mail = JSON.parse(notification!.message);
      expect(mail).toMatchObject({ subject: "Quote request from Meera Iyer (₹1–5 lakh)", replyTo: { name: "", address: "meera@example.com" } });
      expect(mail.text).toContain("What do you need?:\nA booking site, by March.");

      // The CLI knows the form from the database alone (content/ has no "quote").
      // Run beside the app, not blocking it (spawnSync would): the app's own work on the tables goes on meanwhile, as in production.
      const cli = (...args: string[]) => promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/submissions.ts", ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
      const exported = await cli("export", "quote");
      expect(exported.stdout.split("\r\n")[0]).toBe("\uFEFFcreated_at,updated_at,form_version,page_locale,fullName,workEmail,budget,details");
      expect(exported.stdout).toContain(",Meera Iyer,meera@example.com,₹1–5 lakh,\"A booking site, by March.\"\r\n");
      expect((await cli("erase", "meera@example.com")).stdout).toBe("Erased meera@example.com: 1 quote submission, 1 notification.\n");
      expect((await countRows(t.app.storage.db)).submissions).toBe(0);
    } finally {
      await t.close();
      await teardown();
    }
  });
});
