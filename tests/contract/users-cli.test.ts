/** `npm run users`: the studio's accounts from a terminal, against a real SQLite file, run as a process. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, UsageError } from "../../scripts/users.ts";
import { openDatabase } from "../../server/storage/database.ts";
import { setPasswordWithLink } from "../../server/studio/auth/accounts.ts";
import { startSession } from "../../server/studio/auth/sessions.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Each CLI run starts a process through tsx: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });
let dir: string;
let databaseUrl: string;

function users(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/users.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, SITE_URL: "https://www.example.com", ...env },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function withDb<T>(use: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const { db } = await openDatabase(databaseUrl);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

const LINK = /^ {2}https:\/\/www\.example\.com\/admin\/password#token=([A-Za-z0-9_-]{43})$/m;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "users-cli-"));
  databaseUrl = `file:${path.join(dir, "site.db")}`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("add prints a one-time invitation link valid 24 hours; the link sets the password once", async () => {
  const added = users(["add", "Asha.Rao@Example.com", "--name", "Asha Rao", "--role", "admin"]);
  expect(added.status).toBe(0);
  expect(added.stdout).toMatch(/^Invited Asha Rao <asha\.rao@example\.com> as admin\. Send them this link to set their password \(once, until \d{4}-\d\d-\d\dT[\d:.]+Z\):\n/);
  const token = LINK.exec(added.stdout)![1]!;
  const until = Date.parse(/until (\S+)\):/.exec(added.stdout)![1]!);
  expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  await withDb(async (db) => {
    expect((await setPasswordWithLink(db, token, "nine cats in a lift")).ok).toBe(true);
    expect((await setPasswordWithLink(db, token, "nine cats in a lift")).ok).toBe(false);
  });
  expect(users(["add", "asha.rao@example.com", "--name=Asha", "--role=editor"])).toMatchObject({ status: 1, stderr: "users: asha.rao@example.com already has an account. Change its role instead, or send a new link with npm run users -- reset <email>.\n" });
});

test("without SITE_URL the link starts with the server's own address", () => {
  const added = users(["add", "dev@example.com", "--name", "Dev", "--role", "contributor"], { SITE_URL: "", HOST: "127.0.0.1", PORT: "4321" });
  expect(added.stdout).toMatch(/^ {2}http:\/\/127\.0\.0\.1:4321\/admin\/password#token=[A-Za-z0-9_-]{43}$/m);
});

test("a SITE_URL that is no address is refused before anything is stored", async () => {
  const refused = users(["add", "early@example.com", "--name", "Early", "--role", "editor"], { SITE_URL: "www.example.com" });
  expect(refused).toMatchObject({ status: 1, stdout: "" });
  expect(refused.stderr).toBe('users: SITE_URL must be the site\'s address starting with https:// (or http://), such as https://www.example.com, not "www.example.com".\n');
  expect(await withDb((db) => db.selectFrom("studio_users").select("email").where("email", "=", "early@example.com").execute())).toEqual([]);
});

test("list, role, reset and disable", async () => {
  users(["add", "ravi@example.com", "--name", "Ravi Kumar", "--role", "contributor"]);
  expect(users(["role", "ravi@example.com", "editor"]).stdout).toBe("ravi@example.com is now editor.\n");
  const first = LINK.exec(users(["reset", "ravi@example.com"]).stdout)![1]!;
  const reset = users(["reset", "RAVI@example.com"]);
  expect(reset.stdout).toMatch(/^A new link for ravi@example\.com \(once, until \S+; earlier links no longer work\):\n/);
  const second = LINK.exec(reset.stdout)![1]!;
  await withDb(async (db) => {
    expect((await setPasswordWithLink(db, first, "a long passphrase here")).ok).toBe(false);
    expect((await setPasswordWithLink(db, second, "a long passphrase here")).ok).toBe(true);
    const { id } = await db.selectFrom("studio_users").select("id").where("email", "=", "ravi@example.com").executeTakeFirstOrThrow();
    await startSession(db, id, "laptop");
    await startSession(db, id, "phone");
  });
  expect(users(["disable", "ravi@example.com"]).stdout).toBe("Disabled ravi@example.com; 2 sessions ended.\n");
  const listed = users(["list"]);
  expect(listed.status).toBe(0);
  expect(listed.stdout).toMatch(/^3 studio accounts:\n/);
  expect(listed.stdout).toMatch(/^ {2}asha\.rao@example\.com {2}Asha Rao {2}admin {2}active {2}since \S+$/m);
  expect(listed.stdout).toMatch(/^ {2}dev@example\.com {2}Dev {2}contributor {2}invited {2}since \S+$/m);
  expect(listed.stdout).toMatch(/^ {2}ravi@example\.com {2}Ravi Kumar {2}editor {2}disabled {2}since \S+$/m);
  expect(users(["reset", "nobody@example.com"])).toMatchObject({ status: 1, stderr: "users: No account is nobody@example.com. npm run users -- list shows every account.\n" });
});

test.each([
  [[], "Say what to do: add, list, disable, role or reset."],
  [["remove", "a@example.com"], 'Unknown command "remove".'],
  [["add"], "Say whose account to add: an email address."],
  [["add", "asha"], '"asha" is not an email address.'],
  [["add", "a@example.com", "--role", "admin"], 'Say the person\'s name: --name "Full Name".'],
  [["add", "a@example.com", "--name", "A"], "Say which role: contributor, editor, admin."],
  [["add", "a@example.com", "--name", "A", "--role", "owner"], '"owner" is not a role; choose one of: contributor, editor, admin.'],
  [["add", "a@example.com", "--name"], "--name needs a value."],
  [["add", "a@example.com", "--team", "x"], 'Unknown option "--team".'],
  [["role", "a@example.com"], "Say which role: contributor, editor, admin."],
  [["disable", "a@example.com", "b@example.com"], 'disable takes one email address; got also "b@example.com".'],
  [["list", "all"], 'list takes nothing; got "all".'],
])("bad usage %j is refused: %s", (args, message) => {
  expect(() => parseArgs(args)).toThrow(new UsageError(message));
});

test("bad usage exits 2 with the message and the usage on stderr, nothing on stdout", () => {
  const { status, stderr, stdout } = users(["add", "asha"]);
  expect(status).toBe(2);
  expect(stderr.startsWith('"asha" is not an email address.\n\nUsage:\n  npm run users -- add <email> --name "Full Name" --role contributor|editor|admin\n')).toBe(true);
  expect(stdout).toBe("");
});
