/**
 * The studio's accounts, sign-in, sessions and roles, against the real app on both databases
 * (SQLite and a throwaway PostgreSQL): the whole invitation flow, the attacks a public sign-in
 * meets (weak passwords, used links, session fixation, guessing, cross-site writes), timeouts,
 * disabling, and every studio route for every role and for no session.
 */
import { inviteAccount } from "../../server/studio/auth/accounts.ts";
import { hashPassword } from "../../server/studio/auth/passwords.ts";
import { DEFAULT_SESSION_LIMITS } from "../../server/studio/auth/sessions.ts";
import { DEFAULT_THROTTLE, delayAfter, type ThrottleSettings } from "../../server/studio/auth/throttle.ts";
import { mayUse, ROLES, type Role } from "../../server/studio/roles.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { COOKIE, makeAccount, PASSWORD, sessionFrom, sessionOf, STUDIO_HOST, studio, tokenOf } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

/** Short delays, so growing waits show within seconds. */
const QUICK_THROTTLE: ThrottleSettings = {
  ...DEFAULT_THROTTLE,
  accountFromAddress: { free: 3, firstDelayMs: 100, maxDelayMs: 10_000 },
  address: { free: 10, firstDelayMs: 100, maxDelayMs: 10_000 },
};

const body = (response: { body: string }) => JSON.parse(response.body);
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

describeOnEachDatabase("the studio's accounts on $name", (target) => {
  let t: TestApp;
  let ips = 0;
  /** A client address of its own for each test, so their sign-ins never throttle each other. */
  const freshIp = () => `198.51.100.${++ips}`;
  const database = groupDatabase(target);
  beforeAll(async () => {
    t = await startFormsApp({ databaseUrl: database.url, studio: true, studioLimits: { throttle: QUICK_THROTTLE } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.storage.db;
  let n = 0;
  const email = (who: string) => `${who}.${++n}@example.com`;

  test("invite → set password → sign in → who am I → sign out", async () => {
    const admin = await makeAccount(db(), email("admin"), "admin");
    const adminSession = await sessionOf(db(), admin.id);
    const address = email("asha");
    const invited = await studio(t, "POST", "/api/studio/users", { session: adminSession, body: { email: ` ${address.toUpperCase()} `, name: "Asha Rao", role: "editor" } });
    expect(invited.statusCode).toBe(201);
    const { user, invitation } = body(invited);
    expect(user).toEqual({ id: expect.any(String), email: address, name: "Asha Rao", role: "editor", status: "invited", createdAt: expect.any(String) });
    expect(invitation.link).toMatch(new RegExp(`^https://${STUDIO_HOST}/admin/password#token=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const ip = freshIp();
    // Invited, not yet set up: cannot sign in.
    expect((await studio(t, "POST", "/api/studio/sign-in", { ip, body: { email: address, password: "a long enough password" } })).statusCode).toBe(401);
    const set = await studio(t, "POST", "/api/studio/password", { body: { token: tokenOf(invitation.link), password: "Tulsi chai at four" } });
    expect(set.statusCode).toBe(200);
    expect(body(set).user.status).toBe("active");

    const signedIn = await studio(t, "POST", "/api/studio/sign-in", { ip, body: { email: address, password: "Tulsi chai at four" } });
    expect(signedIn.statusCode).toBe(200);
    const cookie = [signedIn.headers["set-cookie"]].flat()[0]!;
    expect(cookie).toMatch(/^__Host-studio=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    const session = sessionFrom(signedIn);
    expect(body(signedIn)).toEqual({ user: { ...user, status: "active" }, csrfToken: expect.any(String) });

    const me = await studio(t, "GET", "/api/studio/me", { session });
    expect(me.statusCode).toBe(200);
    expect(body(me)).toEqual({
      user: { id: user.id, email: address, name: "Asha Rao", role: "editor" },
      csrfToken: body(signedIn).csrfToken,
      session: { id: expect.any(String), createdAt: expect.any(String) },
    });
    // The database keeps neither the session id nor the link's token.
    const stored = JSON.stringify(await db().selectFrom("studio_sessions").selectAll().execute()) + JSON.stringify(await db().selectFrom("studio_tokens").selectAll().execute());
    expect(stored).not.toContain(session);
    expect(stored).not.toContain(tokenOf(invitation.link));

    const out = await studio(t, "POST", "/api/studio/sign-out", { session });
    expect(out.statusCode).toBe(204);
    expect([out.headers["set-cookie"]].flat()[0]).toBe("__Host-studio=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure");
    const after = await studio(t, "GET", "/api/studio/me", { session });
    expect(after.statusCode).toBe(401);
    expect(body(after).error).toEqual(errors.StudioSignedOut());
  });

  test("a short, common or guessable password is refused, and the link still works after", async () => {
    const invited = await inviteAccount(db(), { email: email("ravi"), name: "Ravi", role: "contributor" });
    const token = invited.ok ? invited.value.link.token : "";
    for (const [password, problem] of [
      ["short pass", "The password has 10 characters; it needs at least 12."],
      ["qwerty123456", /guessed quickly/],
      ["password12345", /guessed quickly/],
      ["abcabcabcabc", /guessed quickly/],
    ] as const) {
      const refused = await studio(t, "POST", "/api/studio/password", { body: { token, password } });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).error).toMatchObject({ code: errors.StudioWeakPassword.code, title: errors.StudioWeakPassword.title, message: expect.stringMatching(problem) });
    }
    expect((await studio(t, "POST", "/api/studio/password", { body: { token, password: "nine cats in a lift" } })).statusCode).toBe(200);
  });

  test("a used, expired, replaced or made-up link is refused, all alike", async () => {
    const address = email("meera");
    const first = await inviteAccount(db(), { email: address, name: "Meera", role: "editor" });
    const token = first.ok ? first.value.link.token : "";
    const set = (token: string, password = "nine cats in a lift") => studio(t, "POST", "/api/studio/password", { body: { token, password } });
    expect((await set(token)).statusCode).toBe(200);
    const reused = await set(token, "another long passphrase");
    expect(reused.statusCode).toBe(400);
    expect(body(reused).error).toEqual(errors.StudioLinkInvalid());

    const expiring = await inviteAccount(db(), { email: email("expired"), name: "Late", role: "editor" });
    const late = expiring.ok ? expiring.value.link.token : "";
    await db().updateTable("studio_tokens").set({ expires_at: isoAgo(1000) }).where("user_id", "=", expiring.ok ? expiring.value.account.id : "").execute();
    expect(body(await set(late)).error).toEqual(errors.StudioLinkInvalid());
    expect(body(await set("made-up-token")).error).toEqual(errors.StudioLinkInvalid());

    // Two uses at once: exactly one wins.
    const again = await inviteAccount(db(), { email: email("race"), name: "Race", role: "editor" });
    const raced = again.ok ? again.value.link.token : "";
    const answers = await Promise.all([set(raced, "first long passphrase"), set(raced, "second long passphrase")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  test("a session id from before sign-in is never the one after (no fixation)", async () => {
    const account = await makeAccount(db(), email("fix"), "editor");
    const ip = freshIp();
    const planted = "attacker-chosen-session-id-0000000000000000";
    expect((await studio(t, "GET", "/api/studio/me", { session: planted })).statusCode).toBe(401);
    const first = await studio(t, "POST", "/api/studio/sign-in", { ip, session: planted, body: { email: account.email, password: PASSWORD } });
    expect(first.statusCode).toBe(200);
    const issued = sessionFrom(first);
    expect(issued).not.toBe(planted);
    expect((await studio(t, "GET", "/api/studio/me", { session: planted })).statusCode).toBe(401);
    expect((await studio(t, "GET", "/api/studio/me", { session: issued })).statusCode).toBe(200);
    // Signing in again from the same browser: a new id, and the old one ends.
    const second = await studio(t, "POST", "/api/studio/sign-in", { ip, session: issued, body: { email: account.email, password: PASSWORD } });
    const renewed = sessionFrom(second);
    expect(renewed).not.toBe(issued);
    expect((await studio(t, "GET", "/api/studio/me", { session: issued })).statusCode).toBe(401);
    expect((await studio(t, "GET", "/api/studio/me", { session: renewed })).statusCode).toBe(200);
  });

  test("a session ends after its idle time, and after its absolute time however busy; using it keeps it alive", async () => {
    const account = await makeAccount(db(), email("idle"), "contributor");
    const { idleMs, absoluteMs } = DEFAULT_SESSION_LIMITS;
    const [idle, busy, old] = [await sessionOf(db(), account.id), await sessionOf(db(), account.id), await sessionOf(db(), account.id)];
    const ids = await db().selectFrom("studio_sessions").select("id").where("user_id", "=", account.id).orderBy("id").execute();
    // The clock moves on: one unused for just over the idle time, one used a minute ago, one signed in just over the absolute time ago.
    await db().updateTable("studio_sessions").set({ last_seen_at: isoAgo(idleMs + 1000) }).where("id", "=", ids[0]!.id).execute();
    await db().updateTable("studio_sessions").set({ last_seen_at: isoAgo(idleMs - 60_000), created_at: isoAgo(absoluteMs - 60_000) }).where("id", "=", ids[1]!.id).execute();
    await db().updateTable("studio_sessions").set({ created_at: isoAgo(absoluteMs + 1000) }).where("id", "=", ids[2]!.id).execute();
    expect((await studio(t, "GET", "/api/studio/me", { session: idle })).statusCode).toBe(401);
    expect((await studio(t, "GET", "/api/studio/me", { session: busy })).statusCode).toBe(200);
    expect((await studio(t, "GET", "/api/studio/me", { session: old })).statusCode).toBe(401);
    const touched = await db().selectFrom("studio_sessions").select("last_seen_at").where("id", "=", ids[1]!.id).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(touched.last_seen_at)).toBeLessThan(10_000);
  });

  test("a session really times out on the database's clock", async () => {
    const quick = await startFormsApp({ databaseUrl: t.databaseUrl, studio: true, studioLimits: { sessions: { idleMs: 1500, absoluteMs: 60_000 } } });
    try {
      const account = await makeAccount(quick.app.storage.db, email("clock"), "contributor");
      const session = await sessionOf(quick.app.storage.db, account.id);
      expect((await studio(quick, "GET", "/api/studio/me", { session })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await studio(quick, "GET", "/api/studio/me", { session })).statusCode).toBe(401);
    } finally {
      await quick.close();
    }
  });

  test("disabling an account ends all its sessions at once, and it cannot sign in", async () => {
    const admin = await makeAccount(db(), email("boss"), "admin");
    const leaver = await makeAccount(db(), email("leaver"), "editor");
    const [laptop, phone] = [await sessionOf(db(), leaver.id), await sessionOf(db(), leaver.id)];
    const disabled = await studio(t, "POST", `/api/studio/users/${leaver.id}/disable`, { session: await sessionOf(db(), admin.id) });
    expect(disabled.statusCode).toBe(200);
    expect(body(disabled)).toEqual({ user: { ...leaver, status: "disabled" }, sessionsEnded: 2 });
    for (const session of [laptop, phone]) expect((await studio(t, "GET", "/api/studio/me", { session })).statusCode).toBe(401);
    const refused = await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: leaver.email, password: PASSWORD } });
    expect(refused.statusCode).toBe(401);
    expect(body(refused).error).toEqual(errors.StudioSignInFailed());
  });

  test("every failed sign-in is the same answer: unknown address, wrong password, disabled, not yet set up", async () => {
    const known = await makeAccount(db(), email("known"), "editor");
    const off = await makeAccount(db(), email("off"), "editor");
    await db().updateTable("studio_users").set({ disabled_at: isoAgo(0) }).where("id", "=", off.id).execute();
    const invited = await inviteAccount(db(), { email: email("new"), name: "New", role: "editor" });
    const answers = await Promise.all(
      [
        { email: "nobody@example.com", password: PASSWORD },
        { email: known.email, password: "not the password at all" },
        { email: off.email, password: PASSWORD },
        { email: invited.ok ? invited.value.account.email : "", password: PASSWORD },
      ].map((credentials) => studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: credentials })),
    );
    const shapes = answers.map((a) => `${a.statusCode} ${a.headers["content-type"]} ${a.body} ${a.headers["set-cookie"] ?? ""}`);
    expect(new Set(shapes).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(401);
    expect(body(answers[0]!).error).toEqual(errors.StudioSignInFailed());
  });

  test("50 wrong passwords are slowed more and more, while the right one from another address still works", async () => {
    const victim = await makeAccount(db(), email("victim"), "editor");
    const attacker = freshIp();
    const checked: number[] = []; // when each attempt was let through to the password check
    const waits: number[] = [];
    const start = performance.now();
    for (let i = 0; i < 50; i++) {
      const at = performance.now() - start;
      const answer = await studio(t, "POST", "/api/studio/sign-in", { ip: attacker, body: { email: victim.email, password: `guess number ${i}` } });
      if (answer.statusCode === 401) checked.push(at);
      else {
        expect(answer.statusCode).toBe(429);
        expect(body(answer).error).toEqual(errors.StudioSignInThrottled());
        waits.push(Number(answer.headers["retry-after"]));
      }
    }
    // Three free tries, then each further one waits twice as long as the last: few of the 50 get checked.
    expect(checked.length).toBeGreaterThanOrEqual(4);
    expect(checked.length).toBeLessThan(15);
    expect(waits.length).toBe(50 - checked.length);
    expect(waits.every((s) => Number.isInteger(s) && s >= 1)).toBe(true);
    const { free, firstDelayMs } = QUICK_THROTTLE.accountFromAddress;
    for (let k = free; k < checked.length - 1; k++) {
      // The (k+1)-th check came no sooner than the wait after k failures: 100, 200, 400 ms ... The
      // times are the test's, taken before each request, so each may be off by that request's way
      // to the server's clock (a few ms, more on a busy machine): 25 ms of slack, under a quarter of the least wait.
      expect(checked[k + 1]! - checked[k]!).toBeGreaterThanOrEqual(delayAfter(k + 1, QUICK_THROTTLE.accountFromAddress) - 25);
    }
    expect(delayAfter(free + 2, QUICK_THROTTLE.accountFromAddress)).toBe(2 * firstDelayMs);
    // Even the right password is not checked from the guessing address while it waits ...
    expect((await studio(t, "POST", "/api/studio/sign-in", { ip: attacker, body: { email: victim.email, password: PASSWORD } })).statusCode).toBe(429);
    // ... but the owner, from their own address, signs in at once.
    const owner = await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: victim.email, password: PASSWORD } });
    expect(owner.statusCode).toBe(200);
  });

  test("guessing at an unknown address is slowed exactly as at a known one", async () => {
    const known = await makeAccount(db(), email("exists"), "editor");
    const run = async (address: string) => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await studio(t, "POST", "/api/studio/sign-in", { ip, body: { email: address, password: `wrong guess ${i}` } })).statusCode);
      return statuses;
    };
    expect(await run("nobody-here@example.com")).toEqual(await run(known.email));
  });

  test("a password hashed with older parameters is hashed again at sign-in", async () => {
    const account = await makeAccount(db(), email("old"), "editor");
    await db().updateTable("studio_users").set({ password_hash: await hashPassword(PASSWORD, { ln: 14, r: 8, p: 1 }) }).where("id", "=", account.id).execute();
    expect((await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: account.email, password: PASSWORD } })).statusCode).toBe(200);
    const { password_hash } = await db().selectFrom("studio_users").select("password_hash").where("id", "=", account.id).executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect((await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: account.email, password: PASSWORD } })).statusCode).toBe(200);
  });

  test("a successful sign-in clears ended sessions and counters unused for a day", async () => {
    const account = await makeAccount(db(), email("tidy"), "editor");
    await sessionOf(db(), account.id);
    await db().updateTable("studio_sessions").set({ created_at: isoAgo(DEFAULT_SESSION_LIMITS.absoluteMs + 1000) }).where("user_id", "=", account.id).execute();
    const dayAgo = Date.now() - DEFAULT_THROTTLE.forgetAfterMs - 1000;
    await db().insertInto("studio_sign_in_throttle").values({ key: "forgotten", failures: 7, next_at_ms: dayAgo, last_at_ms: dayAgo }).execute();
    expect((await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: account.email, password: PASSWORD } })).statusCode).toBe(200);
    expect(await db().selectFrom("studio_sign_in_throttle").select("key").where("key", "=", "forgotten").execute()).toEqual([]);
    expect(await db().selectFrom("studio_sessions").select("id").where("user_id", "=", account.id).execute()).toHaveLength(1);
  });

  test("a write without the session's CSRF token, or from another origin, is refused 403", async () => {
    const account = await makeAccount(db(), email("csrf"), "editor");
    const session = await sessionOf(db(), account.id);
    const other = await sessionOf(db(), (await makeAccount(db(), email("other"), "editor")).id);
    const signOut = (call: Parameters<typeof studio>[3]) => studio(t, "POST", "/api/studio/sign-out", { session, ...call });
    const code = async (call: Parameters<typeof studio>[3]) => {
      const answer = await signOut(call);
      return `${answer.statusCode} ${body(answer).error?.code}`;
    };
    expect(await code({ csrf: null })).toBe("403 StudioCsrfToken");
    expect(await code({ csrf: "x".repeat(43) })).toBe("403 StudioCsrfToken");
    expect(await code({ csrf: (await import("../../server/studio/auth/sessions.ts")).csrfTokenOf(other) })).toBe("403 StudioCsrfToken");
    expect(await code({ headers: { origin: "https://evil.example.net", "sec-fetch-site": "cross-site" } })).toBe("403 StudioCrossSite");
    expect(await code({ headers: { origin: "https://evil.example.net", "sec-fetch-site": undefined } })).toBe("403 StudioCrossSite");
    expect(await code({ headers: { origin: "null" } })).toBe("403 StudioCrossSite");
    expect(await code({ headers: { "sec-fetch-site": "same-site" } })).toBe("403 StudioCrossSite");
    // Signing in from another site's page is refused as well (login CSRF).
    const elsewhere = await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: account.email, password: PASSWORD }, headers: { origin: "https://evil.example.net", "sec-fetch-site": "cross-site" } });
    expect(`${elsewhere.statusCode} ${body(elsewhere).error.code}`).toBe("403 StudioCrossSite");
    // A text/plain body, which a cross-site HTML form can send, is not read.
    const plain = await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), headers: { "content-type": "text/plain" }, body: { email: account.email, password: PASSWORD } });
    expect(`${plain.statusCode} ${body(plain).error.code}`).toBe("415 StudioNotJson");
    expect((await signOut({})).statusCode).toBe(204);
  });

  test("over plain http: a cookie without Secure on a loopback host, refused on any other", async () => {
    const account = await makeAccount(db(), email("local"), "editor");
    const over = (host: string) =>
      t.app.inject({ method: "POST", url: "/api/studio/sign-in", remoteAddress: "127.0.0.1", headers: { host, "content-type": "application/json", "x-forwarded-for": freshIp() }, payload: JSON.stringify({ email: account.email, password: PASSWORD }) });
    const local = await over("localhost:3000");
    expect(local.statusCode).toBe(200);
    expect([local.headers["set-cookie"]].flat()[0]).toMatch(/^studio=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/; HttpOnly; SameSite=Strict$/);
    const session = sessionFrom(local, "studio");
    const me = await t.app.inject({ method: "GET", url: "/api/studio/me", headers: { host: "127.0.0.1:3000", cookie: `studio=${session}` } });
    expect(me.statusCode).toBe(200);
    // The __Host- cookie is only read over https, the plain one only over http.
    expect((await t.app.inject({ method: "GET", url: "/api/studio/me", headers: { host: "127.0.0.1:3000", cookie: `${COOKIE}=${session}` } })).statusCode).toBe(401);
    const remote = await over("studio.example.com");
    expect(remote.statusCode).toBe(403);
    expect(body(remote).error).toEqual(errors.StudioNeedsHttps());
    expect(remote.headers["set-cookie"]).toBeUndefined();
  });

  test("one's own sessions are listed and can be revoked; another's cannot", async () => {
    const account = await makeAccount(db(), email("devices"), "contributor");
    const [here, there] = [await sessionOf(db(), account.id), await sessionOf(db(), account.id)];
    const listed = body(await studio(t, "GET", "/api/studio/sessions", { session: here })).sessions;
    expect(listed).toHaveLength(2);
    expect(listed.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const thereId = listed.find((s: { current: boolean }) => !s.current).id;
    const stranger = await sessionOf(db(), (await makeAccount(db(), email("stranger"), "admin")).id);
    expect((await studio(t, "DELETE", `/api/studio/sessions/${thereId}`, { session: stranger })).statusCode).toBe(404);
    expect((await studio(t, "DELETE", `/api/studio/sessions/${thereId}`, { session: here })).statusCode).toBe(204);
    expect((await studio(t, "GET", "/api/studio/me", { session: there })).statusCode).toBe(401);
    expect((await studio(t, "GET", "/api/studio/me", { session: here })).statusCode).toBe(200);
  });

  test("an admin invites, lists and changes roles, but never on their own account", async () => {
    const admin = await makeAccount(db(), email("chief"), "admin");
    const session = await sessionOf(db(), admin.id);
    const taken = await studio(t, "POST", "/api/studio/users", { session, body: { email: admin.email, name: "Again", role: "editor" } });
    expect(`${taken.statusCode} ${body(taken).error.code}`).toBe("409 StudioUserExists");
    const bad = await studio(t, "POST", "/api/studio/users", { session, body: { email: "not-an-address", name: "X", role: "owner" } });
    expect(`${bad.statusCode} ${body(bad).error.code}`).toBe("400 StudioBadRequest");
    const editor = await makeAccount(db(), email("promoted"), "contributor");
    const changed = await studio(t, "PUT", `/api/studio/users/${editor.id}/role`, { session, body: { role: "editor" } });
    expect(body(changed).user.role).toBe("editor");
    expect(body(await studio(t, "GET", "/api/studio/users", { session })).users.map((u: { email: string }) => u.email)).toContain(editor.email);
    for (const [method, url, payload] of [
      ["PUT", `/api/studio/users/${admin.id}/role`, { role: "editor" }],
      ["POST", `/api/studio/users/${admin.id}/disable`, undefined],
    ] as const) {
      const own = await studio(t, method, url, { session, body: payload });
      expect(`${own.statusCode} ${body(own).error.code}`).toBe("409 StudioNotOnYourself");
    }
  });

  test("every studio route answers each role, and no session, as its declared role says", async () => {
    expect(t.app.studioRoutes.length).toBeGreaterThanOrEqual(10);
    const people = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await makeAccount(db(), email(`walk-${role}`), role)] as const)));
    for (const route of t.app.studioRoutes) {
      for (const role of [undefined, ...ROLES] as (Role | undefined)[]) {
        // A fresh session for each call: the route may end it (sign out, revoke).
        const session = role && (await sessionOf(db(), people[role]!.id));
        const url = route.url.replace(/:id\b/g, "0190a0a0-0000-7000-8000-000000000000");
        const answer = await studio(t, route.method as "GET", url, { session, ip: freshIp(), ...(route.method !== "GET" && route.method !== "DELETE" && { body: {} }) });
        const label = `${route.method} ${route.url} as ${role ?? "no session"} (needs ${route.least}): ${answer.statusCode} ${answer.body}`;
        expect(answer.statusCode, label).toBeLessThan(500);
        expect(answer.headers["cache-control"], label).toBe("no-store");
        if (mayUse(role, route.least)) expect([401, 403], label).not.toContain(answer.statusCode);
        else if (role === undefined) expect(`${answer.statusCode} ${body(answer).error.code}`, label).toBe("401 StudioSignedOut");
        else expect(`${answer.statusCode} ${body(answer).error.code}`, label).toBe("403 StudioForbidden");
      }
    }
  });

  test("without STUDIO=1 every studio route is 404", async () => {
    const plain = await startFormsApp({ databaseUrl: t.databaseUrl });
    try {
      const account = await makeAccount(plain.app.storage.db, email("nostudio"), "admin");
      const session = await sessionOf(plain.app.storage.db, account.id);
      for (const route of t.app.studioRoutes) {
        const answer = await studio(plain, route.method as "GET", route.url.replace(/:id\b/g, account.id), { session, body: route.method === "GET" ? undefined : {} });
        expect(answer.statusCode, `${route.method} ${route.url}`).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });

  test("unknown studio calls and unreadable bodies are 4xx JSON, never 5xx", async () => {
    const account = await makeAccount(db(), email("junk"), "admin");
    const session = await sessionOf(db(), account.id);
    const unknown = await studio(t, "POST", "/api/studio/nothing-here", { session, body: {} });
    expect(`${unknown.statusCode} ${body(unknown).error.code}`).toBe("404 StudioNotFound");
    const broken = await studio(t, "POST", "/api/studio/users", { session, headers: { "content-type": "application/json" }, body: undefined });
    expect(broken.statusCode).toBe(400);
    const huge = await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: "a@example.com", password: "x".repeat(20_000) } });
    expect(`${huge.statusCode} ${body(huge).error.code}`).toBe("413 StudioTooLarge");
    const extra = await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: { email: "a@example.com", password: "x", admin: true } });
    expect(`${extra.statusCode} ${body(extra).error.code}`).toBe("400 StudioBadRequest");
    const array = await studio(t, "POST", "/api/studio/sign-in", { ip: freshIp(), body: [1, 2] });
    expect(array.statusCode).toBe(400);
  });
});
