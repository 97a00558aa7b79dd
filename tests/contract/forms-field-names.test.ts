/**
 * Issue 27: a form the checker accepts never loses a submission to a name it shares with the
 * API. The "SEO audit request" form asks for the visitor's `website`, the honeypot's old name:
 * on the real app and a real SQLite database, every way a visitor sends it is stored once
 * with that value, a request without it is refused, and a bot filling the honeypot still is
 * dropped without a word.
 */
import { HONEYPOT } from "../../schemas/form-names.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { countRows } from "../../server/storage/submissions.ts";
import { seoAudit, seoAuditRequest } from "./fixtures/test-forms.ts";
import { browserPost, contentFormsManifest, json, makeTestBuild, nothingStored, startFormsApp, submissionsOf, type TestApp } from "./forms-harness.ts";

let t: TestApp;
beforeAll(async () => {
  const manifest = contentFormsManifest();
  manifest.forms.push(seoAudit);
  t = await startFormsApp({ buildDir: makeTestBuild(manifest) });
});
afterAll(() => t.close());
afterEach(() => t.app.storage.db.deleteFrom("submissions").execute());

const postJson = (body: unknown) => t.app.inject({ method: "POST", url: seoAudit.endpoint, payload: JSON.stringify(body), headers: json });
/** As a browser without JavaScript posts the form: every input, the empty honeypot included. */
const postAsBrowser = (fields: Record<string, string>) => t.app.inject(browserPost(seoAudit.endpoint, new URLSearchParams(fields).toString()));
const stored = async () => (await submissionsOf(t.app.storage.db, seoAudit.id)).map((row) => row.values);

describe("the SEO audit request form (a field named website)", () => {
  test("posted as JSON: stored once, with the website", async () => {
    const response = await postJson(seoAuditRequest);
    expect(response.json()).toEqual({ success: true });
    expect(await stored()).toEqual([seoAuditRequest]);
  });

  test("posted by a browser without JavaScript (urlencoded): stored once, with the website", async () => {
    const response = await postAsBrowser({ ...seoAuditRequest, [HONEYPOT]: "" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>Request sent</h1>");
    expect(await stored()).toEqual([seoAuditRequest]);
  });

  test("without the required website: 400, naming the field, and nothing stored", async () => {
    const { website: _left, ...withoutWebsite } = seoAuditRequest;
    const response = await postJson(withoutWebsite);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: errors.FormRequiredMissing.code,
      error: seoAudit.notices.invalid.description,
      fields: { website: seoAudit.notices.invalid.description },
    });
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });

  test.each([
    ["JSON", () => postJson({ ...seoAuditRequest, [HONEYPOT]: "http://spam.example" })],
    ["urlencoded", () => postAsBrowser({ ...seoAuditRequest, [HONEYPOT]: "http://spam.example" })],
  ])("with the honeypot filled (%s): answered with success, nothing stored", async (_how, send) => {
    expect((await send()).statusCode).toBe(200);
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });
});
