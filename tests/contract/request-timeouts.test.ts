/**
 * Request time limits on the real server over TCP (short limits, so the test is quick): a
 * client that sends its body or its headers a byte at a time, or holds a connection open
 * and idle, loses it; a form gets its own answer (408 JSON, or the result page); nothing is
 * stored, and the site goes on serving.
 */
import type { AddressInfo } from "node:net";
import { countRows } from "../../server/storage/submissions.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { nothingStored, startFormsApp, type TestApp, validContact } from "./forms-harness.ts";
import { exchange, head, trickle } from "./raw-http.ts";

const LIMITS = { headers: 600, request: 2_000, formBody: 800, idle: 2_000, keepAlive: 300, checkEvery: 100 };
// A limit is met when the answer comes after it and well before the client would have finished.
const SLACK = 700;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startFormsApp({ timeouts: LIMITS });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
});

const json = JSON.stringify(validContact);
const form = new URLSearchParams(validContact).toString();

test("a JSON body sent a byte every 100 ms is cut off at the form's limit: 408 JSON, connection closed", async () => {
  const response = await exchange(port, trickle(head("POST", "/api/contact", { "content-type": "application/json" }, json), json, 100), { keepOpen: 1_000 });
  expect(response.status).toBe(408);
  expect(JSON.parse(response.body)).toEqual({ success: false, code: errors.FormTimeout.code, error: errors.FormTimeout().message });
  expect(response.closed).toBe(true);
  expect(response.ms).toBeGreaterThanOrEqual(LIMITS.formBody);
  expect(response.ms).toBeLessThan(LIMITS.formBody + SLACK);
});

test("a browser's urlencoded post that trickles in gets the result page with 408", async () => {
  const response = await exchange(port, trickle(head("POST", "/api/contact", { "content-type": "application/x-www-form-urlencoded" }, form), form, 100), { keepOpen: 1_000 });
  expect(response.status).toBe(408);
  expect(response.headers["content-type"]).toMatch(/^text\/html/);
  expect(response.body).toContain(errors.FormTimeout().message);
  expect(response.closed).toBe(true);
});

test("headers sent a byte at a time: 408 at the headers limit, connection closed", async () => {
  const headers = "POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Padding: " + "a".repeat(100) + "\r\n\r\n";
  const response = await exchange(port, trickle("", headers, 50), { keepOpen: 1_000 });
  expect(response.status).toBe(408);
  expect(response.closed).toBe(true);
  expect(response.closedMs).toBeLessThan(LIMITS.headers + LIMITS.checkEvery + SLACK);
});

test("a connection that never sends a byte is closed at the headers limit", async () => {
  const response = await exchange(port, [{ wait: 5_000 }], { keepOpen: 1_000 });
  expect(response.closed).toBe(true);
  expect(response.closedMs).toBeLessThan(LIMITS.headers + LIMITS.checkEvery + SLACK);
});

test("a kept-alive connection left idle after an answer is closed at the keep-alive limit", async () => {
  const response = await exchange(port, [head("GET", "/no-such-page", {})], { keepOpen: 3_000 });
  expect(response.status).toBe(404);
  expect(response.headers.connection).toBe("keep-alive");
  expect(response.closed).toBe(true);
  // Node waits a second longer than it tells the client (Keep-Alive: timeout=...), so the client closes first.
  expect(response.closedMs! - response.ms).toBeLessThan(LIMITS.keepAlive + 1_000 + SLACK);
});

test("a slow body on a path without a form is cut off by the whole-request limit", async () => {
  const body = "x".repeat(100);
  const response = await exchange(port, trickle(head("POST", "/no-such-page", { "content-type": "text/plain" }, body), body, 100), { keepOpen: 5_000 });
  expect(response.closed).toBe(true);
  expect(response.closedMs).toBeLessThan(LIMITS.request + LIMITS.checkEvery + SLACK);
});

test("a form sent at a normal pace is still accepted on the same server", async () => {
  const response = await exchange(port, [head("POST", "/api/newsletter", { "content-type": "application/json" }, '{"email":"on.time@example.com"}'), '{"email":"on.time@example.com"}']);
  expect(response.status).toBe(200);
  await t.app.storage.db.deleteFrom("submissions").execute();
});
