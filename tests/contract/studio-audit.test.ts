/**
 * The studio's audit log against the real app on both databases: each action the studio has
 * (signing in by password and passkey, a failed sign-in, signing out, invitations, passwords,
 * roles, disabling, passkeys, publishing, reverting) appears once with who, when, what and
 * from where; the admins' list filters and pages; the export (the API's and
 * `npm run audit -- export`) round-trips; the database refuses to change or remove a row;
 * and a record that cannot be written leaves the action done and an error in the log.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { freePort } from "../../scripts/lib/free-port.ts";
import { parseArgs } from "../../scripts/audit.ts";
import type { AuditEntry } from "../../schemas/studio-audit.ts";
import type { RunOutcome } from "../../server/build/scheduler.ts";
import { isPostgres } from "../../server/storage/database.ts";
import { issueResetLink } from "../../server/studio/auth/accounts.ts";
import { AUDIT_CSV_COLUMNS, AUDIT_PAGE_SIZE, recordAudit } from "../../server/studio/audit.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { smtpSink } from "./smtp-sink.ts";
import { SoftwareAuthenticator } from "./software-authenticator.ts";
import { makeAccount, PASSWORD, sessionFrom, sessionOf, STUDIO_ORIGIN, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 90_000 });

const ROOT = path.resolve(import.meta.dirname, "../..");
const ABOUT = "content/pages/about.json";
const USER_AGENT = "Mozilla/5.0 (studio test)";
const body = (response: { body: string }) => JSON.parse(response.body);
const git = (root: string, ...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "Dev", GIT_AUTHOR_EMAIL: "dev@example.com", GIT_COMMITTER_NAME: "Dev", GIT_COMMITTER_EMAIL: "dev@example.com" } }).trim();

/** RFC 4180, as spreadsheets read it: what the CSV export must read back as. */
function readCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") record.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      (record = []), (cell = ""), i++;
    } else cell += c;
  }
  const [columns, ...rows] = records;
  return rows.map((row) => Object.fromEntries(columns!.map((column, i) => [column, row[i]!])));
}

describeOnEachDatabase("the studio's audit log on $name", (target) => {
  let t: TestApp;
  let root: string;
  const sink = smtpSink();
  const run = async (): Promise<RunOutcome> => ({ code: 0, result: { release: "r", rendered: ["/about"], removed: [], unchanged: 0, ms: 1 } });
  const database = groupDatabase(target);
  beforeAll(async () => {
    // The content in a git repository of its own, for publishing and reverting.
    root = mkdtempSync(path.join(os.tmpdir(), "studio-audit-"));
    cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
    git(root, "init", "--quiet", "--initial-branch=main");
    git(root, "add", ".");
    git(root, "commit", "--quiet", "--message=Content");
    // Mail on (to a sink), so invitations and resets go the way they do on a server.
    const port = await freePort();
    await sink.start(port);
    t = await startFormsApp({ databaseUrl: database.url, studio: true, siteUrl: STUDIO_ORIGIN, smtpUrl: `smtp://127.0.0.1:${port}`, contentRoot: root, rebuilds: { run } });
  });
  afterAll(async () => {
    await t?.close();
    await sink.stop();
    rmSync(root, { recursive: true, force: true });
  });
  const db = () => t.app.storage.db;
  let n = 0;
  const email = (who: string) => `${who}.${++n}@example.com`;
  let ips = 0;
  const freshIp = () => `198.51.100.${++ips}`;

  async function entries(session: string, query = ""): Promise<AuditEntry[]> {
    const answer = await studio(t, "GET", `/api/studio/audit${query}`, { session });
    expect(answer.statusCode, answer.body).toBe(200);
    return body(answer).entries;
  }

  test("every action appears once, with who, when, what and from where", async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const admin = await makeAccount(db(), email("admin"), "admin", "Asha Admin");
    const adminSession = await sessionOf(db(), admin.id);
    const ip = freshIp();
    const adminIs = { id: admin.id, email: admin.email, name: "Asha Admin" };
    const expected: Omit<AuditEntry, "id" | "at">[] = [];
    const did = (entry: Omit<AuditEntry, "id" | "at" | "ip" | "userAgent">) => expected.push({ ...entry, ip, userAgent: USER_AGENT });

    // An admin invites Ben (mailed); Ben sets his password with a link; he signs in, fails once, signs out.
    const ben = email("ben");
    const invited = await studio(t, "POST", "/api/studio/users", { session: adminSession, ip, body: { email: ben, name: "Ben Okafor", role: "editor" } });
    expect(invited.statusCode, invited.body).toBe(201);
    did({ action: "user.invite", actor: adminIs, target: ben, detail: { role: "editor", mailed: true } });
    const benIs = { id: body(invited).user.id, email: ben, name: "Ben Okafor" };
    const link = await issueResetLink(db(), ben); // the mailed link's twin, issued without the API
    expect((await studio(t, "POST", "/api/studio/password", { ip, body: { token: link.ok ? link.value.link.token : "", password: PASSWORD } })).statusCode).toBe(200);
    did({ action: "password.set", actor: benIs, target: ben, detail: {} });
    const wrong = "Wrong horse battery staple";
    expect((await studio(t, "POST", "/api/studio/sign-in", { ip, body: { email: ben, password: wrong } })).statusCode).toBe(401);
    did({ action: "sign-in.failed", actor: null, target: ben, detail: { method: "password" } });
    const signedIn = await studio(t, "POST", "/api/studio/sign-in", { ip, body: { email: ben.toUpperCase(), password: PASSWORD } });
    expect(signedIn.statusCode).toBe(200);
    did({ action: "sign-in.password", actor: benIs, target: ben, detail: {} });
    const benSession = sessionFrom(signedIn);
    const benMe = body(await studio(t, "GET", "/api/studio/me", { session: benSession })).session.id;

    // Ben adds a passkey, signs in with it, removes it, signs his other device out.
    const authenticator = new SoftwareAuthenticator(STUDIO_ORIGIN);
    const options = body(await studio(t, "POST", "/api/studio/passkeys/options", { session: benSession, ip, body: {} }));
    const added = await studio(t, "POST", "/api/studio/passkeys", { session: benSession, ip, body: { name: "Work laptop", response: authenticator.register(options) } });
    expect(added.statusCode, added.body).toBe(201);
    did({ action: "passkey.add", actor: benIs, target: ben, detail: { passkey: authenticator.id, name: "Work laptop" } });
    const challenge = body(await studio(t, "POST", "/api/studio/passkeys/sign-in/options", { ip, body: {} }));
    const passkeySignIn = await studio(t, "POST", "/api/studio/passkeys/sign-in", { ip, body: { response: authenticator.signIn(challenge) } });
    expect(passkeySignIn.statusCode, passkeySignIn.body).toBe(200);
    did({ action: "sign-in.passkey", actor: benIs, target: ben, detail: {} });
    const secondSession = sessionFrom(passkeySignIn);
    const secondId = body(await studio(t, "GET", "/api/studio/me", { session: secondSession })).session.id;
    expect((await studio(t, "DELETE", `/api/studio/passkeys/${encodeURIComponent(authenticator.id)}`, { session: benSession, ip })).statusCode).toBe(204);
    did({ action: "passkey.remove", actor: benIs, target: ben, detail: { passkey: authenticator.id } });
    expect((await studio(t, "DELETE", `/api/studio/sessions/${secondId}`, { session: benSession, ip })).statusCode).toBe(204);
    did({ action: "session.revoke", actor: benIs, target: "", detail: { session: secondId } });

    // Ben publishes the about page and reverts it.
    const text = readFileSync(path.join(root, ABOUT), "utf8");
    const data = JSON.parse(text);
    data.meta.title = "About us, audited";
    const published = await studio(t, "POST", "/api/studio/publish", { session: benSession, ip, body: { file: ABOUT, base: versionOf(text), data } });
    expect(published.statusCode, published.body).toBe(200);
    did({ action: "publish", actor: benIs, target: ABOUT, detail: { commit: body(published).commit, version: body(published).version } });
    const rev = git(root, "rev-parse", "HEAD~1");
    const reverted = await studio(t, "POST", "/api/studio/revert", { session: benSession, ip, body: { file: ABOUT, rev } });
    expect(reverted.statusCode, reverted.body).toBe(200);
    did({ action: "revert", actor: benIs, target: ABOUT, detail: { rev, commit: body(reverted).commit, version: body(reverted).version } });

    // Ben asks for a reset link and signs out; the admin makes him a contributor, then disables him.
    expect((await studio(t, "POST", "/api/studio/password-reset", { ip, body: { email: ben } })).statusCode).toBe(202);
    did({ action: "password.reset", actor: null, target: ben, detail: { mailed: true } });
    expect((await studio(t, "POST", "/api/studio/sign-out", { session: benSession, ip })).statusCode).toBe(204);
    did({ action: "sign-out", actor: benIs, target: "", detail: { session: benMe } });
    expect((await studio(t, "PUT", `/api/studio/users/${benIs.id}/role`, { session: adminSession, ip, body: { role: "contributor" } })).statusCode).toBe(200);
    did({ action: "user.role", actor: adminIs, target: ben, detail: { from: "editor", to: "contributor" } });
    expect((await studio(t, "POST", `/api/studio/users/${benIs.id}/disable`, { session: adminSession, ip })).statusCode).toBe(200);
    did({ action: "user.disable", actor: adminIs, target: ben, detail: { sessionsEnded: 0 } });
    const ended = new Date(Date.now() + 1000).toISOString();

    // Everything from this client address, oldest first: each action once, in the order done.
    const logged = (await entries(adminSession, `?since=${started}`)).filter((entry) => entry.ip === ip).reverse();
    expect(logged.map(({ id: _id, at: _at, ...rest }) => rest)).toEqual(expected);
    for (const entry of logged) {
      expect(entry.at >= started && entry.at <= ended, `${entry.action} at ${entry.at}`).toBe(true);
      expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Times are the database's, in the order the actions happened.
    expect(logged.map((e) => e.at)).toEqual(logged.map((e) => e.at).sort());
    // The failed attempt's password is nowhere in the log.
    expect(JSON.stringify(await db().selectFrom("studio_audit").selectAll().execute())).not.toContain(wrong);
  });

  test("admins list it filtered by action, actor and date, 50 a page; nobody else may read it", async () => {
    const admin = await makeAccount(db(), email("lister"), "admin");
    const session = await sessionOf(db(), admin.id);
    const actor = { id: admin.id, email: admin.email, name: admin.name };
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) expect(await recordAudit(db(), { action: "schedule.set", actor, target: `content/pages/p${i}.json` }, console)).toBe(true);
    await recordAudit(db(), { action: "schedule.cancel", actor, target: "content/pages/p0.json" }, console);
    const first = body(await studio(t, "GET", `/api/studio/audit?actor=${encodeURIComponent(admin.email.toUpperCase())}`, { session }));
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 6, page: 1, perPage: AUDIT_PAGE_SIZE });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ action: "schedule.cancel", actor });
    const second = body(await studio(t, "GET", `/api/studio/audit?actor=${encodeURIComponent(admin.email)}&page=2`, { session }));
    expect(second.entries.map((e: AuditEntry) => e.target).at(-1)).toBe("content/pages/p0.json");
    expect(second.entries).toHaveLength(6);
    expect(body(await studio(t, "GET", `/api/studio/audit?action=schedule.cancel&actor=${encodeURIComponent(admin.email)}`, { session })).total).toBe(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(body(await studio(t, "GET", `/api/studio/audit?since=${tomorrow}`, { session })).total).toBe(0);
    expect(body(await studio(t, "GET", `/api/studio/audit?until=${tomorrow}&actor=${encodeURIComponent(admin.email)}`, { session })).total).toBe(AUDIT_PAGE_SIZE + 6);

    for (const query of ["?action=nothing", "?since=yesterday", "?page=0", "?extra=1"]) {
      const refused = await studio(t, "GET", `/api/studio/audit${query}`, { session });
      expect(`${refused.statusCode} ${body(refused).error.code}`, query).toBe("400 StudioBadRequest");
    }
    const editor = await makeAccount(db(), email("editor"), "editor");
    const refused = await studio(t, "GET", "/api/studio/audit", { session: await sessionOf(db(), editor.id) });
    expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("403 StudioForbidden");
  });

  test("the export round-trips: JSON and CSV read back as the list, and the command prints the studio's download", async () => {
    const admin = await makeAccount(db(), email("exporter"), "admin", "Zoë, \"the\" exporter");
    const session = await sessionOf(db(), admin.id);
    const actor = { id: admin.id, email: admin.email, name: admin.name };
    // Text that CSV must quote: commas, quotes, line breaks, and a detail in JSON.
    await recordAudit(db(), { action: "publish", actor, target: "content/pages/a, b.json", detail: { note: 'line one\nline "two"', n: 3 }, from: { ip: "2001:db8::1", userAgent: "Agent; with, commas" } }, console);
    await recordAudit(db(), { action: "publish.pushed", actor: null, target: "origin main", detail: { commit: "abc1234" } }, console);
    const query = `actor=${encodeURIComponent(admin.email)}`;
    const listed = (await entries(session, `?${query}`)).reverse();
    expect(listed).toHaveLength(1);
    const all = `since=${listed[0]!.at}`;
    const listedAll = (await entries(session, `?${all}`)).reverse();
    expect(listedAll.map((e) => e.action)).toEqual(["publish", "publish.pushed"]);

    const json = await studio(t, "GET", `/api/studio/audit/export?${all}&format=json`, { session });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-disposition"]).toMatch(/^attachment; filename="studio-audit-\d{4}-\d{2}-\d{2}\.json"/);
    expect(JSON.parse(json.body)).toEqual(listedAll);

    const csv = await studio(t, "GET", `/api/studio/audit/export?${all}`, { session });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    // A byte-order mark first, so Excel reads UTF-8.
    expect(csv.body.startsWith("\uFEFFid,")).toBe(true);
    const rows = readCsv(csv.body.slice(1));
    expect(Object.keys(rows[0]!)).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(
      rows.map((row): AuditEntry => ({
        id: row.id!,
        at: row.at!,
        action: row.action as AuditEntry["action"],
        actor: row.actor_id ? { id: row.actor_id, email: row.actor_email!, name: row.actor_name! } : null,
        target: row.target!,
        detail: JSON.parse(row.detail!),
        ip: row.ip!,
        userAgent: row.user_agent!,
      })),
    ).toEqual(listedAll);

    // `npm run audit -- export`: the same bytes, for both formats.
    for (const format of ["csv", "json"] as const) {
      const printed = execFileSync(process.execPath, ["--import", "tsx", "scripts/audit.ts", "export", "--since", listed[0]!.at, "--format", format], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: t.databaseUrl },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(printed).toBe(format === "csv" ? csv.body : json.body);
    }
  });

  test("the database refuses to change or remove a row, whatever code asks", async () => {
    await recordAudit(db(), { action: "sign-out", actor: null, target: "kept@example.com" }, console);
    const count = async () => Number((await db().selectFrom("studio_audit").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const refusals = [
      () => db().updateTable("studio_audit").set({ target: "changed@example.com" }).where("target", "=", "kept@example.com").execute(),
      () => db().updateTable("studio_audit").set({ detail: "{}" }).execute(),
      () => db().deleteFrom("studio_audit").where("target", "=", "kept@example.com").execute(),
      () => db().deleteFrom("studio_audit").execute(),
      () => sql`DELETE FROM studio_audit`.execute(db()),
      ...(isPostgres(db()) ? [() => sql`TRUNCATE studio_audit`.execute(db())] : []),
    ];
    for (const refused of refusals) await expect(refused()).rejects.toThrow(/studio_audit is append-only: (UPDATE|DELETE|TRUNCATE) refused/);
    expect(await count()).toBe(before);
    expect(await db().selectFrom("studio_audit").select("target").where("target", "=", "kept@example.com").execute()).toEqual([{ target: "kept@example.com" }]);
  });

  test("an audit record that cannot be written leaves the action done and says so in the log", async () => {
    const admin = await makeAccount(db(), email("admin"), "admin");
    const session = await sessionOf(db(), admin.id);
    const person = await makeAccount(db(), email("dana"), "editor");
    // Inserts fail while this trigger stands (as a full disk or a lost connection would fail them).
    if (isPostgres(db())) {
      await sql`CREATE FUNCTION refuse_audit_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit insert refused by the test'; END $$`.execute(db());
      await sql`CREATE TRIGGER refuse_audit_insert BEFORE INSERT ON studio_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit_insert()`.execute(db());
    } else {
      await sql`CREATE TRIGGER refuse_audit_insert BEFORE INSERT ON studio_audit BEGIN SELECT RAISE(ABORT, 'audit insert refused by the test'); END`.execute(db());
    }
    try {
      const changed = await studio(t, "PUT", `/api/studio/users/${person.id}/role`, { session, body: { role: "contributor" } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(body(changed).user.role).toBe("contributor");
      const logged = t.logs.map((line) => JSON.parse(line)).find((line) => line.msg === "audit: an action could not be recorded" && line.audit?.target === person.email);
      expect(logged).toMatchObject({ level: 50, audit: { action: "user.role", actor: admin.email, detail: { from: "editor", to: "contributor" } }, err: { message: expect.stringContaining("audit insert refused by the test") } });
    } finally {
      await sql`DROP TRIGGER refuse_audit_insert${sql.raw(isPostgres(db()) ? " ON studio_audit" : "")}`.execute(db());
    }
  });
});

describe("npm run audit's arguments", () => {
  test("export with its filters and format, in either spelling", () => {
    expect(parseArgs(["export"])).toEqual({ format: "csv" });
    expect(parseArgs(["export", "--since", "2026-11-01", "--format=json", "--action", "publish", "--actor=Asha@Example.com"])).toEqual({ since: "2026-11-01", format: "json", action: "publish", actor: "asha@example.com" });
  });

  test.each([
    [[], "Say what to do: export."],
    [["erase"], 'Unknown command "erase".'],
    [["export", "--all"], 'Unknown option "--all".'],
    [["export", "--since"], "--since needs a value."],
    [["export", "--format", "xml"], "--format: "],
    [["export", "--since", "last week"], "--since: a date (2026-11-26) or a moment (2026-11-26T18:00:00Z)."],
    [["export", "--action", "sign-in"], "--action: "],
  ])("%j is refused: %s", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
