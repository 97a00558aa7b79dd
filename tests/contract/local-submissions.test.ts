/**
 * The Submissions screen's API in local mode (ADMIN=1, server/plugins/local-submissions.ts):
 * the studio's submissions routes under /api/admin/submissions, answering only this computer,
 * from the same origin, with this run's key, like the blog admin's and the editor's local APIs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { countRows, storeSubmission } from "../../server/storage/submissions.ts";
import { contentFormsManifest, makeTestBuild, validContact } from "./forms-harness.ts";

const KEY = "test-admin-key-0123456789abcdef";
const LOCAL = { host: "127.0.0.1:5173", origin: "http://127.0.0.1:5173", "sec-fetch-site": "same-origin", authorization: `Bearer ${KEY}` };
const JSON_LOCAL = { ...LOCAL, "content-type": "application/json" };
const ID = "0190a0a0-0000-7000-8000-000000000000";
const ROUTES = [
  ["GET", "/api/admin/submissions/forms"],
  ["GET", "/api/admin/submissions/forms/contact"],
  ["GET", "/api/admin/submissions/forms/contact/export"],
  ["GET", `/api/admin/submissions/${ID}`],
  ["GET", `/api/admin/submissions/files/${ID}`],
  ["POST", "/api/admin/submissions/erase"],
] as const;
const erasure = { email: "priya.sharma@example.com", confirm: "priya.sharma@example.com" };

/** A site in two languages, as build/forms.json lists them. */
const locales = [{ code: "en", name: "English" }, { code: "hi", name: "हिन्दी" }];
let dir: string;
let buildDir: string;
const apps: FastifyInstance[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "local-submissions-"));
  buildDir = makeTestBuild({ ...contentFormsManifest(), locales });
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  rmSync(dir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = { ADMIN: "1" }) {
  const config = readConfig({ BUILD_DIR: buildDir, DATABASE_URL: `file:${path.join(dir, "site.db")}`, ...env });
  const app = await buildApp(config, { logger: false, apiOnly: true, adminKey: KEY });
  apps.push(app);
  const contact = contentFormsManifest().forms.find((f) => f.id === "contact")!;
  await storeSubmission(app.storage.db, contact, validContact, { formVersion: "v1", locale: "hi" });
  return app;
}

const call = (app: FastifyInstance, [method, url]: (typeof ROUTES)[number], headers: Record<string, string>) =>
  app.inject({ method, url, headers, ...(method === "POST" && { payload: JSON.stringify(erasure) }) });

test("without ADMIN=1 there are no local submissions routes", async () => {
  const app = await start({});
  for (const route of ROUTES) expect((await call(app, route, JSON_LOCAL)).statusCode, route.join(" ")).toBe(404);
});

test("with this run's key, the screen's calls answer: the forms, a form's submissions, its CSV, and an erasure", async () => {
  const app = await start();
  const forms = await app.inject({ method: "GET", url: "/api/admin/submissions/forms", headers: LOCAL });
  expect(forms.statusCode).toBe(200);
  expect(forms.headers["cache-control"]).toBe("no-store");
  expect(forms.json().forms).toContainEqual({ id: "contact", count: 1 });
  expect(forms.json().locales).toEqual(locales);
  const list = await app.inject({ method: "GET", url: "/api/admin/submissions/forms/contact?q=priya", headers: LOCAL });
  expect(list.json()).toMatchObject({ form: "contact", total: 1, submissions: [{ email: "priya.sharma@example.com", locale: "hi" }] });
  const csv = await app.inject({ method: "GET", url: "/api/admin/submissions/forms/contact/export", headers: LOCAL });
  expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"/);
  expect(csv.body).toMatch(/^\uFEFFcreated_at,updated_at,form_version,page_locale,name,/);
  expect(csv.body).toMatch(/\r\n[^,]+,[^,]+,v1,hi,[^\r]*priya\.sharma@example\.com/);
  const erased = await app.inject({ method: "POST", url: "/api/admin/submissions/erase", headers: JSON_LOCAL, payload: JSON.stringify(erasure) });
  expect(erased.statusCode).toBe(200);
  expect(erased.json()).toMatchObject({ email: "priya.sharma@example.com", erased: { forms: { contact: 1 } } });
  expect((await countRows(app.storage.db)).submissions).toBe(0);
});

test.each([
  ["no key", (({ authorization: _, ...rest }) => rest)(JSON_LOCAL), "401 AdminKeyNeeded"],
  ["a key from another run", { ...JSON_LOCAL, authorization: "Bearer an-old-key-from-yesterday-0000" }, "401 AdminKeyNeeded"],
  ["another site", { ...JSON_LOCAL, "sec-fetch-site": "cross-site" }, "403 AdminCrossSite"],
  ["a DNS-rebinding page (foreign Host)", { ...JSON_LOCAL, host: "rebind.evil.example:5173", origin: "http://rebind.evil.example:5173" }, "403 AdminNotLoopbackHost"],
])("every call from %s is refused, and nothing is erased", async (_name, headers, refusal) => {
  const app = await start();
  for (const route of ROUTES) {
    const res = await call(app, route, headers);
    expect(`${res.statusCode} ${res.json().error.code}`, route.join(" ")).toBe(refusal);
    expect(res.headers["cache-control"]).toBe("no-store");
  }
  expect((await countRows(app.storage.db)).submissions).toBe(1);
});

test("a call from another machine is refused (403), and an erasure that is not JSON (415)", async () => {
  const app = await start();
  const remote = await app.inject({ method: "GET", url: "/api/admin/submissions/forms", headers: LOCAL, remoteAddress: "192.168.1.50" });
  expect(`${remote.statusCode} ${remote.json().error.code}`).toBe("403 AdminNotLocal");
  const form = await app.inject({ method: "POST", url: "/api/admin/submissions/erase", headers: { ...LOCAL, "content-type": "text/plain" }, payload: JSON.stringify(erasure) });
  expect(`${form.statusCode} ${form.json().error.code}`).toBe("415 AdminNotJson");
  expect((await countRows(app.storage.db)).submissions).toBe(1);
});
