/**
 * The studio's submissions API against the real app on both databases: who may use it, a
 * form's submissions newest first with search and pages, one in full with its files, the
 * CSV export (the command's, formulas defused), and erasing one person's data.
 */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { SUBMISSIONS_PER_PAGE } from "../../schemas/studio-submissions.ts";
import { countRows, storeSubmission } from "../../server/storage/submissions.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { docx } from "./fixtures/documents.ts";
import { contentFormsManifest, json, makeTestBuild, startFormsApp, type TestApp, validCareers, validContact } from "./forms-harness.ts";
import { makeAccount, sessionOf, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const body = (response: { body: string }) => JSON.parse(response.body);
const refusal = (response: { statusCode: number; body: string }) => `${response.statusCode} ${body(response).error.code}`;
const cv = docx();
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const form = (id: string) => contentFormsManifest().forms.find((f) => f.id === id)!;
/** A site in two languages, as build/forms.json lists its locales: the default first. */
const locales = [{ code: "en", name: "English" }, { code: "hi", name: "हिन्दी" }];

describeOnEachDatabase("the studio's submissions on $name", (target) => {
  let t: TestApp;
  let editor: string;
  const database = groupDatabase(target);
  const buildDir = makeTestBuild({ ...contentFormsManifest(), locales });
  beforeAll(async () => {
    t = await startFormsApp({ databaseUrl: database.url, studio: true, buildDir });
    editor = await sessionOf(db(), (await makeAccount(db(), "editor@example.com", "editor")).id);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });
  const db = () => t.app.storage.db;
  const get = (url: string, session = editor) => studio(t, "GET", url, { session });
  const contact = (values: Partial<typeof validContact>) => storeSubmission(db(), form("contact"), { ...validContact, ...values }, { formVersion: "v1" });
  const withCv = (email: string) =>
    storeSubmission(db(), form("careers"), { ...validCareers, email, cv: "Résumé \"final\".docx" }, {
      formVersion: "v1",
      files: [{ field: "cv", name: 'Résumé "final".docx', mediaType: DOCX, size: cv.length, sha256: createHash("sha256").update(cv).digest("hex"), bytes: cv }],
    });

  test("a contributor is refused, and so is no session, on every submissions call", async () => {
    const contributor = await sessionOf(db(), (await makeAccount(db(), "contributor@example.com", "contributor")).id);
    const calls = t.app.studioRoutes.filter((r) => r.url.startsWith("/api/studio/submissions"));
    expect(calls.map((r) => `${r.method} ${r.url} ${r.least}`).sort()).toEqual([
      "GET /api/studio/submissions/:id editor",
      "GET /api/studio/submissions/files/:id editor",
      "GET /api/studio/submissions/forms editor",
      "GET /api/studio/submissions/forms/:form editor",
      "GET /api/studio/submissions/forms/:form/export editor",
      "POST /api/studio/submissions/erase editor",
    ]);
    for (const { method, url } of calls) {
      const path = url.replace(":form", "contact").replace(":id", "0190a0a0-0000-7000-8000-000000000000");
      const call = { ...(method === "POST" && { body: { email: "a@example.com", confirm: "a@example.com" } }) };
      expect(refusal(await studio(t, method as "GET", path, { ...call, session: contributor })), url).toBe("403 StudioForbidden");
      expect(refusal(await studio(t, method as "GET", path, call)), url).toBe("401 StudioSignedOut");
    }
  });

  test("a contact posted through the form API is listed, newest first, and found by a search over its values", async () => {
    const posted = await t.app.inject({ method: "POST", url: "/api/contact", headers: json, payload: JSON.stringify({ ...validContact, name: "Meera Iyer", email: "meera@example.com" }) });
    expect(posted.statusCode).toBe(200);
    await contact({ name: "Older One", email: "older@example.com" });
    await contact({ name: "Newest One", email: "newest@example.com", message: "Ünïcode and MIXED case" });

    const forms = await get("/api/studio/submissions/forms");
    expect(forms.statusCode).toBe(200);
    expect(body(forms).forms).toEqual(expect.arrayContaining([{ id: "contact", count: 3 }, { id: "newsletter", count: 0 }]));

    const all = body(await get("/api/studio/submissions/forms/contact"));
    expect(all).toMatchObject({ form: "contact", total: 3, page: 1, perPage: SUBMISSIONS_PER_PAGE });
    expect(all.submissions.map((s: { values: { name: string } }) => s.values.name)).toEqual(["Newest One", "Older One", "Meera Iyer"]);
    // Posted without ?locale on a site of two languages: the default's.
    expect(all.submissions[2]).toEqual({ id: expect.any(String), email: "meera@example.com", createdAt: expect.any(String), updatedAt: expect.any(String), formVersion: expect.any(String), locale: "en", values: expect.objectContaining({ name: "Meera Iyer" }) });

    const search = async (q: string) => body(await get(`/api/studio/submissions/forms/contact?q=${encodeURIComponent(q)}`)).submissions.map((s: { values: { name: string } }) => s.values.name);
    expect(await search("meera")).toEqual(["Meera Iyer"]);
    expect(await search("  mixed CASE ")).toEqual(["Newest One"]);
    expect(await search("üNÏ")).toEqual(["Newest One"]);
    // The values only: field names and the JSON the values are kept in never match.
    expect(await search("company")).toEqual([]);
    expect(await search('","')).toEqual([]);
  });

  test("pages of 25, the total counting every match", async () => {
    for (let i = 0; i < SUBMISSIONS_PER_PAGE + 2; i++) await storeSubmission(db(), form("newsletter"), { email: `reader${i}@example.com` }, { formVersion: "v1" });
    const first = body(await get("/api/studio/submissions/forms/newsletter"));
    const second = body(await get("/api/studio/submissions/forms/newsletter?page=2"));
    expect([first.total, first.submissions.length, second.submissions.length]).toEqual([27, 25, 2]);
    expect(second.submissions.map((s: { email: string }) => s.email)).toEqual(["reader1@example.com", "reader0@example.com"]);
    const searched = body(await get("/api/studio/submissions/forms/newsletter?q=reader2&page=1"));
    expect([searched.total, searched.submissions.length]).toEqual([8, 8]); // reader2 and reader20 to reader26
    expect(body(await get("/api/studio/submissions/forms/newsletter?page=9")).submissions).toEqual([]);
  });

  test("one submission in full, and its file downloaded as an attachment that is never run", async () => {
    const { id } = await withCv("kiran@example.com");
    const one = await get(`/api/studio/submissions/${id}`);
    expect(one.statusCode).toBe(200);
    const { submission } = body(one);
    expect(submission).toMatchObject({ id, form: "careers", email: "kiran@example.com", values: { name: validCareers.name } });
    expect(submission.files).toEqual([{ id: expect.any(String), field: "cv", name: 'Résumé "final".docx', size: cv.length, media_type: DOCX }]);

    const file = await get(`/api/studio/submissions/files/${submission.files[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(cv)).toBe(true);
    expect(file.headers["content-type"]).toBe(DOCX);
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="R_sum_ _final_.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.docx`);
    expect(file.headers["cache-control"]).toBe("no-store");
  });

  test("the CSV export is the command's, formulas defused, as a download", async () => {
    await contact({ name: '=HYPERLINK("http://evil")', email: "formula@example.com", company: "+1 Co", message: "@SUM(A1)\tand -2" });
    const exported = await get("/api/studio/submissions/forms/contact/export");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported.headers["x-content-type-options"]).toBe("nosniff");
    const lines = exported.body.split("\r\n");
    // The byte-order mark first, as from the command: Excel reads it as UTF-8.
    expect(lines[0]).toBe("\uFEFFcreated_at,updated_at,form_version,page_locale,name,email,phone,company,service,message,consent");
    const row = lines.find((l) => l.includes("formula@example.com"))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain(",'+1 Co,");
    expect(row).toContain(`"'@SUM(A1)\tand -2"`);
    expect(row).not.toMatch(/,[=+@-]/);
  });

  test("a submission sent from a Hindi page keeps its locale: in the list, in full, in the CSV, and the forms name the build's locales", async () => {
    const posted = await t.app.inject({ method: "POST", url: "/api/contact?locale=hi", headers: json, payload: JSON.stringify({ ...validContact, name: "Ananya Rao", email: "ananya@example.com" }) });
    expect(posted.statusCode).toBe(200);
    await contact({ name: "Before Locales", email: "before@example.com" }); // stored without one, as before migration 0013

    expect(body(await get("/api/studio/submissions/forms")).locales).toEqual(locales);
    const listed = body(await get("/api/studio/submissions/forms/contact?q=ananya")).submissions;
    expect(listed.map((s: { locale: string | null }) => s.locale)).toEqual(["hi"]);
    expect(body(await get(`/api/studio/submissions/${listed[0].id}`)).submission).toMatchObject({ email: "ananya@example.com", locale: "hi" });
    const before = body(await get("/api/studio/submissions/forms/contact?q=before@example.com")).submissions[0];
    expect(before.locale).toBeNull();

    const csv = (await get("/api/studio/submissions/forms/contact/export")).body.split("\r\n");
    const column = csv[0]!.split(",").indexOf("page_locale");
    expect(column).toBe(3);
    expect(csv.find((l) => l.includes("ananya@example.com"))!.split(",")[column]).toBe("hi");
    expect(csv.find((l) => l.includes("before@example.com"))!.split(",")[column]).toBe("");
  });

  test("erasing one person's data takes the address typed twice, and removes their files", async () => {
    const { id } = await withCv("Nila@Example.com");
    await contact({ email: "nila@example.com" });
    const before = await countRows(db());
    const differ = await studio(t, "POST", "/api/studio/submissions/erase", { session: editor, body: { email: "nila@example.com", confirm: "nila@example.org" } });
    expect(refusal(differ)).toBe("400 StudioEraseNotConfirmed");
    expect(body(differ).error).toEqual(errors.StudioEraseNotConfirmed());
    expect(await countRows(db())).toEqual(before);

    const erased = await studio(t, "POST", "/api/studio/submissions/erase", { session: editor, body: { email: " NILA@example.com", confirm: "nila@EXAMPLE.com " } });
    expect(erased.statusCode).toBe(200);
    expect(body(erased)).toEqual({ email: "nila@example.com", erased: { forms: { careers: 1, contact: 1 }, files: 1, outbox: 0, purged: true } });
    expect(refusal(await get(`/api/studio/submissions/${id}`))).toBe("404 StudioSubmissionNotFound");
    expect(await db().selectFrom("submission_files").select("id").where("submission_id", "=", id).execute()).toEqual([]);
    expect(t.logs.join("\n")).not.toContain("nila@");
  });

  test("bad input is a 4xx from the catalogue, never a 5xx", async () => {
    for (const [url, expected] of [
      ["/api/studio/submissions/forms/Not!A-Form", "400 StudioBadRequest"],
      ["/api/studio/submissions/forms/nothing-here", "404 StudioFormNotFound"],
      ["/api/studio/submissions/forms/nothing-here/export", "404 StudioFormNotFound"],
      ["/api/studio/submissions/forms/contact?page=0", "400 StudioBadRequest"],
      ["/api/studio/submissions/forms/contact?page=two", "400 StudioBadRequest"],
      ["/api/studio/submissions/forms/contact?admin=1", "400 StudioBadRequest"],
      [`/api/studio/submissions/forms/contact?q=${"x".repeat(201)}`, "400 StudioBadRequest"],
      ["/api/studio/submissions/not-an-id", "404 StudioSubmissionNotFound"],
      ["/api/studio/submissions/0190a0a0-0000-7000-8000-000000000000", "404 StudioSubmissionNotFound"],
      ["/api/studio/submissions/files/'; drop table submissions", "404 StudioFileNotFound"],
      ["/api/studio/submissions/files/0190a0a0-0000-7000-8000-000000000000", "404 StudioFileNotFound"],
    ] as const) {
      expect(refusal(await get(url)), url).toBe(expected);
    }
    for (const payload of [{}, { email: "a@example.com" }, { email: "not an address", confirm: "not an address" }, { email: "a@example.com", confirm: "a@example.com", all: true }]) {
      expect(refusal(await studio(t, "POST", "/api/studio/submissions/erase", { session: editor, body: payload })), JSON.stringify(payload)).toBe("400 StudioBadRequest");
    }
  });
});
