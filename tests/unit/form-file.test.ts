/** Issue 27's file field (the careers form's CV): its definition, the kinds read from a file's bytes, and the values schema's refusals. */
import fc from "fast-check";
import { fileHint } from "../../src/page/form-strings.ts";
import { acceptAttribute, fileNameProblem, safeFileName, sentFileName } from "../../schemas/form-files.ts";
import { formSchema, type ResolvedForm } from "../../schemas/forms.ts";
import { detectKind, SentFile } from "../../src/forms/file-kind.ts";
import { fieldErrorCode, valuesSchema } from "../../src/forms/values.ts";
import { doc, docx, exe, notWordCompoundFile, pdf, plainZip } from "../contract/fixtures/documents.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";
import { notificationFor } from "../../server/notify/messages.ts";

const cv = { name: "cv", label: "CV", type: "file", required: true };
const definition = (field: Record<string, unknown> = cv) => ({
  id: "apply",
  endpoint: "/api/apply",
  submitLabel: "Apply",
  submittingLabel: "Sending...",
  fields: [{ name: "name", label: "Name", type: "text", required: true, maxLength: 100 }, field],
  notices: testNotices({ title: "Sent", description: "Thank you." }),
});
const problems = (field: Record<string, unknown>) =>
  formSchema.safeParse(definition(field)).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
const MB = 1024 * 1024;

describe("a file field's definition", () => {
  test("takes the kinds it accepts and a size of at most 5 MB; without them, PDF and Word up to 5 MB", () => {
    expect(problems(cv)).toEqual([]);
    expect(problems({ ...cv, accept: ["pdf"], maxSizeMB: 2 })).toEqual([]);
    expect(fileHint({})).toBe("PDF or Word (.doc, .docx), at most 5 MB");
    expect(fileHint({ accept: ["docx"], maxSizeMB: 1.5 })).toBe("Word (.docx), at most 1.5 MB");
    expect(acceptAttribute({ accept: ["pdf"] })).toBe(".pdf,application/pdf");
  });

  test("refuses an unknown kind, a kind twice, no kind, a size over the ceiling or none, each where it is written", () => {
    expect(problems({ ...cv, accept: ["pdf", "exe"] }).map(([at]) => at)).toEqual(["fields.1.accept.1"]);
    expect(problems({ ...cv, accept: ["pdf", "pdf"] })).toEqual([["fields.1.accept.1", '"pdf" is listed twice']]);
    expect(problems({ ...cv, accept: [] }).map(([at]) => at)).toEqual(["fields.1.accept"]);
    expect(problems({ ...cv, maxSizeMB: 6 })).toEqual([["fields.1.maxSizeMB", "A file field takes at most 5 MB"]]);
    expect(problems({ ...cv, maxSizeMB: 0 }).map(([at]) => at)).toEqual(["fields.1.maxSizeMB"]);
  });

  test("takes no maxLength or placeholder, and no other field takes accept or maxSizeMB", () => {
    expect(problems({ ...cv, maxLength: 100, placeholder: "Your CV" }).map(([at]) => at)).toEqual(["fields.1.maxLength", "fields.1.placeholder"]);
    expect(problems({ name: "cv", label: "CV", type: "text", maxLength: 10, accept: ["pdf"], maxSizeMB: 1 })).toEqual([
      ["fields.1.accept", "Only a file field has accept, not a text field"],
      ["fields.1.maxSizeMB", "Only a file field has maxSizeMB, not a text field"],
    ]);
  });

  test("is no form's unique key", () => {
    const result = formSchema.safeParse({ ...definition(), unique: "cv" });
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(["unique"]);
  });
});

describe("a file's kind, read from its bytes", () => {
  test("PDF, Word 97–2003 and Word .docx are told apart by their content", () => {
    expect(detectKind(pdf())).toBe("pdf");
    expect(detectKind(doc())).toBe("doc");
    expect(detectKind(docx())).toBe("docx");
  });

  test("a program, an empty file, a compound file without Word's stream (an .msi) and a ZIP without word/document.xml are none", () => {
    for (const bytes of [exe(), Buffer.alloc(0), notWordCompoundFile(), plainZip(), Buffer.from("%PD"), doc().subarray(0, 700)]) {
      expect(detectKind(bytes)).toBeUndefined();
    }
  });

  test("a compound file whose directory chain loops is read to its end, not forever", () => {
    const looped = doc();
    looped.writeUInt32LE(1, 512 + 4); // the directory's sector points at itself
    looped.write("Other\0", 1024 + 128, "utf16le");
    expect(detectKind(looped)).toBeUndefined();
  });
});

describe("a file's name", () => {
  /** What a browser writes for a name in a multipart body (the HTML standard): only ", CR and LF escaped. */
  const asBrowserSends = (name: string) => name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  /** The characters file systems refuse, each kept as "_" (docs/forms.md, File). */
  const REFUSED = '/\\:*?"<>|';

  test("every character a browser may send is kept as the docs say: the refused ones as _, nothing else changed or dropped", () => {
    const char = fc.oneof(fc.constantFrom(...REFUSED, "%", "2", "D", "A", " ", ".", "अ", "é", "🚀"), fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }));
    const name = fc.string({ unit: char, minLength: 1, maxLength: 60 }).filter((n) => !fileNameProblem(n) && n.trim() === n && !n.startsWith(".") && !/%(22|0D|0A)/.test(n));
    fc.assert(
      fc.property(name, (sent) => {
        const stored = safeFileName(sentFileName(asBrowserSends(sent)));
        expect(stored).toBe([...sent.normalize("NFC")].map((c) => (REFUSED.includes(c) ? "_" : c)).join(""));
      }),
      { seed: 37, numRuns: 2000 },
    );
  });

  test('a " the browser sent as %22 is stored as _, and a CR or LF sent as %0D or %0A is refused', () => {
    expect(safeFileName(sentFileName('Asha %22CV%22 2026.pdf'))).toBe("Asha _CV_ 2026.pdf");
    expect(fileNameProblem(sentFileName("cv%0A.pdf"))).toBe("characters");
    expect(fileNameProblem(sentFileName("cv%0D.pdf"))).toBe("characters");
  });

  test("a path or a control or bidi character is no browser's doing", () => {
    expect(fileNameProblem("../../etc/passwd")).toBe("path");
    expect(fileNameProblem("..\\boot.ini")).toBe("path");
    expect(fileNameProblem("cv\u0000.pdf")).toBe("characters");
    expect(fileNameProblem("cv\u202Efdp.exe")).toBe("characters");
    expect(fileNameProblem("Résumé .. final.pdf")).toBeUndefined();
  });

  test("is kept without folders or the characters file systems refuse, at most 200 characters with its extension", () => {
    // Nothing before a backslash is dropped: it is a character of the name, as the docs say.
    expect(safeFileName("C:\\Users\\asha\\CV: 2026?.pdf")).toBe("C__Users_asha_CV_ 2026_.pdf");
    expect(safeFileName('my\\cv "final" <v2>|a/b*.pdf')).toBe("my_cv _final_ _v2__a_b_.pdf");
    expect(safeFileName("...")).toBe("file");
    const long = safeFileName(`${"अ".repeat(300)}.docx`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith("अ.docx")).toBe(true);
  });
});

describe("a file field's value", () => {
  const form = formSchema.parse(definition({ ...cv, accept: ["pdf", "docx"], maxSizeMB: 2 })) as ResolvedForm;
  const schema = valuesSchema(form);
  const check = (file: unknown) => {
    const result = schema.safeParse({ name: "Asha", cv: file });
    return result.success ? result.data : result.error.issues.map((i) => [fieldErrorCode(i), i.message]);
  };

  test("is the file's name when it is of an accepted kind and size", () => {
    expect(check(new SentFile("cv.pdf", 2 * MB, "pdf"))).toEqual({ name: "Asha", cv: "cv.pdf" });
  });

  test("refuses an empty file, one too large and one of another kind, each with its own code and message", () => {
    expect(check(new SentFile("cv.pdf", 0, "pdf"))).toEqual([["FieldFileEmpty", "CV: the file is empty (0 bytes); please choose the document itself"]]);
    expect(check(new SentFile("cv.pdf", 2 * MB + 1, "pdf"))).toEqual([["FieldFileTooLarge", "CV: the file is larger than 2 MB; please send a smaller one"]]);
    expect(check(new SentFile("cv.doc", 100, "doc"))).toEqual([["FieldFileWrongKind", "CV must be a PDF or Word (.docx) document; this file is not one"]]);
    expect(check(new SentFile("cv.pdf", 100, undefined))).toEqual([["FieldFileWrongKind", "CV must be a PDF or Word (.docx) document; this file is not one"]]);
  });

  test("a required one left out is a required field left blank; what a request could claim as a file is none", () => {
    expect(check(undefined)).toEqual([["FieldRequired", form.notices.invalid.description]]);
    expect(check("")).toEqual([["FieldRequired", form.notices.invalid.description]]);
    for (const claimed of ["cv.pdf", { name: "cv.pdf", size: 10, kind: "pdf" }, 1]) {
      expect(check(claimed)).toEqual([["FieldNotAFile", "CV is a file, sent with the form as multipart/form-data"]]);
    }
  });
});

describe("the notification of a form with files", () => {
  const form = formSchema.parse({
    ...definition(),
    fields: [definition().fields[0], { ...cv, required: false }, { name: "portfolio", label: "Portfolio", type: "file" }],
    notify: { subject: "Application from {name}" },
  }) as ResolvedForm;
  const agency = { name: "Arcbyte", email: "hello@arcbyte.in" };
  const file = (id: string, field: string, size: number) => ({ id, field, name: `${field}.pdf`, size, media_type: "application/pdf" });

  test("attaches files while together they stay within 5 MB, names the others with the command that writes them out", () => {
    const mail = notificationFor(form, { name: "Asha", cv: "cv.pdf", portfolio: "portfolio.pdf" }, agency, [file("f1", "cv", 3 * MB), file("f2", "portfolio", 3 * MB)]);
    expect(mail.attachments).toEqual([{ fileId: "f1", filename: "cv.pdf", contentType: "application/pdf" }]);
    expect(mail.text).toContain("CV: cv.pdf (3072 kB), attached; npm run submissions -- file f1\n");
    expect(mail.text).toContain("Portfolio: portfolio.pdf (3072 kB), not attached (too large for e-mail); npm run submissions -- file f2\n");
  });

  test("a file field left empty is not given, and the mail has no attachments", () => {
    const mail = notificationFor(form, { name: "Asha", cv: "", portfolio: "" }, agency);
    expect(mail.text).toContain("CV: (not given)\n");
    expect(mail.attachments).toBeUndefined();
  });
});
