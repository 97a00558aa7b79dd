/**
 * A form's proof-of-work (`proofOfWork: true`): the server hands out signed challenges, takes a
 * submission only with one solved, for this form, not expired, and never twice, on SQLite and
 * PostgreSQL, and across processes sharing the database.
 */
import { createChallenge } from "altcha-lib/v1";
import { HONEYPOT, POW_FIELD } from "../../schemas/form-names.ts";
import { countRows } from "../../server/storage/submissions.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { type PowChallenge, powPayload, solvePow } from "../../src/forms/proof-of-work.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { browserPost, contentFormsManifest, json, makeTestBuild, startFormsApp, submissionsOf, type TestApp, validCareers, validContact } from "./forms-harness.ts";

const SECRET = "forms-pow-contract-test";

/** The site's forms, the contact and careers forms with proofOfWork on. */
function powBuild() {
  const manifest = contentFormsManifest();
  manifest.forms = manifest.forms.map((form) => (form.id === "contact" || form.id === "careers" ? { ...form, proofOfWork: true } : form));
  return makeTestBuild(manifest);
}

describeOnEachDatabase("proof of work on $name", (target) => {
  let t: TestApp;
  let other: TestApp;
  const database = groupDatabase(target);
  beforeAll(async () => {
    const buildDir = powBuild();
    t = await startFormsApp({ databaseUrl: database.url, buildDir, formsPowSecret: SECRET });
    // A second process on the same database and key: what one took, the other refuses.
    other = await startFormsApp({ databaseUrl: database.url, buildDir, formsPowSecret: SECRET });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const challenge = async (app = t, url = "/api/contact/challenge") => {
    const response = await app.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    return response.json() as PowChallenge;
  };
  const solved = async (app = t) => {
    const c = await challenge(app);
    return powPayload(c, (await solvePow(c))!);
  };
  const post = (body: unknown, app = t) => app.app.inject({ method: "POST", url: "/api/contact", payload: JSON.stringify(body), headers: json });
  const refused = (code: string, status: number) => async (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code });
  };
  const storedContacts = async () => (await submissionsOf(t.app.storage.db, "contact")).length;

  test("a challenge is ALTCHA's format, signed, for a number a phone finds quickly", async () => {
    const c = await challenge();
    expect(c).toEqual({ algorithm: "SHA-256", challenge: expect.stringMatching(/^[0-9a-f]{64}$/), maxnumber: 10_000, salt: expect.stringMatching(/^[0-9a-f]+\?form=contact&expires=\d+&$/), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Forms without proofOfWork have no challenge to give.
    expect((await t.app.inject({ method: "GET", url: "/api/newsletter/challenge" })).statusCode).toBe(404);
  });

  test("a solved challenge lets the submission in once; sent again it is a replay, on any process", async () => {
    const before = await storedContacts();
    const solution = await solved();
    expect((await post({ ...validContact, [POW_FIELD]: solution })).json()).toEqual({ success: true });
    await refused(errors.FormPowReplayed.code, 409)(await post({ ...validContact, [POW_FIELD]: solution }));
    await refused(errors.FormPowReplayed.code, 409)(await post({ ...validContact, [POW_FIELD]: solution }, other));
    expect(await storedContacts()).toBe(before + 1);
    // The solution is not stored with the values.
    const last = (await submissionsOf(t.app.storage.db, "contact")).at(-1)!;
    expect(Object.keys(last.values)).not.toContain(POW_FIELD);
  });

  test("a challenge from one process is solved and taken on another sharing the key", async () => {
    expect((await post({ ...validContact, [POW_FIELD]: await solved(other) })).json()).toEqual({ success: true });
  });

  test("values the visitor must correct do not spend the solution", async () => {
    const before = await storedContacts();
    const solution = await solved();
    const wrong = await post({ ...validContact, message: "", [POW_FIELD]: solution });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(errors.FormRequiredMissing.code);
    expect((await post({ ...validContact, [POW_FIELD]: solution })).json()).toEqual({ success: true });
    expect(await storedContacts()).toBe(before + 1);
  });

  test("without a solution the submission is refused: JSON, and a browser without JavaScript gets the message", async () => {
    const before = await countRows(t.app.storage.db);
    await refused(errors.FormPowMissing.code, 400)(await post(validContact));
    await refused(errors.FormPowMissing.code, 400)(await post({ ...validContact, [POW_FIELD]: "" }));
    const page = await t.app.inject(browserPost("/api/contact", new URLSearchParams(validContact).toString()));
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain(errors.FormPowMissing().message);
    expect(await countRows(t.app.storage.db)).toEqual(before);
  });

  test("a browser's urlencoded post with a solution is taken", async () => {
    const page = await t.app.inject(browserPost("/api/contact", new URLSearchParams({ ...validContact, [POW_FIELD]: await solved() }).toString()));
    expect(page.statusCode).toBe(200);
  });

  test("a multipart post (a form with a file field) carries its solution as one more part", async () => {
    // As a browser sends it: every text field (empty ones too) and the honeypot, then the solution.
    const careers = contentFormsManifest().forms.find((f) => f.id === "careers")!;
    const multipart = async (values: Record<string, string>) => {
      const data = new FormData();
      for (const field of careers.fields) if (field.type !== "file") data.append(field.name, values[field.name] ?? "");
      data.append(HONEYPOT, "");
      if (values[POW_FIELD]) data.append(POW_FIELD, values[POW_FIELD]);
      const body = new Response(data);
      return t.app.inject({ method: "POST", url: "/api/careers", payload: Buffer.from(await body.arrayBuffer()), headers: { "content-type": body.headers.get("content-type")! } });
    };
    const c = await challenge(t, "/api/careers/challenge");
    const taken = await multipart({ ...validCareers, [POW_FIELD]: powPayload(c, (await solvePow(c))!) });
    expect([taken.statusCode, taken.json()]).toEqual([200, { success: true }]);
    await refused(errors.FormPowMissing.code, 400)(await multipart(validCareers));
  });

  test("a wrong number, a foreign key, another form's challenge or garbage is invalid", async () => {
    const before = await storedContacts();
    const c = await challenge();
    const number = (await solvePow(c))!;
    const foreign = await createChallenge({ hmacKey: "someone-else", maxNumber: 100, params: { form: "contact" }, expires: new Date(Date.now() + 60_000) });
    const otherForm = await createChallenge({ hmacKey: SECRET, maxNumber: 100, params: { form: "careers" }, expires: new Date(Date.now() + 60_000) });
    const noExpiry = await createChallenge({ hmacKey: SECRET, maxNumber: 100, params: { form: "contact" } });
    const solveWith = async (x: { challenge: string; salt: string; signature: string }) => {
      const full = { ...x, algorithm: "SHA-256" as const, maxnumber: 100 };
      return powPayload(full, (await solvePow(full))!);
    };
    for (const solution of [
      powPayload(c, number + 1),
      powPayload({ ...c, salt: c.salt.replace(/expires=\d+/, "expires=9999999999") }, number),
      await solveWith(foreign),
      await solveWith(otherForm),
      "not base64 json",
      Buffer.from('{"number":"1"}').toString("base64"),
      42,
    ]) {
      await refused(errors.FormPowInvalid.code, 400)(await post({ ...validContact, [POW_FIELD]: solution }));
    }
    // A challenge signed without an expiry is never good: expired.
    await refused(errors.FormPowExpired.code, 400)(await post({ ...validContact, [POW_FIELD]: await solveWith(noExpiry) }));
    expect(await storedContacts()).toBe(before);
  });

  test("an expired challenge is refused as expired", async () => {
    const past = await createChallenge({ hmacKey: SECRET, maxNumber: 100, params: { form: "contact" }, expires: new Date(Date.now() - 1000) });
    const full = { ...past, algorithm: "SHA-256" as const, maxnumber: 100 };
    await refused(errors.FormPowExpired.code, 400)(await post({ ...validContact, [POW_FIELD]: powPayload(full, (await solvePow(full))!) }));
  });

  test("challenges are rate limited per client like submissions (FORM_RATE_LIMIT a minute), every form's together, in a budget of their own", async () => {
    const limited = await startFormsApp({ databaseUrl: database.url, buildDir: powBuild(), formsPowSecret: SECRET, formRateLimit: 3 });
    try {
      const get = (url: string) => limited.app.inject({ method: "GET", url });
      const first = await get("/api/contact/challenge");
      expect(first.statusCode).toBe(200);
      expect([(await get("/api/careers/challenge")).statusCode, (await get("/api/contact/challenge")).statusCode]).toEqual([200, 200]);
      const fourth = await get("/api/careers/challenge");
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ success: false, code: errors.FormRateLimited.code });
      expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
      // The submissions' budget is untouched: a solved challenge is still taken.
      const c = first.json() as PowChallenge;
      const response = await limited.app.inject({ method: "POST", url: "/api/contact", payload: JSON.stringify({ ...validContact, [POW_FIELD]: powPayload(c, (await solvePow(c))!) }), headers: json });
      expect(response.json()).toEqual({ success: true });
    } finally {
      await limited.close();
    }
  });

  test("forms without proofOfWork are untouched: no solution needed, and one sent is an unknown field", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/newsletter", payload: JSON.stringify({ email: "pow@example.com" }), headers: json });
    expect(ok.json()).toEqual({ success: true });
    const extra = await t.app.inject({ method: "POST", url: "/api/newsletter", payload: JSON.stringify({ email: "pow@example.com", [POW_FIELD]: "x" }), headers: json });
    expect(extra.json().code).toBe(errors.FormUnknownFields.code);
  });
});

test("without FORMS_POW_SECRET a process signs with its own random key and says so", async () => {
  const t = await startFormsApp({ buildDir: powBuild() });
  try {
    expect(t.logs.some((line) => line.includes("FORMS_POW_SECRET is not set"))).toBe(true);
    const c = (await t.app.inject({ method: "GET", url: "/api/contact/challenge" })).json() as PowChallenge;
    const response = await t.app.inject({ method: "POST", url: "/api/contact", payload: JSON.stringify({ ...validContact, [POW_FIELD]: powPayload(c, (await solvePow(c))!) }), headers: json });
    expect(response.json()).toEqual({ success: true });
  } finally {
    await t.close();
  }
});
