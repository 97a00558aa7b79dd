/**
 * Notifications through a real local SMTP server (smtp-server): enquiries and applications
 * reach the agency's address, reply-to the submitter; an SMTP outage loses nothing (the
 * outbox keeps the message and retries); when the server is back it is delivered once.
 */
import { notificationFor, UnsafeHeaderValue } from "../../server/notify/messages.ts";
import { countRows } from "../../server/storage/submissions.ts";
import { smtpSink, until } from "./smtp-sink.ts";
import { pdf } from "./fixtures/documents.ts";
import { multipartPost, textParts } from "./fixtures/multipart.ts";
import { contentFormsManifest, json, makeTestBuild, startFormsApp, type TestApp, validCareers, validContact } from "./forms-harness.ts";
import { freePort } from "../../scripts/lib/free-port.ts";

const fast = { baseDelayMs: 100, maxDelayMs: 400, pollMs: 50, leaseMs: 5_000 };
const post = (t: TestApp, url: string, body: unknown) => t.app.inject({ method: "POST", url, payload: JSON.stringify(body), headers: json });
const outboxRows = (t: TestApp) => t.app.storage.db.selectFrom("outbox").selectAll().execute();

describe("notifications by email", () => {
  let port: number;
  let sink: ReturnType<typeof smtpSink>;
  let t: TestApp;
  beforeEach(async () => {
    port = await freePort();
    sink = smtpSink();
  });
  afterEach(async () => {
    await t?.close();
    await sink.stop();
  });

  test("a job application's CV is attached to its e-mail, read from the database as it is sent", async () => {
    await sink.start(port);
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: fast } });
    const cv = pdf(40_000);
    const parts = [...textParts(validCareers), { name: "cv", filename: "Arjun CV.pdf", type: "application/pdf", bytes: cv }];
    expect((await t.app.inject(multipartPost("/api/careers", parts))).json()).toEqual({ success: true });
    const [mail] = await until("the email", async () => sink.received.length > 0 && sink.received);
    const file = await t.app.storage.db.selectFrom("submission_files").select("id").executeTakeFirstOrThrow();
    const raw = mail!.raw.replace(/=\r?\n/g, "");
    expect(raw).toContain(`CV: Arjun CV.pdf (40 kB), attached; npm run submissions -- file ${file.id}`);
    expect(raw).toMatch(/^Content-Type: application\/pdf; name="Arjun CV\.pdf"$/m);
    // The attachment's base64, unfolded, is the file.
    const body = raw.split(/^Content-Disposition: attachment; filename="Arjun CV\.pdf"\r?\n\r?\n/m)[1]!.split(/\r?\n--/)[0]!;
    expect(Buffer.compare(Buffer.from(body.replace(/\s+/g, ""), "base64"), cv)).toBe(0);
  });

  test("an enquiry is emailed to the agency, reply-to the submitter, and marked sent", async () => {
    await sink.start(port);
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: fast } });
    expect((await post(t, "/api/contact", validContact)).statusCode).toBe(200);

    const [mail] = await until("the email", async () => sink.received.length > 0 && sink.received);
    expect(mail!.to).toEqual(["hello@arcbyte.in"]); // the submitter is never a recipient
    expect(mail!.raw).toMatch(/^To: Arcbyte Technologies <hello@arcbyte\.in>$/m);
    expect(mail!.raw).toMatch(/^Reply-To: Priya Sharma <priya\.sharma@example\.com>$/m);
    expect(mail!.raw).toMatch(/^Subject: Website enquiry from Priya Sharma$/m);
    expect(mail!.raw.replace(/=\r?\n/g, "")).toContain(validContact.message); // undo quoted-printable line folding

    const [row] = await until("the row marked sent", async () => {
      const rows = await outboxRows(t);
      return rows[0]?.sent_at ? rows : undefined;
    });
    // Delivered: the row keeps when and how often, not the text (names, addresses, the message).
    expect(row).toMatchObject({ attempts: 1, last_error: null, lease_until: null, dead_at: null, message: "" });
    expect(mail!.raw).toMatch(new RegExp(`^Message-ID: <${row!.id}@outbox\\.arcbyte\\.in>$`, "m"));
  });

  test("on a site of several languages, the enquiry's e-mail names the locale of the page it was sent from, and its row keeps it", async () => {
    await sink.start(port);
    const locales = [{ code: "en", name: "English" }, { code: "hi", name: "हिन्दी" }];
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: fast }, buildDir: makeTestBuild({ ...contentFormsManifest(), locales }) });
    expect((await post(t, "/api/contact?locale=hi", validContact)).statusCode).toBe(200);
    expect((await post(t, "/api/contact", { ...validContact, name: "Asha Verma" })).statusCode).toBe(200);
    // A code the build does not have is not believed: stored without a locale, never refused.
    expect((await post(t, "/api/contact?locale=xx", { ...validContact, name: "Ravi Kumar" })).statusCode).toBe(200);
    const mails = await until("three emails", async () => sink.received.length === 3 && sink.received);
    const text = (name: string) => mails.find((m) => m.raw.includes(`Subject: Website enquiry from ${name}`))!.raw.replace(/=\r?\n/g, "");
    // Quoted-printable: the Hindi name as UTF-8 bytes.
    const hindi = [...Buffer.from("हिन्दी")].map((b) => `=${b.toString(16).toUpperCase()}`).join("");
    expect(text("Priya Sharma")).toContain(`Sent from the contact form of the website, in ${hindi} (hi).`);
    expect(text("Asha Verma")).toContain("Sent from the contact form of the website, in English (en).");
    expect(text("Ravi Kumar")).toContain("Sent from the contact form of the website.");
    const rows = await t.app.storage.db.selectFrom("submissions").select(["data", "locale"]).orderBy("id").execute();
    expect(rows.map((r) => [JSON.parse(r.data).name, r.locale])).toEqual([["Priya Sharma", "hi"], ["Asha Verma", "en"], ["Ravi Kumar", null]]);
  });

  test("a corrupt row is set aside as a dead letter and reported; the other messages still go", async () => {
    await sink.start(port);
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: { ...fast, pollMs: 60_000 } } });
    const broken = { kind: "contact", submission_id: "x", subject_email: "", attempts: 0, next_attempt_at: "2000-01-01T00:00:00.000Z", created_at: "2000-01-01T00:00:00.000Z" };
    await t.app.storage.db.insertInto("outbox").values([
      { ...broken, id: "00000000-0000-7000-8000-000000000001", message: "{not json" },
      { ...broken, id: "00000000-0000-7000-8000-000000000002", message: '{"subject":"no addresses"}' },
    ]).execute();
    expect((await post(t, "/api/contact", validContact)).statusCode).toBe(200);
    await until("the enquiry's email", async () => sink.received.length === 1);
    // The sink has the message before the sender hears its 250 and marks the row sent.
    const rows = await until("the enquiry marked sent", async () => {
      const all = await t.app.storage.db.selectFrom("outbox").selectAll().orderBy("id").execute();
      return all.some((r) => r.sent_at !== null) ? all : undefined;
    });
    expect(rows.map((r) => [r.dead_at !== null, r.sent_at !== null, r.last_error?.split(":")[0] ?? null])).toEqual([
      [true, false, "OutboxCorruptRow"],
      [true, false, "OutboxCorruptRow"],
      [false, true, null],
    ]);
    const reports = t.logs.map((l) => JSON.parse(l)).filter((l) => l.code === "OutboxCorruptRow");
    expect(reports.map((r) => r.outboxId)).toEqual([rows[0]!.id, rows[1]!.id]);
    // Dead letters are not tried again.
    await t.app.notifications.drain();
    expect((await outboxRows(t)).filter((r) => r.attempts > 1)).toEqual([]);
  });

  test("a message the mail server refuses for good (5xx) becomes a dead letter at once, not retried", async () => {
    sink = smtpSink({ refuse: 550 });
    await sink.start(port);
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: fast } });
    expect((await post(t, "/api/contact", validContact)).statusCode).toBe(200);
    const [row] = await until("the dead letter", async () => {
      const rows = await outboxRows(t);
      return rows[0]?.dead_at ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, sent_at: null, lease_until: null, last_error: expect.stringMatching(/^OutboxRefused: .*550/) });
    await new Promise((r) => setTimeout(r, 400)); // several polls
    expect((await outboxRows(t))[0]!.attempts).toBe(1);
    expect(t.logs.some((l) => JSON.parse(l).code === "OutboxRefused")).toBe(true);
  });

  test("a message that keeps failing is given up after the attempt limit", async () => {
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: { ...fast, baseDelayMs: 20, maxDelayMs: 20, maxAttempts: 3 } } });
    expect((await post(t, "/api/careers", validCareers)).statusCode).toBe(200);
    const [row] = await until("the dead letter", async () => {
      const rows = await outboxRows(t);
      return rows[0]?.dead_at ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 3, sent_at: null, last_error: expect.stringMatching(/^OutboxGaveUp: Sending failed 3 times/) });
    expect(row!.message).not.toBe(""); // kept, so it can be sent once mail works again
  });

  test("a message whose sender stopped mid-send is sent again, logged as a possible duplicate", async () => {
    await sink.start(port);
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: { ...fast, pollMs: 60_000 } } });
    expect((await post(t, "/api/contact", validContact)).statusCode).toBe(200);
    await until("the email", async () => sink.received.length === 1);
    // The sender marks the row sent just after the sink has the mail: wait for that, or it would overwrite the reset below.
    const [row] = await until("the row marked sent", async () => {
      const rows = await outboxRows(t);
      return rows[0]?.sent_at ? rows : undefined;
    });
    // As a killed sender leaves a row: attempt started, lease run out, never marked sent.
    await t.app.storage.db
      .updateTable("outbox")
      .set({ sent_at: null, message: JSON.stringify(notificationFor(contentFormsManifest().forms.find((f) => f.id === "contact")!, validContact, contentFormsManifest().agency)), last_error: "OUTBOX_IN_FLIGHT", lease_until: "2000-01-01T00:00:00.000Z" })
      .execute();
    await t.app.notifications.drain();
    expect(sink.received).toHaveLength(2);
    const messageId = (raw: string) => /^Message-ID: (.*)$/m.exec(raw)?.[1];
    expect(messageId(sink.received[1]!.raw)).toBe(messageId(sink.received[0]!.raw)); // mail programs show it once
    const duplicate = t.logs.map((l) => JSON.parse(l)).find((l) => l.code === "OutboxMaybeDuplicate");
    expect(duplicate).toMatchObject({ level: 40, outboxId: row!.id, attempts: 2 });
  });

  test("SMTP down: the application is acknowledged and kept, retried with backoff; back up: delivered exactly once", async () => {
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: fast } });
    expect((await post(t, "/api/careers", validCareers)).json()).toEqual({ success: true });

    const failing = await until("two failed attempts", async () => {
      const [row] = await outboxRows(t);
      return row && row.attempts >= 2 && row.lease_until === null ? row : undefined; // two attempts over, none under way
    });
    expect(failing.sent_at).toBeNull();
    expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failing.next_attempt_at > new Date(Date.now() - 1000).toISOString()).toBe(true);

    await sink.start(port);
    await until("delivery after recovery", async () => sink.received.length > 0);
    // Several more polls: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 500));
    await t.app.notifications.drain();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.raw).toMatch(/^Subject: Job application: Frontend Developer \(React\) \(Arjun Mehta\)$/m);
    const [row] = await outboxRows(t);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.attempts).toBeGreaterThanOrEqual(3);
  });

  test("without SMTP_URL the outbox keeps messages; a later start with SMTP delivers them", async () => {
    const plain = await startFormsApp();
    expect(plain.app.notifications.enabled).toBe(false);
    await post(plain, "/api/contact", validContact);
    await post(plain, "/api/careers", validCareers);
    expect((await outboxRows(plain)).map((r) => r.sent_at)).toEqual([null, null]);
    const databaseUrl = plain.databaseUrl;
    await plain.app.close(); // keep the database file

    await sink.start(port);
    t = await startFormsApp({ databaseUrl, smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: fast } });
    await until("both emails", async () => sink.received.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(2);
    await plain.close();
  });

  test("two senders on one outbox never send a message twice", async () => {
    await sink.start(port);
    t = await startFormsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: { ...fast, pollMs: 60_000 } } });
    const second = await startFormsApp({ databaseUrl: t.databaseUrl, smtpUrl: `smtp://127.0.0.1:${port}`, notifications: { outbox: { ...fast, pollMs: 60_000 } } });
    try {
      await Promise.all(Array.from({ length: 10 }, (_, i) => post(t, "/api/contact", { ...validContact, message: `Enquiry ${i}` })));
      await Promise.all([t.app.notifications.drain(), second.app.notifications.drain(), t.app.notifications.drain(), second.app.notifications.drain()]);
      await until("ten emails", async () => sink.received.length >= 10);
      await new Promise((r) => setTimeout(r, 200));
      expect(sink.received).toHaveLength(10);
    } finally {
      await second.close();
    }
  });
});

describe("store first, then notify", () => {
  test("a notification that cannot be written neither loses nor fails the submission, and is reported", async () => {
    // A tab in the agency's name: every notification's From header is refused.
    const manifest = contentFormsManifest();
    manifest.agency.name = "Arcbyte\tTechnologies";
    const t = await startFormsApp({ buildDir: makeTestBuild(manifest) });
    try {
      const response = await post(t, "/api/contact", validContact);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect((await countRows(t.app.storage.db)).byForm).toEqual({ contact: 1 });
      const [dead] = await outboxRows(t);
      expect(dead).toMatchObject({ message: "", sent_at: null, last_error: expect.stringMatching(/^NotificationNotBuilt: The From name/) });
      expect(dead!.dead_at).not.toBeNull();
      const report = t.logs.map((l) => JSON.parse(l)).find((l) => l.code === "NotificationNotBuilt");
      expect(report).toMatchObject({ level: 50, form: "contact", err: { message: expect.stringMatching(/From name of a notification/) } });
      expect(t.logs.join("\n")).not.toContain(validContact.email);
    } finally {
      await t.close();
    }
  });
});

describe("the notification message", () => {
  const contact = contentFormsManifest().forms.find((f) => f.id === "contact")!;
  const agency = { name: "Arcbyte Technologies", email: "hello@arcbyte.in" };

  test("addresses are objects, never strings built from input", () => {
    const mail = notificationFor(contact, validContact, agency);
    expect(mail.to).toEqual({ name: "Arcbyte Technologies", address: "hello@arcbyte.in" });
    expect(mail.replyTo).toEqual({ name: validContact.name, address: validContact.email });
  });

  test.each([
    ["name", { name: "Priya\r\nBcc: victim@example.org" }],
    ["email", { email: "a@example.com\nBcc: victim@example.org" }],
    ["subject", { name: "Priya\u0000" }],
  ])("a line break or control character in the %s is refused", (_, patch) => {
    expect(() => notificationFor(contact, { ...validContact, ...patch }, agency)).toThrow(UnsafeHeaderValue);
  });
});
