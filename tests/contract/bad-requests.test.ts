/**
 * The bad-request corpus: requests an attacker, a broken client or an unlucky network sends,
 * over real TCP to the real server (tests/contract/raw-http.ts writes the bytes), on SQLite
 * and on PostgreSQL. Each has its expected answer: a JSON post gets 4xx JSON with the error's
 * code, a browser's own (urlencoded) post the result page, a path the 404 page; never a 5xx,
 * nothing stored for anything refused, and the site still serving afterwards.
 *
 * Every case comes from its own client address (X-Forwarded-For, believed from this loopback
 * "proxy"), so the rate limit (3 a minute here) meets only the case that is about it.
 */
import type { AddressInfo } from "node:net";
import { countRows } from "../../server/storage/submissions.ts";
import { formStatus } from "../../server/plugins/form-refusals.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { type ApiErrorCode, HONEYPOT } from "../../src/forms/values.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { nothingStored, startFormsApp, type TestApp, validCareers, validContact } from "./forms-harness.ts";
import { exchange, head, type Part, type RawResponse, trickle } from "./raw-http.ts";

/** A Form* entry of the catalogue, such as errors.FormCrossSite, or ApiNotFound. */
type FormError = { code: ApiErrorCode };

type Expected =
  /** 4xx JSON `{ success: false, code, error }` with this catalogue entry. */
  | { json: FormError }
  /** The form result page a browser without JavaScript shows, for this entry. */
  | { page: FormError }
  /** The site's not-found page. */
  | { notFound: true }
  /** A safe redirect on this site. */
  | { redirect: string }
  /** Answered before any route (Node's parser and limits): just this 4xx, and the connection closed. */
  | { status: number; closed?: boolean };

interface Case {
  name: string;
  /** Requests sent first from the same client (the rate limit's budget). */
  before?: Part[][];
  parts: Part[];
  expected: Expected;
}

const LIMITS = { headers: 1_000, request: 3_000, formBody: 1_000, idle: 3_000, keepAlive: 1_000, checkEvery: 200 };
const RATE_LIMIT = 3;
const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
const NAVIGATE = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

let clients = 0;
/** A client address of its own for each request. */
const from = () => {
  clients++;
  return { "x-forwarded-for": `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` };
};
const request = (method: string, target: string, headers: Record<string, string> = {}, body?: string): Part[] => [head(method, target, { ...from(), ...headers }, body), ...(body === undefined ? [] : [body])];
const postJson = (target: string, body: unknown, headers: Record<string, string> = {}) =>
  request("POST", target, { ...JSON_TYPE, ...headers }, typeof body === "string" ? body : JSON.stringify(body));
const postForm = (target: string, fields: Record<string, string> | string, headers: Record<string, string> = {}) =>
  request("POST", target, { ...FORM_TYPE, ...headers }, typeof fields === "string" ? fields : new URLSearchParams(fields).toString());
const contact = (patch: Record<string, unknown>) => ({ ...validContact, ...patch });
const careers = (patch: Record<string, unknown>) => ({ ...validCareers, ...patch });
const get = (target: string, headers: Record<string, string> = {}) => request("GET", target, headers);

const invalid = { json: errors.FormInvalidValues };
const cases: Case[] = [
  // ---- JSON bodies that are not one object of the form's fields ----
  { name: "JSON: malformed", parts: postJson("/api/contact", "{bad"), expected: { json: errors.FormMalformedJson } },
  { name: "JSON: truncated", parts: postJson("/api/contact", '{"name": "Priya"'), expected: { json: errors.FormMalformedJson } },
  { name: "JSON: an object followed by garbage", parts: postJson("/api/contact", "{} trailing"), expected: { json: errors.FormMalformedJson } },
  { name: "JSON: empty body", parts: postJson("/api/contact", ""), expected: { json: errors.FormEmptyBody } },
  { name: "JSON: null", parts: postJson("/api/contact", "null"), expected: { json: errors.FormNotAnObject } },
  { name: "JSON: an array of the form", parts: postJson("/api/contact", [validContact]), expected: { json: errors.FormNotAnObject } },
  { name: "JSON: a string", parts: postJson("/api/newsletter", '"a@example.com"'), expected: { json: errors.FormNotAnObject } },
  { name: "JSON: a number", parts: postJson("/api/newsletter", "1e999999"), expected: { json: errors.FormNotAnObject } },
  { name: "JSON: bytes that are not UTF-8", parts: [head("POST", "/api/newsletter", { ...from(), ...JSON_TYPE, "content-length": "15" }), Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('"}')])], expected: { json: errors.FormMalformedJson } },
  { name: "JSON: a field written twice (JSON.parse would keep the second)", parts: postJson("/api/newsletter", '{"email": "a@example.com", "email": "b@example.com"}'), expected: { json: errors.FormFieldRepeated } },
  { name: "prototype key: __proto__", parts: postJson("/api/contact", '{"__proto__": {"isAdmin": true}, "name": "Priya"}'), expected: { json: errors.FormMalformedJson } },
  { name: "prototype key: nested __proto__", parts: postJson("/api/contact", '{"name": {"__proto__": {"polluted": 1}}}'), expected: { json: errors.FormMalformedJson } },
  { name: "prototype key: constructor.prototype", parts: postJson("/api/contact", '{"constructor": {"prototype": {"polluted": 1}}}'), expected: { json: errors.FormMalformedJson } },
  { name: "prototype key: constructor as a field", parts: postJson("/api/contact", contact({ constructor: "x" })), expected: { json: errors.FormUnknownFields } },
  { name: "unknown field", parts: postJson("/api/contact", contact({ isAdmin: true })), expected: { json: errors.FormUnknownFields } },
  { name: "unknown fields on the newsletter", parts: postJson("/api/newsletter", { email: "a@example.com", name: "A", list: "all" }), expected: { json: errors.FormUnknownFields } },
  { name: "wrong type: a number", parts: postJson("/api/contact", contact({ phone: 9876543210 })), expected: invalid },
  { name: "wrong type: an array", parts: postJson("/api/contact", contact({ name: ["Priya", "Sharma"] })), expected: invalid },
  { name: "wrong type: an object", parts: postJson("/api/newsletter", { email: { address: "a@example.com" } }), expected: invalid },
  { name: "wrong type: null", parts: postJson("/api/contact", contact({ company: null })), expected: invalid },
  { name: "wrong type: a boolean", parts: postJson("/api/careers", careers({ message: true })), expected: invalid },
  { name: "wrong type: deeply nested arrays", parts: postJson("/api/contact", `{"message": ${"[".repeat(5000)}${"]".repeat(5000)}}`), expected: { json: errors.FormRequiredMissing } },
  { name: "required: an empty object", parts: postJson("/api/careers", {}), expected: { json: errors.FormRequiredMissing } },
  { name: "required: whitespace only", parts: postJson("/api/contact", contact({ name: " \t\u00a0 " })), expected: { json: errors.FormRequiredMissing } },
  { name: "too long: a 201-character name", parts: postJson("/api/contact", contact({ name: "n".repeat(201) })), expected: invalid },
  { name: "too long: a 5,001-character message", parts: postJson("/api/careers", careers({ message: "m".repeat(5001) })), expected: invalid },
  { name: "email: two addresses", parts: postJson("/api/contact", contact({ email: "a@example.com, victim@example.org" })), expected: invalid },
  { name: "email: CRLF and a Bcc header", parts: postJson("/api/contact", contact({ email: "a@example.com\r\nBcc: victim@example.org" })), expected: invalid },
  { name: "issue 13.3: a tab in the contact name", parts: postJson("/api/contact", contact({ name: "Priya\tSharma" })), expected: invalid },
  { name: "issue 13.3: a tab in the careers position", parts: postJson("/api/careers", careers({ position: "Frontend\tDeveloper" })), expected: invalid },
  { name: "issue 13.3: U+0085 in a name", parts: postJson("/api/careers", careers({ name: "Arjun\u0085Mehta" })), expected: invalid },
  { name: "issue 13.3: U+2028 in a position", parts: postJson("/api/careers", careers({ position: "Developer\u2028Bcc: x@example.org" })), expected: invalid },
  { name: "issue 13.3: U+2029 in a company", parts: postJson("/api/contact", contact({ company: "Acme\u2029Ltd" })), expected: invalid },
  { name: "control: NUL in a message", parts: postJson("/api/contact", contact({ message: "a\u0000b" })), expected: invalid },
  { name: "control: a terminal escape in a message", parts: postJson("/api/contact", contact({ message: "\u001b[2J" })), expected: invalid },
  { name: "an option not on the list", parts: postJson("/api/contact", contact({ service: "Something else" })), expected: invalid },
  { name: "honeypot of the wrong type", parts: postJson("/api/contact", contact({ [HONEYPOT]: 1 })), expected: invalid },

  // ---- Size and time ----
  { name: "oversized: a 1 MB JSON body", parts: postJson("/api/contact", contact({ message: "x".repeat(1_000_000) })), expected: { json: errors.FormTooLarge } },
  {
    name: "oversized: 100 KB sent chunked, with no length",
    parts: [head("POST", "/api/newsletter", { ...from(), ...JSON_TYPE, "transfer-encoding": "chunked" }), `186a0\r\n${"x".repeat(100_000)}\r\n0\r\n\r\n`],
    expected: { json: errors.FormTooLarge },
  },
  { name: "slow: a JSON body a byte every 200 ms", parts: trickle(head("POST", "/api/contact", { ...from(), ...JSON_TYPE }, JSON.stringify(validContact)), JSON.stringify(validContact), 200), expected: { json: errors.FormTimeout } },
  { name: "slow: a body that never comes", parts: [head("POST", "/api/newsletter", { ...from(), ...JSON_TYPE, "content-length": "40" }), { wait: 5_000 }], expected: { json: errors.FormTimeout } },
  { name: "slow: headers a byte every 100 ms", parts: trickle("", head("POST", "/api/contact", { ...from(), ...JSON_TYPE, "x-padding": "p".repeat(40) }), 100), expected: { status: 408, closed: true } },
  { name: "headers: 20 KB of them", parts: get("/", { "x-padding": "p".repeat(20_000) }), expected: { status: 431, closed: true } },

  // ---- Headers: content types, other sites, look-alike origins ----
  { name: "content type: text/plain", parts: request("POST", "/api/contact", { "content-type": "text/plain" }, JSON.stringify(validContact)), expected: { json: errors.FormUnsupportedMediaType } },
  { name: "content type: none", parts: request("POST", "/api/newsletter", {}, '{"email":"a@example.com"}'), expected: { json: errors.FormUnsupportedMediaType } },
  { name: "content type: application/xml", parts: request("POST", "/api/contact", { "content-type": "application/xml" }, "<contact/>"), expected: { json: errors.FormUnsupportedMediaType } },
  { name: "content type: a JSON look-alike", parts: request("POST", "/api/contact", { "content-type": "application/json-patch+json" }, "[]"), expected: { json: errors.FormUnsupportedMediaType } },
  { name: "cross-site: Sec-Fetch-Site cross-site", parts: postJson("/api/contact", validContact, { "sec-fetch-site": "cross-site" }), expected: { json: errors.FormCrossSite } },
  { name: "cross-site: Sec-Fetch-Site same-site (a sibling subdomain)", parts: postJson("/api/newsletter", { email: "a@example.com" }, { "sec-fetch-site": "same-site" }), expected: { json: errors.FormCrossSite } },
  { name: "cross-site: Origin of another site", parts: postJson("/api/contact", validContact, { origin: "https://evil.example" }), expected: { json: errors.FormCrossSite } },
  { name: "look-alike origin: the site's name under another domain", parts: postJson("/api/contact", validContact, { host: "www.arcbyte.in", origin: "https://www.arcbyte.in.evil.example" }), expected: { json: errors.FormCrossSite } },
  { name: "look-alike origin: the site as a user name", parts: postJson("/api/contact", validContact, { host: "www.arcbyte.in", origin: "https://www.arcbyte.in@evil.example" }), expected: { json: errors.FormCrossSite } },
  { name: "look-alike origin: a lookalike letter", parts: postJson("/api/contact", validContact, { host: "www.arcbyte.in", origin: "https://www.arcbyte.xn--n-0ya" }), expected: { json: errors.FormCrossSite } },
  { name: "look-alike origin: another port", parts: postJson("/api/careers", validCareers, { host: "127.0.0.1", origin: "http://127.0.0.1:8080" }), expected: { json: errors.FormCrossSite } },
  { name: "look-alike origin: http for an https site", parts: postJson("/api/contact", validContact, { host: "www.arcbyte.in", origin: "http://www.arcbyte.in:443" }), expected: { json: errors.FormCrossSite } },
  { name: "origin: null (a sandboxed frame)", parts: postJson("/api/careers", validCareers, { origin: "null" }), expected: { json: errors.FormCrossSite } },
  { name: "origin: garbage", parts: postJson("/api/newsletter", { email: "a@example.com" }, { origin: "javascript:alert(1)" }), expected: { json: errors.FormCrossSite } },
  {
    name: "rate limit: the fourth post a minute from one client",
    before: Array.from({ length: RATE_LIMIT }, () => postJson("/api/newsletter", {}, { "x-forwarded-for": "10.200.0.1" })),
    parts: postJson("/api/newsletter", { email: "late@example.com" }, { "x-forwarded-for": "10.200.0.1" }),
    expected: { json: errors.FormRateLimited },
  },

  // ---- Methods and API paths ----
  { name: "method: GET on a form", parts: get("/api/contact"), expected: { json: errors.FormMethodNotAllowed } },
  { name: "method: PUT on a form", parts: request("PUT", "/api/contact", JSON_TYPE, JSON.stringify(validContact)), expected: { json: errors.FormMethodNotAllowed } },
  { name: "method: DELETE on a form", parts: request("DELETE", "/api/newsletter"), expected: { json: errors.FormMethodNotAllowed } },
  { name: "method: PATCH on a form", parts: request("PATCH", "/api/careers", JSON_TYPE, "{}"), expected: { json: errors.FormMethodNotAllowed } },
  { name: "method: OPTIONS (a CORS preflight from another site)", parts: request("OPTIONS", "/api/contact", { origin: "https://evil.example", "access-control-request-method": "POST" }), expected: { json: errors.FormMethodNotAllowed } },
  { name: "method: an unknown one", parts: request("FOO", "/api/contact"), expected: { status: 400, closed: true } },
  { name: "API path: no such form", parts: postJson("/api/subscribe", { email: "a@example.com" }), expected: { json: errors.FormNotFound } },
  { name: "API path: the admin's, on a public server", parts: postJson("/api/admin/posts", { title: "x" }), expected: { json: errors.ApiNotFound } },
  { name: "API path: traversal out of /api", parts: postJson("/api/../api/contact/..%2f..%2fadmin", {}), expected: { json: errors.ApiNotFound } },
  { name: "API path: asked for with GET", parts: get("/api/nothing-here"), expected: { json: errors.ApiNotFound } },

  // ---- A browser's own post (no JavaScript): the result page, whatever is wrong ----
  { name: "no-JS: a tab in the name", parts: postForm("/api/contact", { ...validContact, name: "Priya\tSharma" }), expected: { page: errors.FormInvalidValues } },
  { name: "no-JS: required fields left empty", parts: postForm("/api/careers", { name: "", email: "", position: "" }), expected: { page: errors.FormRequiredMissing } },
  { name: "no-JS: an unknown field", parts: postForm("/api/newsletter", { email: "a@example.com", isAdmin: "1" }), expected: { page: errors.FormUnknownFields } },
  { name: "no-JS: a __proto__ field", parts: postForm("/api/newsletter", "email=a%40example.com&__proto__=x"), expected: { page: errors.FormUnknownFields } },
  { name: "no-JS: a broken escape", parts: postForm("/api/contact", "name=Priya%E0%A4&email=priya%40example.com&message=Hi"), expected: { page: errors.FormMalformedUrlencoded } },
  { name: "no-JS: bytes that are not UTF-8", parts: postForm("/api/contact", "name=%FF%FE&email=priya%40example.com&message=Hi"), expected: { page: errors.FormMalformedUrlencoded } },
  { name: "no-JS: a field sent twice", parts: postForm("/api/newsletter", "email=a%40example.com&email=b%40example.com"), expected: { page: errors.FormFieldRepeated("email") } },
  { name: "no-JS: posted from another site", parts: postForm("/api/contact", validContact, { "sec-fetch-site": "cross-site", ...NAVIGATE }), expected: { page: errors.FormCrossSite } },
  { name: "no-JS: larger than the form can be", parts: postForm("/api/contact", { ...validContact, message: "अ".repeat(20_000) }), expected: { page: errors.FormTooLarge } },
  { name: "no-JS: a multipart form", parts: request("POST", "/api/contact", { "content-type": "multipart/form-data; boundary=x", ...NAVIGATE }, '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nPriya\r\n--x--\r\n'), expected: { page: errors.FormUnsupportedMediaType } },
  { name: "no-JS: sent a byte every 200 ms", parts: trickle(head("POST", "/api/newsletter", { ...from(), ...FORM_TYPE }, "email=slow%40example.com"), "email=slow%40example.com", 200), expected: { page: errors.FormTimeout } },
  {
    name: "no-JS: the fourth post a minute from one client",
    before: Array.from({ length: RATE_LIMIT }, () => postForm("/api/newsletter", { email: "" }, { "x-forwarded-for": "10.200.0.2" })),
    parts: postForm("/api/newsletter", { email: "late@example.com" }, { "x-forwarded-for": "10.200.0.2" }),
    expected: { page: errors.FormRateLimited },
  },

  // ---- Paths: the 404 page, never a redirect to another site, never a 500 ----
  { name: "issue 13.1: /%2Fevil.example/ (an encoded slash)", parts: get("/%2Fevil.example/"), expected: { notFound: true } },
  { name: "issue 13.1: /%5Cevil.example/ (an encoded backslash)", parts: get("/%5Cevil.example/"), expected: { notFound: true } },
  { name: "issue 13.1: /\\evil.example/ (a raw backslash)", parts: get("/\\evil.example/"), expected: { notFound: true } },
  { name: "//evil.example/", parts: get("//evil.example/"), expected: { notFound: true } },
  { name: "issue 13.2: //", parts: get("//"), expected: { notFound: true } },
  { name: "issue 13.2: /%E2%82%AC/ redirects to itself, encoded", parts: get("/%E2%82%AC/"), expected: { redirect: "/%E2%82%AC" } },
  { name: "issue 13.2: CR LF and a Set-Cookie in the path", parts: get("/a%0D%0ASet-Cookie:%20x=1/"), expected: { notFound: true } },
  { name: "traversal: /../../etc/passwd", parts: get("/../../etc/passwd"), expected: { notFound: true } },
  { name: "traversal: encoded dots", parts: get("/%2e%2e/%2e%2e/etc/passwd"), expected: { notFound: true } },
  { name: "traversal: encoded slashes", parts: get("/..%2f..%2fpackage.json"), expected: { notFound: true } },
  { name: "traversal: from the assets", parts: get("/assets/..%2F..%2Fforms.json"), expected: { notFound: true } },
  { name: "traversal: the build's own files", parts: get("/../forms.json"), expected: { notFound: true } },
  { name: "path: NUL", parts: get("/favicon.svg%00.html"), expected: { notFound: true } },
  { name: "path: a broken escape", parts: get("/%zz"), expected: { notFound: true } },
  { name: "path: half a UTF-8 character", parts: get("/%E2%82"), expected: { notFound: true } },
  { name: "path: raw bytes that are not ASCII", parts: [Buffer.concat([Buffer.from("GET /caf"), Buffer.from([0xc3, 0xa9]), Buffer.from(`/ HTTP/1.1\r\nhost: 127.0.0.1\r\nx-forwarded-for: 10.201.0.1\r\n\r\n`)])], expected: { status: 400, closed: true } },
  { name: "path: very long (8,000 characters)", parts: get(`/${"a".repeat(8_000)}`), expected: { notFound: true } },
  { name: "path: very long (2,000 segments)", parts: get(`/${"a/".repeat(2_000)}b`), expected: { notFound: true } },
  { name: "path: longer than the server reads (20,000 characters)", parts: get(`/${"a".repeat(20_000)}`), expected: { status: 431, closed: true } },
  { name: "path: absolute form naming another host", parts: get("http://evil.example/%2Fevil.example/"), expected: { notFound: true } },
  { name: "path: a page posted to", parts: postJson("/contact", validContact), expected: { notFound: true } },
  { name: "path: a page deleted", parts: request("DELETE", "/about"), expected: { notFound: true } },
];

function expectAnswer(response: RawResponse, expected: Expected) {
  expect(response.status, response.body.slice(0, 300)).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(500);
  if ("json" in expected) {
    expect(response.status).toBe(formStatus[expected.json.code]);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, code: expected.json.code, error: expect.any(String) });
  } else if ("page" in expected) {
    expect(response.status).toBe(formStatus[expected.page.code]);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<h1>(Error|Validation Error)<\/h1>/);
    expect(response.body).toContain("Back to the form");
    if (expected.page.code !== errors.FormRequiredMissing.code && expected.page.code !== errors.FormInvalidValues.code && expected.page.code !== errors.FormUnknownFields.code) {
      // The others take no details (their message is fixed), or the case made its error with them.
      const { message } = "message" in expected.page ? (expected.page as ErrorData) : (errors[expected.page.code] as unknown as () => ErrorData)();
      expect(response.body).toContain(message.replace(/'/g, "&#39;").replace(/"/g, "&quot;"));
    }
  } else if ("notFound" in expected) {
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("<h1>Not found</h1>");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers.location).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();
  } else if ("redirect" in expected) {
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(expected.redirect);
  } else {
    expect(response.status).toBe(expected.status);
    if (expected.closed) expect(response.closed).toBe(true);
  }
}

describeOnEachDatabase("the bad-request corpus on $name", (target) => {
  let t: TestApp;
  let port: number;
  const database = groupDatabase(target);
  beforeAll(async () => {
    t = await startFormsApp({ formRateLimit: RATE_LIMIT, timeouts: LIMITS, databaseUrl: database.url });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => t?.close());

  test(`has at least 60 requests (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  test.each(cases)("$name", async ({ before = [], parts, expected }) => {
    for (const earlier of before) expect((await exchange(port, earlier)).status).toBe(400);
    // Wait for the close only where the case is about it (Node answers, then hangs up).
    const response = await exchange(port, parts, { keepOpen: "status" in expected && expected.closed ? 2_000 : 0 });
    expectAnswer(response, expected);
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });

  test("and then the site still serves: pages, and a good submission of each kind, stored", async () => {
    expectAnswer(await exchange(port, get("/no-such-page")), { notFound: true });
    for (const [target, body] of [["/api/contact", validContact], ["/api/careers", validCareers], ["/api/newsletter", { email: "after.all@example.com" }]] as const) {
      const response = await exchange(port, postJson(target, body));
      expect(response.status, target).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ success: true });
    }
    const page = await exchange(port, postForm("/api/newsletter", { email: "no.js@example.com" }));
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1>Subscribed!</h1>");
    expect(await countRows(t.app.storage.db)).toEqual({ submissions: 4, outbox: 2, byForm: { newsletter: 2, contact: 1, careers: 1 } });
  });
});
