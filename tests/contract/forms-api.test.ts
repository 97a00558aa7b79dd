/**
 * The form API against the real Fastify app and a real SQLite file: what it accepts and
 * stores, everything it refuses (and then stores nothing), the honeypot, cross-site posts,
 * the rate limit, and what its logs never contain.
 */
import { rmSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import { formStatus } from "../../server/plugins/form-refusals.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { type ApiErrorCode, HONEYPOT } from "../../src/forms/values.ts";
import { countRows } from "../../server/storage/submissions.ts";
import { badInputs } from "./fixtures/bad-form-inputs.ts";
import { contentFormsManifest, json, makeTestBuild, nothingStored, startFormsApp, submissionsOf, type TestApp, validCareers, validContact } from "./forms-harness.ts";

const post = (t: TestApp, url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: typeof body === "string" ? body : JSON.stringify(body), headers: { ...json, ...headers } });

/** A catalogue entry that takes no details, such as errors.FormCrossSite. */
type FormRefusalKind = (() => ErrorData) & { code: ApiErrorCode };
const refusalOf = (kind: FormRefusalKind) => ({ success: false, code: kind.code, error: kind().message });

function expectJsonAnswer(response: LightMyRequestResponse) {
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.headers["cache-control"]).toBe("no-store");
  const body = response.json();
  for (const key of Object.keys(body)) expect(["success", "code", "error", "fields"]).toContain(key);
  expect(typeof body.success).toBe("boolean");
  // A failure always names its code; a success has none.
  expect(typeof body.code).toBe(body.success ? "undefined" : "string");
  return body as { success: boolean; code?: string; error?: string; fields?: Record<string, string> };
}

describe("accepted submissions are stored before the success answer", () => {
  let t: TestApp;
  beforeAll(async () => (t = await startFormsApp()));
  afterAll(() => t.close());

  test("a contact enquiry is stored trimmed, with its notification in the outbox", async () => {
    const response = await post(t, "/api/contact", { ...validContact, name: "  Priya Sharma ", email: " Priya.Sharma@Example.COM " });
    expect(response.statusCode).toBe(200);
    expect(expectJsonAnswer(response)).toEqual({ success: true });

    const rows = await submissionsOf(t.app.storage.db, "contact");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values).toEqual({ ...validContact, name: "Priya Sharma", email: "priya.sharma@example.com" });
    expect(rows[0]).toMatchObject({ email: "priya.sharma@example.com", unique_key: null });
    const outbox = await t.app.storage.db.selectFrom("outbox").selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "contact", submission_id: rows[0]!.id, subject_email: "priya.sharma@example.com", sent_at: null });
    const mail = JSON.parse(outbox[0]!.message);
    expect(mail.to).toEqual({ name: "Arcbyte Technologies", address: "hello@arcbyte.in" });
    expect(mail.replyTo).toEqual({ name: "Priya Sharma", address: "priya.sharma@example.com" });
    expect(mail.text).toContain(validContact.message);
  });

  test("optional contact fields may be left out", async () => {
    const response = await post(t, "/api/contact", { name: "Ravi", email: "ravi@example.com", message: "Call me", consent: "yes" });
    expect(response.statusCode).toBe(200);
    const row = (await submissionsOf(t.app.storage.db, "contact")).find((r) => r.email === "ravi@example.com")!;
    expect(row.values).toMatchObject({ phone: "", company: "", service: "" });
  });

  test("a job application is stored with its notification", async () => {
    expect((await post(t, "/api/careers", validCareers)).statusCode).toBe(200);
    const [row] = await submissionsOf(t.app.storage.db, "careers");
    expect(row!.values).toEqual({ ...validCareers, cv: "" }); // no CV: sent as JSON
    const outbox = await t.app.storage.db.selectFrom("outbox").selectAll().where("kind", "=", "careers").execute();
    expect(outbox).toHaveLength(1);
  });

  test("a 5,000-character message in a script of 3-byte characters fits under the body cap", async () => {
    const response = await post(t, "/api/contact", { ...validContact, message: "अ".repeat(5000), company: "क".repeat(200), name: "न".repeat(200) });
    expect(response.statusCode).toBe(200);
  });

  test("so does every field at its limit written in JSON \\u escapes (6 bytes a character, 12 an emoji)", async () => {
    const escaped = (value: string) => JSON.stringify(value).replace(/[^"]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    const values = { ...validContact, name: "न".repeat(200), company: "😀".repeat(100), message: "आ".repeat(5000) };
    const payload = `{${Object.entries(values).map(([k, v]) => `"${k}":${escaped(v)}`).join(",")}}`;
    expect(payload.length).toBeGreaterThan(32_000);
    const response = await post(t, "/api/contact", payload);
    expect(response.statusCode).toBe(200);
    const row = (await submissionsOf(t.app.storage.db, "contact")).find((r) => r.values.message === values.message);
    expect(row?.values).toMatchObject({ name: values.name, company: values.company });
  });

  test("newsletter: the address is trimmed and lowercased, a +tag is kept, the consent time recorded", async () => {
    const before = new Date().toISOString();
    expect((await post(t, "/api/newsletter", { email: "  Reader+News@Example.COM " })).statusCode).toBe(200);
    const [row] = await submissionsOf(t.app.storage.db, "newsletter");
    expect(row!.values).toEqual({ email: "reader+news@example.com" });
    expect(row!.email).toBe("reader+news@example.com");
    expect(row!.updated_at >= before).toBe(true); // the consent time
    expect(row!.form_version).toMatch(/^[0-9a-f]{12}$/); // the consent version
  });

  test("newsletter: subscribing again answers exactly like a first subscription and keeps one row", async () => {
    const first = await post(t, "/api/newsletter", { email: "repeat@example.com" });
    const again = await post(t, "/api/newsletter", { email: " REPEAT@example.com" });
    const comparable = (r: LightMyRequestResponse) => {
      const { date: _date, ...headers } = r.headers;
      return { status: r.statusCode, headers, body: r.body };
    };
    expect(comparable(again)).toEqual(comparable(first));
    const rows = (await submissionsOf(t.app.storage.db, "newsletter")).filter((r) => r.email === "repeat@example.com");
    expect(rows).toHaveLength(1);
  });
});

describe(`bad input is refused with 4xx JSON and nothing is stored (${badInputs.length} cases)`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await startFormsApp()));
  afterAll(() => t.close());

  test.each(badInputs)("$name → $status $code", async ({ endpoint, body, headers, status, code, error, fields }) => {
    const payload = typeof body === "object" && body !== null && "raw" in body ? (body as { raw: string }).raw : JSON.stringify(body);
    const response = await t.app.inject({ method: "POST", url: endpoint, payload, headers: { ...json, ...headers } });
    expect(response.statusCode).toBe(status);
    const answer = expectJsonAnswer(response);
    expect(answer.success).toBe(false);
    expect(answer.code).toBe(code);
    if (typeof error === "string") expect(answer.error).toBe(error);
    else expect(answer.error).toMatch(error);
    for (const field of fields ?? []) expect(answer.fields).toHaveProperty([field]);
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });

  test("the server keeps serving after all of them", async () => {
    expect((await post(t, "/api/newsletter", { email: "still.here@example.com" })).json()).toEqual({ success: true });
  });
});

describe("honeypot", () => {
  let t: TestApp;
  beforeAll(async () => (t = await startFormsApp()));
  afterAll(() => t.close());

  test.each([
    ["/api/newsletter", { email: "bot@example.com", [HONEYPOT]: "http://spam.example" }],
    ["/api/contact", { ...validContact, [HONEYPOT]: "buy now" }],
    ["/api/careers", { ...validCareers, [HONEYPOT]: "x" }],
    // Even an otherwise invalid body: a bot learns nothing from the answer.
    ["/api/contact", { name: "", [HONEYPOT]: "http://spam.example", extra: 1 }],
  ])("filled on %s: answered with success, nothing stored", async (url, body) => {
    const response = await post(t, url, body);
    expect(response.statusCode).toBe(200);
    expect(expectJsonAnswer(response)).toEqual({ success: true });
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });

  test("left empty (as a person leaves it): the submission is stored", async () => {
    expect((await post(t, "/api/newsletter", { email: "person@example.com", [HONEYPOT]: "" })).statusCode).toBe(200);
    expect((await countRows(t.app.storage.db)).byForm).toEqual({ newsletter: 1 });
  });
});

describe("same-site checks", () => {
  let t: TestApp;
  beforeAll(async () => (t = await startFormsApp()));
  afterAll(() => t.close());

  test("a same-origin browser post is accepted", async () => {
    const response = await post(t, "/api/newsletter", { email: "browser@example.com" }, { "sec-fetch-site": "same-origin", origin: "http://localhost" });
    expect(response.statusCode).toBe(200);
  });

  test("the Origin is compared with the Host the request was sent to", async () => {
    const headers = { host: "www.arcbyte.in", origin: "https://www.arcbyte.in" };
    expect((await post(t, "/api/newsletter", { email: "tls@example.com" }, headers)).statusCode).toBe(200);
    expect((await post(t, "/api/newsletter", { email: "tls@example.com" }, { ...headers, origin: "https://arcbyte.in.evil.example" })).statusCode).toBe(403);
  });

  test("a client that is no browser page (no Sec-Fetch-Site, no Origin) is accepted", async () => {
    expect((await post(t, "/api/newsletter", { email: "curl@example.com" })).statusCode).toBe(200);
  });
});

describe("rate limit per client IP", () => {
  let t: TestApp;
  beforeAll(async () => (t = await startFormsApp({ formRateLimit: 3 })));
  afterAll(() => t.close());

  test("the fourth submission in a minute, to any form, gets 429 JSON with Retry-After, and is not stored", async () => {
    for (let i = 0; i < 3; i++) expect((await post(t, "/api/newsletter", { email: `r${i}@example.com` })).statusCode).toBe(200);
    // Other /api requests spend nothing.
    expect((await t.app.inject({ method: "GET", url: "/api/newsletter" })).statusCode).toBe(405);
    const response = await post(t, "/api/contact", validContact);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(expectJsonAnswer(response)).toEqual(refusalOf(errors.FormRateLimited));
    expect(await countRows(t.app.storage.db)).toEqual({ submissions: 3, outbox: 0, byForm: { newsletter: 3 } });
  });

  test("a browser without JavaScript over the limit gets the result page, with Retry-After", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: "email=late%40example.com",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain(`<p>${errors.FormRateLimited().message}</p>`);
  });

  test("behind the local proxy, each forwarded client has its own budget", async () => {
    const response = await post(t, "/api/newsletter", { email: "other@example.com" }, { "x-forwarded-for": "203.0.113.7" });
    expect(response.statusCode).toBe(200);
  });

  test("a client that is not the proxy cannot escape the limit with X-Forwarded-For", async () => {
    const from = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/newsletter",
        remoteAddress: "198.51.100.1",
        payload: JSON.stringify({ email: `spoof${i}@example.com` }),
        headers: { ...json, "x-forwarded-for": `203.0.113.${100 + i}` },
      });
    for (let i = 0; i < 3; i++) expect((await from(i)).statusCode).toBe(200);
    expect((await from(3)).statusCode).toBe(429);
  });

  test("FORM_RATE_LIMIT=0 switches it off", async () => {
    const open = await startFormsApp({ formRateLimit: 0 });
    try {
      const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => post(open, "/api/newsletter", { email: `many${i}@example.com` }).then((r) => r.statusCode)));
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await open.close();
    }
  });
});

describe("the rest of /api and the answers' headers", () => {
  let t: TestApp;
  beforeAll(async () => (t = await startFormsApp()));
  afterAll(() => t.close());

  test("an unknown API path answers 404 JSON with a code of its own, not the site's HTML page", async () => {
    for (const [method, url] of [["GET", "/api/subscribe"], ["GET", "/api/nothing/here"], ["POST", "/api/admin/posts"], ["DELETE", "/api/contact/1"]] as const) {
      const response = await t.app.inject({ method, url, ...(method === "POST" && { payload: "{}", headers: json }) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(expectJsonAnswer(response)).toEqual(refusalOf(errors.ApiNotFound));
    }
  });

  test("a form posted to an address no form has is a form not found", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/subscribe", payload: "{}", headers: json });
    expect(response.statusCode).toBe(404);
    expect(expectJsonAnswer(response)).toEqual(refusalOf(errors.FormNotFound));
  });

  test("GET on a form endpoint answers 405 with Allow: POST", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/contact" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(expectJsonAnswer(response).error).toBe(errors.FormMethodNotAllowed().message);
  });

  test("answers carry the site's security headers and no CORS headers", async () => {
    const response = await post(t, "/api/newsletter", { email: "headers@example.com" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("pages are still served by the site", async () => {
    const response = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("a form posted by a browser without JavaScript (urlencoded)", () => {
  let t: TestApp;
  beforeEach(async () => (t = await startFormsApp()));
  afterEach(() => t.close());
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", referer: "http://localhost:80/contact", host: "localhost:80", ...headers },
    });

  test("is validated and stored like JSON, and answered with a page saying so, linking back", async () => {
    const response = await form({ ...validContact, [HONEYPOT]: "" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("<h1>Message Sent!</h1>");
    expect(response.body).toContain("Thank you for your message. We&#39;ll get back to you within 24 hours.");
    expect(response.body).toContain('href="/contact"');
    expect((await countRows(t.app.storage.db)).byForm).toEqual({ contact: 1 });
  });

  test("missing required fields: 400 page naming them, nothing stored", async () => {
    const response = await form({ name: "", email: "", message: "" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("<h1>Validation Error</h1>");
    expect(response.body).toContain("<li>Full Name: Please fill in all required fields.</li>");
    expect(response.body).toContain("Back to the form");
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });

  test("markup in the values is escaped on the page", async () => {
    const response = await form({ name: "<script>alert(1)</script>", email: "not-an-email", message: "hi" });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain("<script>");
  });

  /** The result page for a refusal: its status, the Error title, the catalogue's message, nothing stored. */
  const expectRefusalPage = async (response: LightMyRequestResponse, kind: FormRefusalKind, title = "Error") => {
    const error = kind();
    expect(response.statusCode).toBe(formStatus[kind.code]);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain(`<h1>${title}</h1>`);
    expect(response.body).toContain(`<p>${error.message.replace(/'/g, "&#39;").replace(/"/g, "&quot;")}</p>`);
    expect(response.body).toContain("Back to the form");
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  };

  test("from another site: refused with the result page, nothing stored", async () => {
    await expectRefusalPage(await form(validContact, { "sec-fetch-site": "cross-site" }), errors.FormCrossSite);
  });

  test("larger than the form can be: the result page, not JSON", async () => {
    await expectRefusalPage(await form({ ...validContact, message: "x".repeat(100_000) }), errors.FormTooLarge);
  });

  test("a form posted as multipart or text/plain (an enctype on the page): the result page says 415", async () => {
    const navigate = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const multipart = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nPriya\r\n--x--',
      headers: { "content-type": "multipart/form-data; boundary=x", ...navigate },
    });
    await expectRefusalPage(multipart, errors.FormUnsupportedMediaType);
    // An older browser without Fetch metadata still asks for HTML first.
    const plain = await t.app.inject({ method: "POST", url: "/api/contact", payload: "name=Priya", headers: { "content-type": "text/plain", accept: "text/html,*/*" } });
    await expectRefusalPage(plain, errors.FormUnsupportedMediaType);
  });

  test.each([
    ["a broken escape", "name=Priya%E0%A4&email=priya%40example.com&message=Hi"],
    ["bytes that are not UTF-8", "name=Priya%FF&email=priya%40example.com&message=Hi"],
  ])("%s: the result page says the form could not be read", async (_name, payload) => {
    const response = await t.app.inject({ method: "POST", url: "/api/contact", payload, headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:80" } });
    await expectRefusalPage(response, errors.FormMalformedUrlencoded);
  });

  test("a field sent twice: the result page names it", async () => {
    const payload = "name=Priya&name=Mallory&email=priya%40example.com&message=Hi";
    const response = await t.app.inject({ method: "POST", url: "/api/contact", payload, headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:80" } });
    await expectRefusalPage(response, Object.assign(() => errors.FormFieldRepeated("name"), { code: errors.FormFieldRepeated.code }));
  });

  test("a message of 5,000 Hindi characters fits, percent-encoded as a browser sends it (9 bytes a character)", async () => {
    const values = { ...validContact, name: "न".repeat(200), company: "क".repeat(200), message: "अ".repeat(5000), [HONEYPOT]: "" };
    const payload = new URLSearchParams(values).toString();
    expect(payload.length).toBeGreaterThan(45_000);
    const response = await t.app.inject({ method: "POST", url: "/api/contact", payload, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>Message Sent!</h1>");
    const [row] = await submissionsOf(t.app.storage.db, "contact");
    expect(row?.values.message).toBe(values.message);
  });

  test("a Referer from another site is never linked back to", async () => {
    const response = await form(validContact, { referer: "https://evil.example/phish" });
    expect(response.body).toContain('href="/"');
    expect(response.body).not.toContain("evil.example");
  });
});

describe("logs", () => {
  test("never contain bodies, names, emails, phones or raw IPs", async () => {
    const t = await startFormsApp({ formRateLimit: 2 });
    try {
      await post(t, "/api/contact", validContact);
      await post(t, "/api/careers", validCareers, { "x-forwarded-for": "203.0.113.9" });
      await post(t, "/api/contact", { ...validContact, email: "broken" });
      await post(t, "/api/contact", { ...validContact, [HONEYPOT]: "spam" }); // honeypot, then rate limited
      await post(t, "/api/newsletter", { email: "reader@example.com" }); // rate limited
      const logs = t.logs.join("\n");
      expect(logs).toContain('"url":"/api/contact"');
      for (const secret of [
        validContact.name,
        validContact.email,
        validContact.phone,
        validContact.company,
        validContact.message,
        validCareers.name,
        validCareers.email,
        "reader@example.com",
        "127.0.0.1",
        "203.0.113.9",
      ]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});

describe("which forms are served", () => {
  test("a form whose endpoint points elsewhere is not answered here", async () => {
    const manifest = contentFormsManifest();
    const newsletter = manifest.forms.find((f) => f.id === "newsletter")!;
    newsletter.endpoint = "https://lists.example.com/subscribe";
    const buildDir = makeTestBuild(manifest);
    const t = await startFormsApp({ buildDir });
    try {
      expect((await post(t, "/api/newsletter", { email: "a@example.com" })).statusCode).toBe(404);
      expect((await post(t, "/api/contact", validContact)).statusCode).toBe(200);
    } finally {
      await t.close();
      rmSync(buildDir, { recursive: true, force: true });
    }
  });
});

describe("when storage fails", () => {
  test("the answer is a 500 JSON failure, never a success, and nothing about the person is logged", async () => {
    const t = await startFormsApp();
    try {
      await t.app.storage.db.schema.dropTable("submissions").execute();
      const response = await post(t, "/api/contact", validContact);
      expect(response.statusCode).toBe(500);
      expect(expectJsonAnswer(response)).toEqual(refusalOf(errors.FormNotSaved));
      expect(t.logs.join("\n")).not.toContain(validContact.email);
    } finally {
      await t.close();
    }
  });
});
