/**
 * Issue 27's file upload, the careers form's CV, on SQLite and PostgreSQL: a CV is stored in
 * the database with its submission, listed in the export, read back byte for byte, erased
 * and expired with it; every attack on the upload is refused with its own code and stores
 * nothing, never a 5xx.
 */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pruneExpired } from "../../server/storage/retention.ts";
import { countRows, eraseEmail, exportSubmissions, readStoredFile } from "../../server/storage/submissions.ts";
import type { Db } from "../../server/storage/database.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { doc, docx, exe, pdf } from "./fixtures/documents.ts";
import { BOUNDARY, multipartBody, multipartPost, type Part, textParts } from "./fixtures/multipart.ts";
import { projectBrief } from "./fixtures/test-forms.ts";
import { browserPost, contentFormsManifest, json, makeTestBuild, nothingStored, startFormsApp, submissionsOf, type TestApp, validCareers } from "./forms-harness.ts";

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const application = (cv: Part | undefined, values: Record<string, string> = validCareers): Part[] => [...textParts(values), ...(cv ? [cv] : [])];
const cvPart = (bytes: Buffer, filename = "Arjun Mehta CV.pdf", type = "application/pdf"): Part => ({ name: "cv", filename, type, bytes });
const filesStored = async (db: Db) => Number((await db.selectFrom("submission_files").select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow()).n);

describeOnEachDatabase("the careers form's CV on $name", (target) => {
  let t: TestApp;
  const database = groupDatabase(target);
  beforeAll(async () => {
    t = await startFormsApp({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    for (const table of ["outbox", "submission_files", "submissions"] as const) await t.app.storage.db.deleteFrom(table).execute();
  });

  test("a PDF sent with the application is stored with it, listed in the export and read back byte for byte", async () => {
    const bytes = pdf(300_000);
    const response = await t.app.inject(multipartPost("/api/careers", application(cvPart(bytes))));
    expect(response.json()).toEqual({ success: true });
    const db = t.app.storage.db;
    const [stored] = await submissionsOf(db, "careers");
    expect(stored!.values).toEqual({ ...validCareers, cv: "Arjun Mehta CV.pdf" });

    const { rows, columns } = await exportSubmissions(db, "careers", ["name", "email", "position", "cv", "message"]);
    expect(columns).toContain("cv");
    const [, id] = rows[0]!.cv!.match(/^Arjun Mehta CV\.pdf \(300000 bytes, application\/pdf\) file (\S+)$/)!;
    const file = await readStoredFile(db, id!);
    expect(file).toMatchObject({ submission_id: stored!.id, field: "cv", name: "Arjun Mehta CV.pdf", media_type: "application/pdf", size: 300_000, sha256: sha256(bytes) });
    expect(Buffer.compare(file!.bytes, bytes)).toBe(0);
    expect(await countRows(db)).toEqual({ submissions: 1, outbox: 1, byForm: { careers: 1 } });
  });

  test('a name with quotes (which a browser sends as %22) and a backslash is stored as the docs say: each as _, nothing dropped', async () => {
    const response = await t.app.inject(multipartPost("/api/careers", application(cvPart(pdf(), "Arjun %22CV%22 2026\\final.pdf"))));
    expect(response.json()).toEqual({ success: true });
    const [stored] = await submissionsOf(t.app.storage.db, "careers");
    expect(stored!.values.cv).toBe("Arjun _CV_ 2026_final.pdf");
    expect((await t.app.storage.db.selectFrom("submission_files").select("name").executeTakeFirstOrThrow()).name).toBe("Arjun _CV_ 2026_final.pdf");
  });

  test("Word documents, .doc and .docx, are stored as what their bytes are, whatever type the browser claimed", async () => {
    for (const [bytes, filename, mediaType] of [
      [doc(), "cv.doc", "application/msword"],
      [docx(), "cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ] as const) {
      const response = await t.app.inject(multipartPost("/api/careers", application(cvPart(bytes, filename, "application/octet-stream"), { ...validCareers, email: `${filename}@example.com` })));
      expect(response.json(), filename).toEqual({ success: true });
      const file = await t.app.storage.db.selectFrom("submission_files").selectAll().where("name", "=", filename).executeTakeFirstOrThrow();
      expect(file.media_type).toBe(mediaType);
      expect(Buffer.compare(Buffer.from(file.bytes), bytes)).toBe(0);
    }
  });

  test("the CV is optional (the spec's required fields stay name, email and position): without one, as JSON, urlencoded or multipart with no file chosen", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/careers", payload: JSON.stringify(validCareers), headers: json })).json()).toEqual({ success: true });
    const noFileChosen = cvPart(Buffer.alloc(0), "", "application/octet-stream");
    const page = await t.app.inject(multipartPost("/api/careers", application(noFileChosen, { ...validCareers, email: "b@example.com" }), { browser: true }));
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Application Submitted");
    expect((await countRows(t.app.storage.db)).byForm).toEqual({ careers: 2 });
    expect(await filesStored(t.app.storage.db)).toBe(0);
  });

  test("erasure removes the person's CV with their application", async () => {
    await t.app.inject(multipartPost("/api/careers", application(cvPart(pdf()))));
    await t.app.inject(multipartPost("/api/careers", application(cvPart(pdf()), { ...validCareers, email: "someone.else@example.com" })));
    expect(await eraseEmail(t.app.storage.db, validCareers.email)).toEqual({ forms: { careers: 1 }, files: 1, outbox: 1, purged: true });
    const left = await t.app.storage.db.selectFrom("submission_files").innerJoin("submissions", "submissions.id", "submission_files.submission_id").select("submissions.email").execute();
    expect(left).toEqual([{ email: "someone.else@example.com" }]);
  });

  test("retention removes a CV with its application after the careers form's 365 days", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await t.app.inject(multipartPost("/api/careers", application(cvPart(pdf()))));
    await t.app.inject(multipartPost("/api/careers", application(cvPart(pdf()), { ...validCareers, email: "recent@example.com" })));
    const db = t.app.storage.db;
    await db.updateTable("submissions").set({ updated_at: daysAgo(366) }).where("email", "=", validCareers.email).execute();
    expect(await pruneExpired(db, contentFormsManifest().forms, { sentDays: 30, deadDays: 90 })).toEqual({ submissions: { careers: 1 }, files: 1, outbox: 0 });
    expect(await filesStored(db)).toBe(1);
    expect((await submissionsOf(db, "careers")).map((s) => s.email)).toEqual(["recent@example.com"]);
  });

  describe("refused with its own code, storing nothing", () => {
    const refusals: [what: string, status: number, code: string, message: RegExp | undefined, parts: () => Part[]][] = [
      ["a 6 MB file", 413, "FormFileTooLarge", /^CV: the file is larger than 5 MB/, () => application(cvPart(pdf(6 * MB)))],
      ["a program renamed cv.pdf", 415, "FormFileWrongKind", /^CV must be a PDF or Word \(\.doc, \.docx\) document/, () => application(cvPart(exe()))],
      ["a zero-byte file", 400, "FormFileEmpty", /^CV: the file is empty \(0 bytes\)/, () => application(cvPart(Buffer.alloc(0), "cv.pdf"))],
      ["a name with ../", 400, "FormFileNameRefused", /^CV: the file's name/, () => application(cvPart(pdf(), "../../etc/cron.d/cv.pdf"))],
      ["a name with control characters", 400, "FormFileNameRefused", /^CV: the file's name/, () => application(cvPart(pdf(), "cv\u0007\u001b[2J.pdf"))],
      ["a multipart bomb: 5,000 parts", 413, "FormTooManyParts", undefined, () => Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, value: "x" }))],
      ["two files in one field", 413, "FormTooManyParts", undefined, () => [...application(cvPart(pdf())), cvPart(pdf())]],
      ["a field sent twice", 400, "FormFieldRepeated", undefined, () => [...application(cvPart(pdf())), { name: "name", value: "Someone else" }]],
      ["a file in a text field", 400, "FormInvalidValues", undefined, () => [...textParts({ ...validCareers, position: "" }).filter((p) => p.name !== "position"), { name: "position", filename: "p.pdf", bytes: pdf() }]],
      ["a broken body", 400, "FormMalformedMultipart", undefined, () => []],
    ];
    test.each(refusals)("%s: %i %s", async (what, status, code, message, parts) => {
      const request = multipartPost("/api/careers", parts());
      if (what === "a broken body") request.payload = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nArjun`);
      const response = await t.app.inject(request);
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
      if (message) {
        expect(response.json().error).toMatch(message);
        expect(response.json().fields).toEqual({ cv: response.json().error });
      }
      expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
      expect(await filesStored(t.app.storage.db)).toBe(0);
    });

    test("JSON cannot carry a file: a value in the file field is refused (415 FormFilesNeedMultipart)", async () => {
      const response = await t.app.inject({ method: "POST", url: "/api/careers", payload: JSON.stringify({ ...validCareers, cv: "JVBERi0xLjQK" }), headers: json });
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 415, code: "FormFilesNeedMultipart" });
      expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
    });

    test("a form without a file field takes no multipart body", async () => {
      const response = await t.app.inject(multipartPost("/api/contact", textParts({ name: "Priya", email: "p@example.com", message: "Hello" })));
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 415, code: "FormUnsupportedMediaType" });
    });

    test("without JavaScript the refusal is the result page, naming the field", async () => {
      const response = await t.app.inject(multipartPost("/api/careers", application(cvPart(exe(), "cv.pdf")), { browser: true }));
      expect(response.statusCode).toBe(415);
      expect(response.body).toContain("<h1>Validation Error</h1>");
      expect(response.body).toContain("<li>CV: CV must be a PDF or Word (.doc, .docx) document; this file is not one</li>");
    });
  });

  describe("issue 37: a name sent more than once is read as the form declares it, in every body format", () => {
    let brief: TestApp;
    const manifest = contentFormsManifest();
    const buildDir = makeTestBuild({ ...manifest, forms: [...manifest.forms, projectBrief] });
    beforeAll(async () => {
      brief = await startFormsApp({ databaseUrl: database.url, buildDir });
    });
    afterAll(async () => {
      await brief?.close();
      rmSync(buildDir, { recursive: true, force: true });
    });
    const url = projectBrief.endpoint;
    const answers = [
      ["multipart, with JavaScript", (parts: Part[]) => brief.app.inject(multipartPost(url, parts))],
      ["multipart, without JavaScript", (parts: Part[]) => brief.app.inject(multipartPost(url, parts, { browser: true }))],
    ] as const;
    const textOnly = (parts: Part[]) => parts.filter((p): p is Part & { value: string } => "value" in p).map((p) => [p.name, p.value]);

    test.each(answers)("a checkbox group's boxes beside a file, %s: stored as the list of ticks", async (_how, post) => {
      const parts: Part[] = [...textParts({ email: "a@example.com", consent: "yes" }), { name: "needs", value: "Cloud" }, { name: "needs", value: "Web, app" }, cvPart(pdf(), "cv.pdf")];
      expect((await post(parts)).statusCode).toBe(200);
      const [stored] = await submissionsOf(brief.app.storage.db, projectBrief.id);
      expect(stored!.values).toEqual({ email: "a@example.com", consent: "yes", needs: "Cloud\nWeb, app", cv: "cv.pdf" });
      expect(await filesStored(brief.app.storage.db)).toBe(1);
    });

    test("the same, urlencoded and as JSON with the group's key written twice", async () => {
      const body = [["email", "b@example.com"], ["consent", "yes"], ["needs", "Cloud"], ["needs", "SEO"]];
      expect((await brief.app.inject(browserPost(url, new URLSearchParams(body).toString()))).statusCode).toBe(200);
      const twice = '{"email": "c@example.com", "consent": "yes", "needs": "Cloud", "needs": ["SEO"]}';
      expect((await brief.app.inject({ method: "POST", url, payload: twice, headers: json })).json()).toEqual({ success: true });
      const stored = await submissionsOf(brief.app.storage.db, projectBrief.id);
      expect(stored.map((s) => s.values.needs)).toEqual(["Cloud\nSEO", "Cloud\nSEO"]);
    });

    const twice: Part[] = [...textParts({ email: "a@example.com", consent: "yes" }), { name: "email", value: "b@example.com" }, cvPart(pdf(), "cv.pdf")];
    const bodies = [
      ...answers.map(([how, post]) => [how, () => post(twice)] as const),
      ["urlencoded", () => brief.app.inject(browserPost(url, new URLSearchParams(textOnly(twice)).toString()))] as const,
      ["JSON", () => brief.app.inject({ method: "POST", url, payload: '{"email": "a@example.com", "consent": "yes", "email": "b@example.com"}', headers: json })] as const,
    ];
    // (A file field twice is more files than the form has: 413 FormTooManyParts, above.)
    test.each(bodies)("any other field sent twice is refused with 400 FormFieldRepeated, %s", async (_how, post) => {
      const response = await post();
      expect(response.statusCode).toBe(400);
      const name = "email";
      if (String(response.headers["content-type"]).startsWith("text/html")) expect(response.body).toContain(`The field &quot;${name}&quot; was sent more than once.`);
      else expect(response.json()).toMatchObject({ code: "FormFieldRepeated", error: errors.FormFieldRepeated(name).message });
      expect((await countRows(brief.app.storage.db)).byForm).toEqual({});
    });
  });

  test("a 6 MB upload over a real connection is refused once it passes 5 MB, without waiting for the rest", async () => {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipartBody(application(cvPart(pdf(6 * MB))));
    // All but the last half MB is sent, and the request is left open: only a server that stops at 5 MB can answer.
    const sent = body.length - MB / 2;
    const answer = await new Promise<{ status: number; code: string }>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/careers", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": body.length } });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (c) => (text += c)).on("end", () => {
          resolve({ status: response.statusCode!, code: JSON.parse(text).code });
          request.destroy();
        });
      });
      request.on("error", reject);
      request.write(body.subarray(0, sent));
    });
    expect(answer).toEqual({ status: 413, code: "FormFileTooLarge" });
    expect(await countRows(t.app.storage.db)).toEqual(nothingStored);
  });
});
