/**
 * Passkeys, against the real app on both databases, with a software authenticator that makes
 * real P-256 credentials and ES256 signatures (./software-authenticator.ts) which the server
 * checks with @simplewebauthn/server: registering one signed in, signing in with it signed out,
 * removing it; and what must fail: a challenge used twice or expired, another key's signature,
 * another origin, a disabled account, a removed passkey, another person's challenge.
 */
import { DEFAULT_PASSKEY_THROTTLE } from "../../server/studio/auth/throttle.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { SoftwareAuthenticator, strangerKey } from "./software-authenticator.ts";
import { makeAccount, sessionFrom, sessionOf, STUDIO_ORIGIN, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const body = (response: { body: string }) => JSON.parse(response.body);
const codeOf = (response: { statusCode: number; body: string }) => `${response.statusCode} ${body(response).error?.code}`;

describeOnEachDatabase("passkeys on $name", (target) => {
  let t: TestApp;
  const database = groupDatabase(target);
  beforeAll(async () => {
    // SITE_URL names the relying party: its host is the RP ID, its origin the one answers must come from.
    t = await startFormsApp({ databaseUrl: database.url, studio: true, siteUrl: STUDIO_ORIGIN });
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.storage.db;
  let n = 0;
  const email = (who: string) => `${who}.${++n}@example.com`;

  /** A person signed in, with a passkey registered from their account page. */
  async function withPasskey(who: string, authenticator = new SoftwareAuthenticator(STUDIO_ORIGIN)) {
    const account = await makeAccount(db(), email(who), "contributor");
    const session = await sessionOf(db(), account.id);
    const options = await studio(t, "POST", "/api/studio/passkeys/options", { session, body: {} });
    expect(options.statusCode).toBe(200);
    const added = await studio(t, "POST", "/api/studio/passkeys", { session, body: { name: "Work laptop", response: authenticator.register(body(options)) } });
    return { account, session, authenticator, added };
  }

  const signInOptions = async () => body(await studio(t, "POST", "/api/studio/passkeys/sign-in/options", { body: {} }));
  const signInWith = (response: unknown) => studio(t, "POST", "/api/studio/passkeys/sign-in", { body: { response } });

  test("register a passkey signed in, then sign in with it signed out: a new session, as with a password", async () => {
    const { account, session, authenticator, added } = await withPasskey("asha");
    expect(added.statusCode).toBe(201);
    expect(body(added).passkey).toEqual({ id: authenticator.id, name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null });

    const options = await signInOptions();
    // Discoverable credentials: the browser offers whichever passkey it holds for this site.
    expect(options).toMatchObject({ rpId: "studio.example.com", challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await signInWith(authenticator.signIn(options));
    expect(signedIn.statusCode).toBe(200);
    expect(body(signedIn)).toMatchObject({ user: { id: account.id, email: account.email }, csrfToken: expect.any(String) });
    const fresh = sessionFrom(signedIn);
    expect(fresh).not.toBe(session);
    const me = await studio(t, "GET", "/api/studio/me", { session: fresh });
    expect(body(me).user.id).toBe(account.id);

    const listed = body(await studio(t, "GET", "/api/studio/passkeys", { session: fresh })).passkeys;
    expect(listed).toEqual([{ id: authenticator.id, name: "Work laptop", createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
  });

  test("a challenge is good once: the same answer again, or an answer to a used challenge, signs no one in", async () => {
    const { authenticator } = await withPasskey("ben");
    const options = await signInOptions();
    const answer = authenticator.signIn(options);
    expect((await signInWith(answer)).statusCode).toBe(200);
    expect(codeOf(await signInWith(answer))).toBe("401 StudioPasskeyFailed");
    // Signed anew (a higher counter), the used challenge still signs no one in.
    expect(codeOf(await signInWith(authenticator.signIn(options)))).toBe("401 StudioPasskeyFailed");
    // A challenge nobody was given.
    expect(codeOf(await signInWith(authenticator.signIn({ challenge: "bm90LWEtY2hhbGxlbmdlLWZyb20tdGhlLXNlcnZlcg" })))).toBe("401 StudioPasskeyFailed");
  });

  test("a challenge expires after five minutes", async () => {
    const { authenticator } = await withPasskey("chen");
    const options = await signInOptions();
    await db().updateTable("studio_passkey_challenges").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("challenge", "=", options.challenge).execute();
    expect(codeOf(await signInWith(authenticator.signIn(options)))).toBe("401 StudioPasskeyFailed");
  });

  test("a real signature by another key, an answer made for another origin, and a passkey never registered all fail alike", async () => {
    const { authenticator } = await withPasskey("dara");
    expect(codeOf(await signInWith(authenticator.signIn(await signInOptions(), { key: strangerKey() })))).toBe("401 StudioPasskeyFailed");
    const phishing = new SoftwareAuthenticator("https://studio.example.com.evil.example", "studio.example.com");
    await withPasskey("dara-too", phishing).then(({ added }) => expect(codeOf(added)).toBe("400 StudioPasskeyNotSaved"));
    const unknown = new SoftwareAuthenticator(STUDIO_ORIGIN);
    expect(codeOf(await signInWith(unknown.signIn(await signInOptions())))).toBe("401 StudioPasskeyFailed");
    // The right key still works afterwards.
    expect((await signInWith(authenticator.signIn(await signInOptions()))).statusCode).toBe(200);
  });

  test("a registration answer must answer a challenge made for this person, once", async () => {
    const asha = await makeAccount(db(), email("eve-a"), "contributor");
    const bo = await makeAccount(db(), email("eve-b"), "contributor");
    const [ashaSession, boSession] = [await sessionOf(db(), asha.id), await sessionOf(db(), bo.id)];
    const options = body(await studio(t, "POST", "/api/studio/passkeys/options", { session: ashaSession, body: {} }));
    const response = new SoftwareAuthenticator(STUDIO_ORIGIN).register(options);
    // Bo cannot use the challenge made for Asha.
    expect(codeOf(await studio(t, "POST", "/api/studio/passkeys", { session: boSession, body: { name: "Stolen", response } }))).toBe("400 StudioPasskeyNotSaved");
    // Nor use it up: it is still Asha's, good once.
    expect((await studio(t, "POST", "/api/studio/passkeys", { session: ashaSession, body: { name: "Mine", response } })).statusCode).toBe(201);
    await db().deleteFrom("studio_passkeys").where("user_id", "=", asha.id).execute();
    expect(codeOf(await studio(t, "POST", "/api/studio/passkeys", { session: ashaSession, body: { name: "Mine", response } }))).toBe("400 StudioPasskeyNotSaved");
  });

  test("a disabled account's passkey cannot sign in", async () => {
    const { account, authenticator } = await withPasskey("faye");
    const admin = await makeAccount(db(), email("admin"), "admin");
    const disabled = await studio(t, "POST", `/api/studio/users/${account.id}/disable`, { session: await sessionOf(db(), admin.id), body: {} });
    expect(disabled.statusCode).toBe(200);
    expect(codeOf(await signInWith(authenticator.signIn(await signInOptions())))).toBe("401 StudioPasskeyFailed");
  });

  test("a removed passkey signs no one in; one cannot remove another person's", async () => {
    const { session, authenticator } = await withPasskey("gus");
    const other = await withPasskey("hana");
    expect(codeOf(await studio(t, "DELETE", `/api/studio/passkeys/${other.authenticator.id}`, { session }))).toBe("404 StudioPasskeyNotFound");
    expect((await studio(t, "DELETE", `/api/studio/passkeys/${authenticator.id}`, { session })).statusCode).toBe(204);
    expect(body(await studio(t, "GET", "/api/studio/passkeys", { session })).passkeys).toEqual([]);
    expect(codeOf(await signInWith(authenticator.signIn(await signInOptions())))).toBe("401 StudioPasskeyFailed");
    expect((await signInWith(other.authenticator.signIn(await signInOptions()))).statusCode).toBe(200);
  });

  test("the same authenticator cannot be added twice", async () => {
    const { session, authenticator } = await withPasskey("ida");
    const options = body(await studio(t, "POST", "/api/studio/passkeys/options", { session, body: {} }));
    expect(options.excludeCredentials).toEqual([{ id: authenticator.id, type: "public-key", transports: ["internal"] }]);
    expect(codeOf(await studio(t, "POST", "/api/studio/passkeys", { session, body: { name: "Again", response: authenticator.register(options) } }))).toBe("409 StudioPasskeyExists");
  });

  test("challenges are throttled per client address: a few dozen, then 429 with Retry-After; another address is not slowed, and a sign-in gives its challenge back", async () => {
    const ip = "198.51.100.7";
    const ask = (from = ip) => studio(t, "POST", "/api/studio/passkeys/sign-in/options", { ip: from, body: {} });
    // `free` challenges count as nothing; the next is answered and starts the wait.
    const { free } = DEFAULT_PASSKEY_THROTTLE.address;
    for (let i = 0; i <= free; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(codeOf(refused)).toBe("429 StudioSignInThrottled");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await ask("198.51.100.8")).statusCode).toBe(200);

    // From a fresh address: the free challenges less one, a sign-in with one, and two more are answered.
    const other = "203.0.113.9";
    const { authenticator } = await withPasskey("kai");
    for (let i = 0; i < free - 1; i++) expect((await ask(other)).statusCode).toBe(200);
    const options = body(await ask(other));
    expect((await studio(t, "POST", "/api/studio/passkeys/sign-in", { ip: other, body: { response: authenticator.signIn(options) } })).statusCode).toBe(200);
    expect((await ask(other)).statusCode).toBe(200);
    expect((await ask(other)).statusCode).toBe(200);
    expect(codeOf(await ask(other))).toBe("429 StudioSignInThrottled");
  });

  test("registering needs a session and the CSRF token; answers that are not WebAuthn's shape are 400", async () => {
    expect(codeOf(await studio(t, "POST", "/api/studio/passkeys/options", { body: {} }))).toBe("401 StudioSignedOut");
    const { session } = await withPasskey("jo");
    expect(codeOf(await studio(t, "POST", "/api/studio/passkeys/options", { session, csrf: null, body: {} }))).toBe("403 StudioCsrfToken");
    expect(codeOf(await studio(t, "POST", "/api/studio/passkeys", { session, body: { name: "x", response: { id: "../etc" } } }))).toBe("400 StudioBadRequest");
    expect(codeOf(await signInWith({ id: "x" }))).toBe("400 StudioBadRequest");
  });
});

describe("the relying party", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFormsApp({ studio: true });
  });
  afterAll(() => t?.close());
  const local = (host: string) => ({ host, "x-forwarded-proto": undefined, "x-forwarded-for": undefined, origin: `http://${host}` });

  test("without SITE_URL it is localhost, for the studio opened at http://localhost:<port>", async () => {
    const options = await studio(t, "POST", "/api/studio/passkeys/sign-in/options", { body: {}, headers: local("localhost:3000") });
    expect(options.statusCode).toBe(200);
    expect(body(options).rpId).toBe("localhost");
  });

  test("an IP address cannot be a relying party: the studio says to open it at its name", async () => {
    const options = await studio(t, "POST", "/api/studio/passkeys/sign-in/options", { body: {}, headers: local("127.0.0.1:3000") });
    expect(codeOf(options)).toBe("400 StudioPasskeyHost");
    expect(body(options).error.message).toBe(errors.StudioPasskeyHost("127.0.0.1").message);
  });
});
