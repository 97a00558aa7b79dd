/** The form server's settings: environment variables, database URLs, body caps and ids. */
import path from "node:path";
import { formSchema, longestValue } from "../../schemas/forms.ts";
import { readConfig } from "../../server/config.ts";
import { bodyLimitFor } from "../../server/plugins/forms.ts";
import { describeTarget, parseDatabaseUrl } from "../../server/storage/database.ts";
import { uuidv7 } from "../../server/storage/ids.ts";
import { contentFormsManifest } from "../contract/forms-harness.ts";

describe("readConfig: form settings", () => {
  test("defaults: SQLite in ./data, 10 submissions a minute, no SMTP", () => {
    expect(readConfig({})).toMatchObject({ databaseUrl: "file:./data/site.db", formRateLimit: 10, smtpUrl: undefined });
  });

  test("FORM_RATE_LIMIT=0 turns the limit off; anything but a whole number is refused", () => {
    expect(readConfig({ FORM_RATE_LIMIT: "0" }).formRateLimit).toBe(0);
    expect(() => readConfig({ FORM_RATE_LIMIT: "ten" })).toThrow('FORM_RATE_LIMIT must be a whole number of submissions per minute (0 turns it off), not "ten".');
    expect(() => readConfig({ FORM_RATE_LIMIT: "-1" })).toThrow(/FORM_RATE_LIMIT/);
  });

  test("FORMS_POW_SECRET is the proof-of-work key, trimmed; unset or blank, each process draws its own", () => {
    expect(readConfig({ FORMS_POW_SECRET: " a-long-secret " }).formsPowSecret).toBe("a-long-secret");
    expect(readConfig({ FORMS_POW_SECRET: "  " }).formsPowSecret).toBeUndefined();
    expect(readConfig({}).formsPowSecret).toBeUndefined();
  });

  test("SMTP_URL must be smtp:// or smtps://", () => {
    expect(readConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465" }).smtpUrl).toBe("smtps://u:p@mail.example.com:465");
    expect(readConfig({ SMTP_URL: "  " }).smtpUrl).toBeUndefined();
    expect(() => readConfig({ SMTP_URL: "mail.example.com" })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
  });
});

describe("parseDatabaseUrl", () => {
  test.each([
    ["file:./data/site.db", { kind: "sqlite", file: path.resolve("data/site.db") }],
    ["file:///var/lib/site/site.db", { kind: "sqlite", file: "/var/lib/site/site.db" }],
    ["data/other.db", { kind: "sqlite", file: path.resolve("data/other.db") }],
    [":memory:", { kind: "sqlite", file: ":memory:" }],
    ["postgres://site:secret@db.internal:5432/site", { kind: "postgres", url: "postgres://site:secret@db.internal:5432/site" }],
    ["postgresql://db.internal/site", { kind: "postgres", url: "postgresql://db.internal/site" }],
  ])("%s", (url, target) => {
    expect(parseDatabaseUrl(url)).toEqual(target);
  });

  test("another scheme is refused without echoing the password", () => {
    expect(() => parseDatabaseUrl("mysql://root:hunter2@db/site")).toThrow('DATABASE_URL "mysql://***@db/site" is neither a SQLite file (file:./data/site.db) nor postgres://.');
  });

  test("descriptions for logs hide the password", () => {
    expect(describeTarget(parseDatabaseUrl("postgres://site:secret@db.internal/site"))).toBe("PostgreSQL postgres://***@db.internal/site");
  });
});

describe("bodyLimitFor", () => {
  const forms = Object.fromEntries(contentFormsManifest().forms.map((f) => [f.id, f]));
  const maxChars = (id: string) => forms[id]!.fields.reduce((sum, f) => sum + longestValue(f), 200);
  test("fits every field at its limit written the longest way a client may (9 bytes a character), and little more", () => {
    for (const id of ["newsletter", "contact", "careers"]) {
      const limit = bodyLimitFor(forms[id]!);
      expect(limit, id).toBeGreaterThanOrEqual(maxChars(id) * 9);
      expect(limit, id).toBeLessThan(maxChars(id) * 9 + 4096);
    }
    expect(bodyLimitFor(forms.contact!)).toBeLessThan(64 * 1024);
  });
});

describe("uuidv7", () => {
  test("ids made in the same millisecond still sort in creation order", () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("what content says about storing a form", () => {
  const contact = contentFormsManifest().forms.find((f) => f.id === "contact")!;
  const check = (patch: Record<string, unknown>) => formSchema.safeParse({ ...contact, ...patch });

  test("unique names a required field; notify's {placeholders} name fields", () => {
    expect(check({ unique: "email", notify: { subject: "Enquiry from {name} at {company}" } }).success).toBe(true);
    const issues = (patch: Record<string, unknown>) => check(patch).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues({ unique: "phone" })).toEqual(['unique: "unique" must name a required field of this form, not "phone"']);
    expect(issues({ unique: "fax" })).toEqual(['unique: "unique" must name a required field of this form, not "fax"']);
    expect(issues({ notify: { subject: "From {fullName}" } })).toEqual(["notify.subject: {fullName} is not a field of this form"]);
    expect(issues({ retentionDays: 0 })?.[0]).toMatch(/^retentionDays: /);
  });
});

describe("readConfig: database and outbox settings", () => {
  test("defaults, and whole numbers of at least 1", () => {
    expect(readConfig({})).toMatchObject({ databaseTimeoutMs: 10_000, outbox: { leaseMs: 120_000, maxAttempts: 20 }, retention: { sentDays: 30, deadDays: 90 }, trustProxy: "loopback" });
    expect(readConfig({ DATABASE_TIMEOUT_SECONDS: "3", OUTBOX_MAX_ATTEMPTS: "5", KEEP_DEAD_LETTERS_DAYS: "7" })).toMatchObject({ databaseTimeoutMs: 3000, outbox: { maxAttempts: 5 }, retention: { deadDays: 7 } });
    for (const [name, value] of [["DATABASE_TIMEOUT_SECONDS", "0"], ["OUTBOX_LEASE_SECONDS", "1.5"], ["KEEP_SENT_NOTIFICATIONS_DAYS", "month"]] as const) {
      expect(() => readConfig({ [name]: value })).toThrow(expect.objectContaining({ code: "InvalidNumberSetting", message: `${name} must be a whole number of at least 1, not "${value}".` }));
    }
  });
});

describe("readConfig: analytics", () => {
  test("on unless ANALYTICS=off, with its rate limit and retention; any other value is refused", () => {
    expect(readConfig({}).analytics).toEqual({ perMinute: 60, keepDays: 730 });
    expect(readConfig({ ANALYTICS: "on", ANALYTICS_RATE_LIMIT: "20", KEEP_ANALYTICS_DAYS: "400" }).analytics).toEqual({ perMinute: 20, keepDays: 400 });
    expect(readConfig({ ANALYTICS: "OFF" }).analytics).toBeUndefined();
    expect(() => readConfig({ ANALYTICS: "no" })).toThrow(expect.objectContaining({ code: "InvalidAnalyticsSetting" }));
    expect(() => readConfig({ KEEP_ANALYTICS_DAYS: "2" }), "raw views are kept two days: figures at least three").toThrow(expect.objectContaining({ code: "InvalidNumberSetting" }));
  });
});
