/** `npm run submissions`: export and erase against a real SQLite file, run as a process. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/storage/database.ts";
import { countRows, storeSubmission } from "../../server/storage/submissions.ts";
import { parseArgs, toCsv, UsageError } from "../../scripts/submissions.ts";
import { notificationFor } from "../../server/notify/messages.ts";
import { contentFormsManifest, validCareers, validContact } from "./forms-harness.ts";
import { docx } from "./fixtures/documents.ts";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";

const cv = docx();
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Each CLI run starts a process through tsx: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });
let dir: string;
let databaseUrl: string;

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/submissions.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "submissions-cli-"));
  databaseUrl = `file:${path.join(dir, "site.db")}`;
  const { db } = await openDatabase(databaseUrl);
  const { agency, forms } = contentFormsManifest();
  const form = (id: string) => forms.find((f) => f.id === id)!;
  const store = (id: "contact" | "careers", values: Record<string, string>) =>
    storeSubmission(db, form(id), values, { formVersion: "v1", notification: () => notificationFor(form(id), values, agency) });
  await store("contact", { ...validContact, company: 'Sharma "Fine" Textiles, Jaipur', message: "Line one\nLine two" });
  await store("contact", { ...validContact, email: "other@example.com", name: "=HYPERLINK(\"http://evil\")" });
  await store("careers", validCareers);
  await storeSubmission(db, form("careers"), { ...validCareers, email: "asha@example.com", cv: "Asha CV.docx" }, {
    formVersion: "v1",
    files: [{ field: "cv", name: "Asha CV.docx", mediaType: DOCX, size: cv.length, sha256: createHash("sha256").update(cv).digest("hex"), bytes: cv }],
    notification: (files) => notificationFor(form("careers"), validCareers, agency, files),
  });
  // Sent from a Hindi page: the export's page_locale says so.
  await storeSubmission(db, form("newsletter"), { email: "priya.sharma@example.com" }, { formVersion: "abc123def456", locale: "hi" });
  await db.destroy();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("export contact prints CSV with a header, quoted cells, and formulas defused", () => {
  const { status, stdout, stderr } = cli("export", "contact");
  expect(status).toBe(0);
  const lines = stdout.split("\r\n");
  // A byte-order mark first: Excel reads the file as UTF-8 (Devanagari, ₹) only with one.
  expect(lines[0]).toBe("\uFEFFcreated_at,updated_at,form_version,page_locale,name,email,phone,company,service,message,consent");
  expect(stdout).toContain('"Sharma ""Fine"" Textiles, Jaipur"');
  expect(stdout).toContain('"Line one\nLine two"');
  expect(stdout).toContain(`"'=HYPERLINK(""http://evil"")"`);
  expect(stderr).toContain("Exported 2 submissions of the contact form");
  // Stored without a locale (a one-language site): the column is there, empty.
  expect(lines[1]).toMatch(/^[^,]+,[^,]+,v1,,/);
  expect(cli("export", "newsletter").stdout.split("\r\n")[1]).toMatch(/^[^,]+,[^,]+,abc123def456,hi,priya\.sharma@example\.com$/);
});

test("export --format json prints the rows as JSON", () => {
  const { status, stdout } = cli("export", "careers", "--format", "json");
  expect(status).toBe(0);
  expect(JSON.parse(stdout)).toEqual([
    { created_at: expect.any(String), updated_at: expect.any(String), form_version: "v1", page_locale: "", ...validCareers, cv: "" },
    { created_at: expect.any(String), updated_at: expect.any(String), form_version: "v1", page_locale: "", ...validCareers, email: "asha@example.com", cv: expect.stringMatching(/^Asha CV\.docx \(\d+ bytes, application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\) file [0-9a-f-]{36}$/) },
  ]);
  expect(JSON.parse(cli("export", "newsletter", "--format=json").stdout)).toEqual([
    { email: "priya.sharma@example.com", updated_at: expect.any(String), form_version: "abc123def456", page_locale: "hi", created_at: expect.any(String) },
  ]);
});

test("file writes a stored CV out byte for byte, named as sent or where --out says, never over a file", () => {
  const id = /file ([0-9a-f-]{36})/.exec(cli("export", "careers").stdout)![1]!;
  const out = path.join(dir, "cv-copy.docx");
  const written = cli("file", id, "--out", out);
  expect(written).toMatchObject({ status: 0, stdout: `Wrote ${out}: Asha CV.docx, ${cv.length} bytes, ${DOCX}, sent in the cv field.\n` });
  expect(Buffer.compare(readFileSync(out), cv)).toBe(0);
  expect(cli("file", id, `--out=${out}`)).toMatchObject({ status: 2, stderr: expect.stringContaining("exists already") });
  expect(cli("file", "0190a000-0000-7000-8000-00000000dead")).toMatchObject({ status: 2, stderr: expect.stringContaining("No file is stored") });
  expect(cli("file", id, "--out")).toMatchObject({ status: 2 });
  // Without --out, the name it was sent with, in the current folder.
  const here = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "scripts/submissions.ts"), "file", id], { cwd: dir, env: { ...process.env, DATABASE_URL: databaseUrl, CONTENT_ROOT: ROOT }, encoding: "utf8" });
  expect(here.status).toBe(0);
  expect(existsSync(path.join(dir, "Asha CV.docx"))).toBe(true);
});

test("erase removes a person's CV with their application", () => {
  expect(cli("erase", "asha@example.com").stdout).toBe("Erased asha@example.com: 1 careers submission, 1 file, 1 notification.\n");
});

test("erase removes one person from every table and says what it removed", async () => {
  const { status, stdout } = cli("erase", "Priya.Sharma@Example.com");
  expect(status).toBe(0);
  expect(stdout).toBe("Erased priya.sharma@example.com: 1 contact submission, 1 newsletter submission, 1 notification.\n");
  const { db } = await openDatabase(databaseUrl);
  try {
    expect(await countRows(db)).toEqual({ submissions: 2, outbox: 2, byForm: { contact: 1, careers: 1 } });
  } finally {
    await db.destroy();
  }
  expect(cli("erase", "priya.sharma@example.com").stdout).toBe("Nothing is stored about priya.sharma@example.com.\n");
});

test("outbox lists what waits, what was sent and the dead letters, and sends dead letters again", async () => {
  const { db } = await openDatabase(databaseUrl);
  try {
    await db.updateTable("outbox").set({ dead_at: "2026-01-01T00:00:00.000Z", attempts: 20, last_error: "OutboxGaveUp: Sending failed 20 times" }).where("kind", "=", "careers").execute();
  } finally {
    await db.destroy();
  }
  const listed = cli("outbox");
  expect(listed.status).toBe(0);
  expect(listed.stdout).toMatch(/^Notifications: 1 waiting, 0 sent, 1 dead\.\n  \S+  careers  20 attempts  dead since 2026-01-01T00:00:00\.000Z  OutboxGaveUp: Sending failed 20 times\n$/);
  expect(listed.stdout).not.toContain("@"); // no addresses
  expect(cli("outbox", "retry").stdout).toBe("1 dead letter will be sent again.\n");
  expect(cli("outbox").stdout).toBe("Notifications: 2 waiting, 0 sent, 0 dead.\n");
});

test.each([
  [[], "Say what to do: export, erase, outbox or file."],
  [["outbox", "purge"], 'outbox takes nothing or "retry", not "purge".'],
  [["list"], 'Unknown command "list".'],
  [["export"], "Say what to export: newsletter, contact, careers."],
  [["export", "users"], 'There is nothing called "users" to export. Choose one of: newsletter, contact, careers.'],
  [["export", "contact", "--format", "xml"], '--format is csv or json, not "xml".'],
  [["export", "contact", "--all"], 'Unknown option "--all".'],
  [["erase"], "Say whose data to erase: an email address."],
  [["erase", "priya"], '"priya" is not an email address.'],
  [["erase", "a@example.com", "b@example.com"], 'erase takes one email address; got also "b@example.com".'],
])("bad usage %j is refused: %s", (args, message) => {
  expect(() => parseArgs(args, ["newsletter", "contact", "careers"])).toThrow(new UsageError(message));
});

test("bad usage exits 2 with the message and the usage on stderr, nothing on stdout", () => {
  const { status, stderr, stdout } = cli("export", "users");
  expect(status).toBe(2);
  expect(stderr.startsWith('There is nothing called "users" to export.')).toBe(true);
  expect(stderr).toContain("Usage:\n  npm run submissions -- export <newsletter|contact|careers> [--format csv|json]");
  expect(stdout).toBe("");
});

test("toCsv quotes only when needed", () => {
  expect(toCsv([{ a: "plain", b: "with,comma" }], ["a", "b"])).toBe('\uFEFFa,b\r\nplain,"with,comma"\r\n');
  expect(toCsv([{ a: "+91 98765 43210" }], ["a"])).toBe("\uFEFFa\r\n'+91 98765 43210\r\n");
});

describe("toCsv in spreadsheets that split on ';' and run formulas", () => {
  const one = (value: string) => toCsv([{ a: value }], ["a"]).split("\r\n")[1];
  test.each([
    ["hi;=HYPERLINK(\"http://evil\")", '"hi;=HYPERLINK(""http://evil"")"'], // one cell, not a formula in the next
    ["a;b", '"a;b"'],
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1+1", "\"'\t=1+1\""],
    ["\r=1+1", "\"'\r=1+1\""],
    ["  =1+1", "'  =1+1"],
    ["tab\tinside", '"tab\tinside"'],
    [" padded ", '" padded "'],
    ["नमस्ते, दुनिया", '"नमस्ते, दुनिया"'],
    ["plain text", "plain text"],
    ["a-b@c", "a-b@c"], // only a leading sign is a formula
  ])("%j → %s", (value, cell) => {
    expect(one(value)).toBe(cell);
  });
});
