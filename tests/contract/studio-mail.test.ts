/**
 * The studio's email, against the real app on both databases and a real SMTP server on this
 * machine (./smtp-sink.ts): an admin's invitation and a password reset arrive with a link that
 * works, once; a reset for an address without a working account answers the same and mails
 * nothing; reset requests are throttled like sign-ins, on counters of their own.
 */
import { freePort } from "../../scripts/lib/free-port.ts";
import { DEFAULT_RESET_THROTTLE, type ThrottleSettings } from "../../server/studio/auth/throttle.ts";
import { RESET_ANSWER_MS } from "../../server/studio/plugin.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { smtpSink, until } from "./smtp-sink.ts";
import { makeAccount, PASSWORD, sessionOf, STUDIO_ORIGIN, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const fast = { baseDelayMs: 100, maxDelayMs: 400, pollMs: 50, leaseMs: 5_000 };
/** Few free requests, and waits far longer than a test, so a throttled request shows at once. */
const QUICK_RESET: ThrottleSettings = {
  ...DEFAULT_RESET_THROTTLE,
  // A key waits once its failures exceed `free`: the request after that waits.
  accountFromAddress: { free: 1, firstDelayMs: 60_000, maxDelayMs: 60_000 },
  address: { free: 3, firstDelayMs: 60_000, maxDelayMs: 60_000 },
  account: { free: 2, firstDelayMs: 60_000, maxDelayMs: 60_000 },
};
const NEW_PASSWORD = "mango lassi on the terrace";
const LINK = new RegExp(`^${STUDIO_ORIGIN.replaceAll(".", "\\.")}/admin/password#token=([A-Za-z0-9_-]{43})$`, "m");

const body = (response: { body: string }) => JSON.parse(response.body);

/** A received message's text, quoted-printable undone. */
function textOf(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const [head, text] = [raw.slice(0, split), raw.slice(split).replace(/^\r?\n\r?\n/, "")];
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(head)) return text.replace(/\r\n/g, "\n");
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\r\n/g, "\n");
}

describeOnEachDatabase("the studio's email on $name", (target) => {
  let t: TestApp;
  const sink = smtpSink();
  let ips = 0;
  /** A client address of its own for each request, so throttling shows only where a test means it. */
  const freshIp = () => `203.0.113.${++ips}`;
  const database = groupDatabase(target);
  beforeAll(async () => {
    const port = await freePort();
    await sink.start(port);
    t = await startFormsApp({
      databaseUrl: database.url,
      studio: true,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      siteUrl: STUDIO_ORIGIN,
      notifications: { outbox: fast },
      studioLimits: { resetThrottle: QUICK_RESET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink.stop();
  });
  const db = () => t.app.storage.db;
  let n = 0;
  const email = (who: string) => `${who}.${++n}@example.com`;
  const mailsTo = (address: string) => sink.received.filter((m) => m.to.includes(address));
  const mailTo = async (address: string) => (await until(`a mail to ${address}`, () => mailsTo(address)[0])).raw;
  const linkIn = (raw: string) => LINK.exec(textOf(raw))?.[1];
  const reset = (address: string, ip = freshIp()) => studio(t, "POST", "/api/studio/password-reset", { ip, body: { email: address } });
  const setPassword = (token: string | undefined, password = NEW_PASSWORD) => studio(t, "POST", "/api/studio/password", { body: { token, password } });
  const signIn = (address: string, password: string) => studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: address, password } });

  test("with mail, the sign-in screen is told it may offer a reset by email, to anyone", async () => {
    const options = await studio(t, "GET", "/api/studio/sign-in-options");
    expect(options.statusCode).toBe(200);
    expect(body(options)).toEqual({ resetByMail: true, local: false });
  });

  test("an admin's invitation is mailed with a link that sets the password; the answer holds no link", async () => {
    const admin = await makeAccount(db(), email("admin"), "admin", "Kavya Iyer");
    const address = email("asha");
    const invited = await studio(t, "POST", "/api/studio/users", { session: await sessionOf(db(), admin.id), body: { email: address, name: "Asha Rao", role: "editor" } });
    expect(invited.statusCode).toBe(201);
    expect(body(invited).invitation).toEqual({ expiresAt: expect.any(String), mailed: true });

    const raw = await mailTo(address);
    expect(raw).toMatch(/^To: Asha Rao <asha\.\d+@example\.com>$/m);
    expect(raw).toMatch(/^From: Arcbyte Technologies website <hello@arcbyte\.in>$/m);
    expect(raw).toMatch(/^Subject: You are invited to edit the Arcbyte Technologies website$/m);
    expect(textOf(raw)).toContain("Kavya Iyer has invited you to the Arcbyte Technologies website's studio, as an editor.");
    const token = linkIn(raw);
    expect(token).toBeDefined();

    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await signIn(address, NEW_PASSWORD)).statusCode).toBe(200);
    // Sent: the outbox keeps no copy of the link.
    const row = await until("the row marked sent", async () => {
      const rows = await db().selectFrom("outbox").selectAll().where("subject_email", "=", address).execute();
      return rows[0]?.sent_at && rows[0];
    });
    expect(row).toMatchObject({ kind: "studio-invitation", message: "", attempts: 1 });
  });

  test("a reset for an existing account mails a link that works once", async () => {
    const account = await makeAccount(db(), email("meera"), "contributor", "Meera Nair");
    const asked = await reset(account.email.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(body(asked)).toEqual({ accepted: true });

    const raw = await mailTo(account.email);
    expect(raw).toMatch(/^Subject: A new password for the Arcbyte Technologies website's studio$/m);
    expect(textOf(raw)).toMatch(/^Hello Meera Nair,$/m);
    const token = linkIn(raw);
    expect(token).toBeDefined();
    expect((await setPassword(token)).statusCode).toBe(200);
    const again = await setPassword(token, "a second new passphrase");
    expect(`${again.statusCode} ${body(again).error.code}`).toBe("400 StudioLinkInvalid");
    expect((await signIn(account.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(account.email, PASSWORD)).statusCode).toBe(401);
  });

  test("a reset for an unknown or a disabled address answers the same, in about the same time, and mails nothing", async () => {
    const known = await makeAccount(db(), email("known"), "editor");
    const off = await makeAccount(db(), email("off"), "editor");
    const admin = await makeAccount(db(), email("boss"), "admin");
    expect((await studio(t, "POST", `/api/studio/users/${off.id}/disable`, { session: await sessionOf(db(), admin.id) })).statusCode).toBe(200);
    const unknown = email("nobody");

    const addresses = { known: known.email, unknown, disabled: off.email };
    const answers: { kind: keyof typeof addresses; shape: string; ms: number }[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [kind, address] of Object.entries(addresses) as [keyof typeof addresses, string][]) {
        const start = performance.now();
        const answer = await reset(address);
        answers.push({ kind, shape: `${answer.statusCode} ${answer.headers["content-type"]} ${answer.body}`, ms: performance.now() - start });
      }
    }
    expect(new Set(answers.map((a) => a.shape))).toEqual(new Set(['202 application/json; charset=utf-8 {"accepted":true}']));
    expect(Math.min(...answers.map((a) => a.ms))).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    // The median of each kind, so one request slowed by a busy machine does not decide.
    const median = (kind: string) => answers.filter((a) => a.kind === kind).map((a) => a.ms).sort((a, b) => a - b)[1]!;
    const medians = Object.keys(addresses).map(median);
    expect(Math.max(...medians) - Math.min(...medians), `median answer times ${medians.map(Math.round).join(", ")} ms`).toBeLessThan(100);

    await until("three mails to the known address", () => mailsTo(known.email).length === 3);
    await t.app.notifications.drain();
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(off.email)).toEqual([]);
    expect(await db().selectFrom("outbox").select("id").where("subject_email", "in", [unknown, off.email]).execute()).toEqual([]);
  });

  test("reset requests are throttled per address and per account, alike for unknown addresses, and never slow a sign-in", async () => {
    const known = await makeAccount(db(), email("busy"), "editor");
    // The same address asking for the same account: two free, then a wait.
    const lane = async (address: string) => {
      const ip = freshIp();
      const answers = [await reset(address, ip), await reset(address, ip), await reset(address, ip)];
      expect(Number(answers[2]!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      return answers.map((a) => `${a.statusCode} ${a.body}`);
    };
    const asKnown = await lane(known.email);
    expect(asKnown.map((a) => a.slice(0, 3))).toEqual(["202", "202", "429"]);
    expect(JSON.parse(asKnown[2]!.slice(4)).error).toEqual(errors.StudioResetThrottled());
    expect(await lane(email("ghost"))).toEqual(asKnown);

    // The account from many addresses: three in all (two are above), then a wait, whatever the address.
    expect((await reset(known.email)).statusCode).toBe(202);
    expect((await reset(known.email)).statusCode).toBe(429);
    expect((await signIn(known.email, PASSWORD)).statusCode).toBe(200);

    // One address asking for many accounts: four free, then a wait.
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await reset(email("many"), ip)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
  });

  test("a reset posted from another site is refused 403 and mails nothing", async () => {
    const account = await makeAccount(db(), email("target"), "editor");
    const answer = await studio(t, "POST", "/api/studio/password-reset", { ip: freshIp(), body: { email: account.email }, headers: { origin: "https://evil.example.net", "sec-fetch-site": "cross-site" } });
    expect(`${answer.statusCode} ${body(answer).error.code}`).toBe("403 StudioCrossSite");
    await t.app.notifications.drain();
    expect(mailsTo(account.email)).toEqual([]);
  });

  test("without mail (no SMTP_URL, or no SITE_URL) the admin is given the link, and a reset says it cannot be mailed", async () => {
    for (const config of [{ siteUrl: STUDIO_ORIGIN }, { smtpUrl: "smtp://127.0.0.1:9" }]) {
      const quiet = await startFormsApp({ databaseUrl: t.databaseUrl, studio: true, ...config });
      try {
        const admin = await makeAccount(quiet.app.storage.db, email("solo"), "admin");
        const invited = await studio(quiet, "POST", "/api/studio/users", { session: await sessionOf(quiet.app.storage.db, admin.id), body: { email: email("new"), name: "New", role: "editor" } });
        expect(body(invited).invitation).toEqual({ expiresAt: expect.any(String), mailed: false, link: expect.stringMatching(LINK) });
        const asked = await studio(quiet, "POST", "/api/studio/password-reset", { ip: freshIp(), body: { email: admin.email } });
        expect(`${asked.statusCode} ${body(asked).error.code}`).toBe("503 StudioMailOff");
        // So the sign-in screen offers no reset and says how an admin makes a link instead.
        expect(body(await studio(quiet, "GET", "/api/studio/sign-in-options"))).toEqual({ resetByMail: false, local: false });
      } finally {
        await quiet.close();
      }
    }
  });
});
