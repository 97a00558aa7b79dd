/**
 * Issue 27: every form the checker accepts works end to end. fast-check writes form
 * definitions into content/collections/forms.json as a marketer would (names, every field
 * type, required flags, limits, rows, options, a number's bounds and step, a date's days, a
 * checkbox group's counts, consent labels linking to pages, unique, notification subjects)
 * and, for each:
 *
 *   - the content checker (`npm run content:check`'s checkSite) accepts it, and a page's
 *     form block loads it;
 *   - its prerendered markup has one labelled, uniquely identified control per field (a
 *     fieldset of labelled buttons or boxes per group), apart from the honeypot;
 *   - on the real app and SQLite, a valid submission, as JSON, urlencoded (a browser without
 *     JavaScript) and multipart (with and without JavaScript), is stored once and comes back
 *     from the export (`npm run submissions -- export`) with every value and file; its
 *     notification is written. A form with a file field (often beside a checkbox group,
 *     issue 37) is stored from multipart, and from JSON and urlencoded only when no file is
 *     required (else 415); a form without one takes no multipart (415);
 *   - a submission wrong in one field (a required one missing or unticked, too long, not an
 *     option, not an address or web address, a checkbox sent as neither, a number that is
 *     none, out of its bounds or off its step, a day that is none or outside its bounds, too
 *     many or too few boxes of a group ticked, a program in a file field) gets its 4xx with
 *     its code, names that field, and stores nothing, with and without JavaScript.
 *
 * The same definitions broken in one way (a name twice, a reserved name, a property of the
 * form element such as nodeName, a bad `unique`, an unknown {placeholder}) are refused with an
 * error located in forms.json, never a crash; accepted ones take the form's own settings
 * (name, action, method) as names.
 *
 * A fixed seed and a few runs by default (CI); `npm run test:forms-fuzz` runs many with a
 * random seed. FORMS_FUZZ_RUNS and FORMS_FUZZ_SEED (a number, or "random") replay a failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ChakraProvider } from "@chakra-ui/react";
import fc from "fast-check";
import { type DefaultTreeAdapterTypes, parse } from "parse5";
import { renderToString } from "react-dom/server";
import { labelLinks, plainLabel } from "../../schemas/form-label.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { CHOICE_SEPARATOR, TICKED } from "../../schemas/form-text.ts";
import { dayOf } from "../../schemas/form-date.ts";
import { acceptAttribute, FILE_KIND_NAMES, FILE_KINDS } from "../../schemas/form-files.ts";
import { emailField, fileFields, type ResolvedForm } from "../../schemas/forms.ts";
import { multipartLimits } from "../../server/plugins/form-multipart.ts";
import { formStatus } from "../../server/plugins/form-refusals.ts";
import site from "../../src/page/site-settings.ts";
import { errors } from "../../src/errors/catalogue.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { formsManifest } from "../../src/runtime/build.server.ts";
import { checkSite } from "../../src/runtime/content/check.ts";
import { collectionFile, type ContentFiles, readContent, withFile } from "../../src/runtime/content/read.ts";
import { system } from "../../src/styles/theme.ts";
import { countRows, EXPORT_META, exportSubmissions } from "../../server/storage/submissions.ts";
import { acceptedForm, GENERATED_ID, mistakesOf, type RawForm, refusedForm, validValues, wrongValue } from "./fixtures/form-arbitraries.ts";
import { doc, docx, exe, pdf } from "./fixtures/documents.ts";
import { multipartPost, type Part } from "./fixtures/multipart.ts";
import { browserPost, json, makeTestBuild, nothingStored, startFormsApp } from "./forms-harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FORMS_FILE = collectionFile("forms");
const PAGE = { file: "content/pages/generated-form.json", path: "/generated-form" };

const runs = Number(process.env.FORMS_FUZZ_RUNS ?? 60);
const seedSetting = process.env.FORMS_FUZZ_SEED ?? "27027";
const seed = seedSetting === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(seedSetting);
const settings = { seed, numRuns: runs };
/** Time allowed per accepted form (the checker, a render, an app's start on SQLite, six requests; about 0.1 s) and per four refused ones. */
const perRun = 5_000;
/** A run out of time still reports its seed and the smallest failure found so far. */
const within = (ms: number) => ({ timeout: ms + 30_000, limits: { interruptAfterTimeLimit: ms, markInterruptAsFailure: true } });

let files: ContentFiles;
let realForms: unknown[];
let dataDir: string;
beforeAll(async () => {
  console.info(`forms-fuzz: seed ${seed}, ${runs} runs (replay: FORMS_FUZZ_SEED=${seed} FORMS_FUZZ_RUNS=${runs})`);
  files = await readContent(ROOT);
  realForms = (JSON.parse(files.json.get(FORMS_FILE)!) as { items: unknown[] }).items;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "forms-fuzz-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The real content with the form added to forms.json (and a page showing it), through the content checker. */
function check(form: RawForm, layout: "stacked" | "inline" = "stacked") {
  const formsText = JSON.stringify({ items: [...realForms, form] }, null, 2);
  const page = { path: PAGE.path, meta: { title: "A generated form", description: "A form the property test made up." }, blocks: [{ type: "form", form: form.id, layout }] };
  const content = withFile(withFile(files, FORMS_FILE, formsText), PAGE.file, JSON.stringify(page, null, 2));
  return { formsText, result: checkSite(content, { loadRoute: (entry) => entry.path === PAGE.path }) };
}

type Element = DefaultTreeAdapterTypes.Element;
/** Every element of an HTML fragment, in document order. */
function elementsOf(html: string): Element[] {
  const out: Element[] = [];
  const visit = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if ("tagName" in child) out.push(child);
      if ("childNodes" in child) visit(child);
    }
  };
  visit(parse(html));
  return out;
}
const isInside = (node: DefaultTreeAdapterTypes.ChildNode, ancestor: Element): boolean => {
  const parent = node.parentNode;
  return parent === ancestor || (parent !== null && "tagName" in parent && isInside(parent, ancestor));
};
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
/** The text a node shows (Emotion's <style> elements inside it are not). */
const textOf = (node: DefaultTreeAdapterTypes.ChildNode): string =>
  node.nodeName === "style" ? "" : node.nodeName === "#text" ? (node as DefaultTreeAdapterTypes.TextNode).value : "childNodes" in node ? node.childNodes.map(textOf).join("") : "";

/** The prerendered form: one labelled control per field, every id once, the honeypot apart. */
function expectLabelledControls(form: ResolvedForm, html: string) {
  const elements = elementsOf(html);
  const ids = elements.map((el) => attr(el, "id")).filter((id) => id !== undefined);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  const labels = elements.filter((el) => el.tagName === "label");
  for (const field of form.fields) {
    const controls = elements.filter((el) => attr(el, "name") === field.name);
    if (field.type === "radio" || field.type === "checkboxes") {
      expectChoiceGroup(field, controls, elements);
      continue;
    }
    expect(controls.map((c) => c.tagName)).toEqual([field.type === "textarea" || field.type === "select" ? field.type : "input"]);
    const control = controls[0]!;
    const id = attr(control, "id");
    expect(id).toBeTruthy();
    const label = labels.filter((l) => attr(l, "for") === id);
    expect(label).toHaveLength(1);
    expect(textOf(label[0]!).startsWith(plainLabel(field.label))).toBe(true);
    expect(attr(control, "required") !== undefined).toBe(field.required);
    // A label's links are real links to its pages.
    const links = elements.filter((el) => el.tagName === "a" && isInside(el, label[0]!));
    expect(links.map((a) => attr(a, "href"))).toEqual(labelLinks(field.label));
    if (field.type === "checkbox") {
      expect([attr(control, "type"), attr(control, "value"), attr(control, "maxlength")]).toEqual(["checkbox", TICKED, undefined]);
    } else if (field.type === "number") {
      const bound = (n: number | string | undefined) => (n === undefined ? undefined : String(n));
      expect(["type", "min", "max", "step", "maxlength"].map((a) => attr(control, a))).toEqual(["number", bound(field.min), bound(field.max), String(field.step ?? "any"), undefined]);
    } else if (field.type === "date") {
      const day = (b: string | number | undefined) => (typeof b === "string" ? dayOf(b, field.timeZone ?? "UTC") : undefined);
      expect(["type", "min", "max", "maxlength", "placeholder"].map((a) => attr(control, a))).toEqual(["date", day(field.min), day(field.max), undefined, undefined]);
    } else if (field.type === "file") {
      expect(["type", "accept", "maxlength", "placeholder"].map((a) => attr(control, a))).toEqual(["file", acceptAttribute(field), undefined, undefined]);
    } else if (field.type === "select") {
      const options = elements.filter((el) => el.tagName === "option" && el.parentNode === control).map((o) => attr(o, "value"));
      expect(options).toEqual(["", ...(field.options ?? [])]);
    } else {
      expect(attr(control, "maxlength")).toBe(String(field.maxLength));
      if (field.type !== "textarea") expect(attr(control, "type")).toBe(field.type);
    }
  }
  expect(form.fields.map((f) => f.name)).not.toContain(HONEYPOT);
  expect(elements.filter((el) => attr(el, "name") === HONEYPOT)).toHaveLength(1);
}

/** A radio or checkbox group: a fieldset whose legend is the field's label, a button per option labelled by its option. */
function expectChoiceGroup(field: ResolvedForm["fields"][number], controls: Element[], elements: Element[]) {
  expect(controls.map((c) => [c.tagName, attr(c, "type"), attr(c, "value")])).toEqual(field.options!.map((o) => ["input", field.type === "radio" ? "radio" : "checkbox", o]));
  for (const control of controls) {
    const label = elements.filter((el) => el.tagName === "label" && attr(el, "for") === attr(control, "id"));
    expect(label.map(textOf)).toEqual([attr(control, "value")]);
    // A required radio group has a button chosen; no single box of a checkbox group must be ticked.
    expect(attr(control, "required") !== undefined).toBe(field.type === "radio" && field.required);
  }
  const fieldset = elements.find((el) => el.tagName === "fieldset" && attr(el, "id") !== undefined && controls.every((c) => isInside(c, el)));
  const legend = elements.find((el) => el.tagName === "legend" && el.parentNode === fieldset);
  expect(textOf(legend!).startsWith(plainLabel(field.label))).toBe(true);
}

/**
 * What the export shows of a valid submission: values trimmed, the submitter's address
 * lowercased, a ticked box "yes", a file its name, size and kind (its id aside: exportedRow).
 */
function exportedValues(form: ResolvedForm, values: Record<string, string>) {
  const address = emailField(form);
  const stored = (f: ResolvedForm["fields"][number], value: string) =>
    f.type === "file"
      ? value === "" ? "" : `${value} (${documentBytes(value).length} bytes, ${FILE_KINDS[kindOf(value)!].mediaType})`
      : f.type === "checkbox" ? (value === "" ? "" : TICKED) : f.type === "number" && value.trim() !== "" ? String(Number(value)) : f.name === address ? value.trim().toLowerCase() : value.trim();
  return Object.fromEntries(form.fields.map((f) => [f.name, stored(f, values[f.name]!)]));
}

/** An exported row without the times, versions and stored files' ids, which the test cannot know. */
const exportedRow = ({ created_at: _c, updated_at: _u, form_version: _v, page_locale: _l, ...row }: Record<string, string>) =>
  Object.fromEntries(Object.entries(row).map(([name, cell]) => [name, cell.replace(/ file \S+$/, "")]));

/** A chosen file's kind by its name's extension (the arbitraries name a document after its kind); undefined: a program. */
const kindOf = (name: string) => FILE_KIND_NAMES.find((k) => name.endsWith(FILE_KINDS[k].extension));
const documents = { pdf: () => pdf(), doc, docx } as const;
/** The bytes of a chosen file: the document its name says, or a Windows program. */
const documentBytes = (name: string) => {
  const kind = kindOf(name);
  return kind ? documents[kind]() : exe();
};

/** The values without the form's file fields: what JSON and urlencoded bodies can say (a script leaves them out). */
const withoutFiles = (form: ResolvedForm, values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => form.fields.find((f) => f.name === name)?.type !== "file"));

/** The JSON a script may send: a checkbox as true or false and a number as a number, or each as its text. */
const asJson = (form: ResolvedForm, values: Record<string, string | undefined>, typed: boolean) => {
  // A checkbox group's ticks are a list in JSON, whichever way a script sends the rest.
  if (!typed) return Object.fromEntries(Object.entries(values).map(([name, v]) => [name, form.fields.find((f) => f.name === name)?.type === "checkboxes" ? ticks(v) : v]));
  const typedValue = (f: ResolvedForm["fields"][number], v: string) => (f.type === "checkbox" ? v !== "" : f.type === "number" && v.trim() !== "" ? Number(v) : v);
  return Object.fromEntries(form.fields.map((f) => [f.name, f.type === "checkboxes" ? ticks(values[f.name]) : typedValue(f, values[f.name]!)]));
};

/** A checkbox group's value as the arbitraries write it (one option a line) as the list of its ticks; nothing stays nothing. */
const ticks = (value: string | undefined) => (value === undefined ? undefined : value.split(CHOICE_SEPARATOR).filter((v) => v !== ""));

/**
 * The form data set a browser builds from the form (the HTML spec's), posted as multipart or
 * urlencoded: every control in order, empty ones included but an unticked checkbox or a radio
 * group with none chosen (left out), line breaks as CR LF, a file input's file (an empty part
 * with no name when none is chosen), the empty honeypot last.
 */
const formDataSet = (form: ResolvedForm, values: Record<string, string | undefined>): Part[] => [
  ...form.fields.flatMap((f): Part[] => {
    const value = values[f.name] ?? "";
    if (f.type === "file") return [value === "" ? { name: f.name, filename: "", bytes: Buffer.alloc(0) } : { name: f.name, filename: value, bytes: documentBytes(value) }];
    // A box per ticked option, the name again each time; an unticked box or a group with none chosen is left out.
    if (f.type === "checkboxes") return ticks(value)!.map((v) => ({ name: f.name, value: v }));
    if ((f.type === "checkbox" || f.type === "radio") && value === "") return [];
    return [{ name: f.name, value: value.replace(/\r?\n/g, "\r\n") }];
  }),
  { name: HONEYPOT, value: "" },
];

/** The urlencoded body a browser without JavaScript posts (a form without a file field: the file fields' values are left out). */
const browserBody = (form: ResolvedForm, values: Record<string, string | undefined>) =>
  new URLSearchParams(formDataSet(form, withoutFiles(form, values)).flatMap((p) => ("value" in p ? [[p.name, p.value]] : []))).toString();

describe("every form the checker accepts works end to end (issue 27)", () => {
  test(`checked, rendered, stored once, exported, refused field by field (${runs} forms)`, { timeout: within(30_000 + runs * perRun).timeout }, async () => {
    const databaseUrl = `file:${path.join(dataDir, "site.db")}`;
    await fc.assert(
      fc.asyncProperty(acceptedForm, fc.constantFrom("stacked" as const, "inline" as const), fc.gen(), async (raw, layout, g) => {
        const { result } = check(raw, layout);
        const { errors: problems, content, pages } = await result;
        expect(problems).toEqual([]);
        const block = pages.get(PAGE.path)!.blocks.find((b) => b.type === "form")!;
        const form = (block.data as { form: ResolvedForm }).form;

        expectLabelledControls(form, renderToString(<ChakraProvider value={system}><ContentForm form={form} layout={layout} /></ChakraProvider>));

        const buildDir = makeTestBuild(formsManifest(content!));
        const t = await startFormsApp({ buildDir, databaseUrl });
        try {
          const db = t.app.storage.db;
          const reset = async () => {
            await db.deleteFrom("outbox").execute();
            await db.deleteFrom("submission_files").execute();
            await db.deleteFrom("submissions").execute();
          };
          // A run that failed half-way (while fast-check shrinks it) leaves its rows behind.
          await reset();
          const postJson = (body: unknown) => t.app.inject({ method: "POST", url: form.endpoint, payload: JSON.stringify(body), headers: json });
          const postAsBrowser = (values: Record<string, string | undefined>) => t.app.inject(browserPost(form.endpoint, browserBody(form, values)));
          const postMultipart = (values: Record<string, string | undefined>, browser: boolean) => t.app.inject(multipartPost(form.endpoint, formDataSet(form, values), { browser }));
          // A form with a file field is posted as multipart, by its script and by a browser without JavaScript
          // alike; JSON and urlencoded bodies can carry no file, and a form without one takes no multipart.
          const files = fileFields(form);
          const needsMultipart = files.some((f) => f.required);

          const values = g(validValues, form);
          const typed = g(() => fc.boolean());
          const ways = [
            ["JSON", () => postJson(asJson(form, withoutFiles(form, values), typed)), false],
            ["urlencoded", () => postAsBrowser(values), false],
            ["multipart, with JavaScript", () => postMultipart(values, false), true],
            ["multipart, without JavaScript", () => postMultipart(values, true), true],
          ] as const;
          for (const [how, send, multipart] of ways) {
            const response = await send();
            // What each way can say: JSON and urlencoded store the form's files as none chosen.
            const sent = multipart ? values : { ...values, ...Object.fromEntries(files.map((f) => [f.name, ""])) };
            if (multipart && files.length === 0) {
              expect({ how, status: response.statusCode }).toEqual({ how, status: formStatus.FormUnsupportedMediaType });
            } else if (!multipart && needsMultipart) {
              expect({ how, status: response.statusCode }).toEqual({ how, status: formStatus.FormFilesNeedMultipart });
            } else {
              expect({ how, status: response.statusCode, body: response.statusCode === 200 ? "" : response.body }).toEqual({ how, status: 200, body: "" });
              expect(await countRows(db)).toEqual({ submissions: 1, outbox: form.notify ? 1 : 0, byForm: { [GENERATED_ID]: 1 } });
              const exported = await exportSubmissions(db, form.id, form.fields.map((f) => f.name));
              expect(exported.columns).toEqual([...EXPORT_META, ...form.fields.map((f) => f.name)]);
              expect(exported.rows.map(exportedRow)).toEqual([exportedValues(form, sent)]);
              // The notification was written, not set aside as a dead letter.
              expect(await db.selectFrom("outbox").select(["dead_at", "last_error"]).execute()).toEqual(form.notify ? [{ dead_at: null, last_error: null }] : []);
            }
            await reset();
          }

          const wrongField = g(() => fc.constantFrom(...form.fields.filter((f) => mistakesOf(f).length > 0)));
          const mistake = g(() => fc.constantFrom(...mistakesOf(wrongField)));
          const wrong = g(() => wrongValue(wrongField, mistake));
          const { [wrongField.name]: _right, ...others } = values;
          const invalid = wrong === undefined ? others : { ...others, [wrongField.name]: wrong };
          // Sent the way the form's page sends it: with a file field as multipart, else as JSON and urlencoded.
          const multipart = files.length > 0;
          // More boxes than a group has (an option beside one that is not) may pass the parts a multipart body may have.
          const tooManyParts = multipart && formDataSet(form, invalid).filter((p) => "value" in p).length > multipartLimits(form).fields;
          const code = tooManyParts
            ? errors.FormTooManyParts.code
            : mistake === "missing" ? errors.FormRequiredMissing.code : mistake === "wrongKind" ? errors.FormFileWrongKind.code : errors.FormInvalidValues.code;
          const [refused, refusedPage] = multipart ? [await postMultipart(invalid, false), await postMultipart(invalid, true)] : [await postJson(asJson(form, invalid, false)), await postAsBrowser(invalid)];
          expect({ mistake, status: refused.statusCode, code: refused.json().code, fields: Object.keys(refused.json().fields ?? {}) }).toEqual({
            mistake,
            status: formStatus[code],
            code,
            fields: tooManyParts ? [] : [wrongField.name],
          });
          expect({ mistake, status: refusedPage.statusCode, page: refusedPage.headers["content-type"] }).toEqual({ mistake, status: formStatus[code], page: expect.stringMatching(/^text\/html/) });
          expect(await countRows(db)).toEqual(nothingStored);
        } finally {
          await t.close();
          rmSync(buildDir, { recursive: true, force: true });
        }
      }),
      { ...settings, ...within(30_000 + runs * perRun).limits },
    );
  });

  test(`a form broken in one way is refused with a located error, never a crash (${runs * 4} forms)`, { timeout: within(30_000 + runs * perRun).timeout }, async () => {
    await fc.assert(
      fc.asyncProperty(refusedForm, async ({ form, code, path: at }) => {
        const { formsText, result } = check(form);
        const { errors: problems } = await result;
        const index = realForms.length;
        const pointer = `/items/${index}/${at.join("/")}`;
        const error = problems.find((e) => e.file === FORMS_FILE && e.pointer === pointer);
        expect(error, `no error at ${pointer}: ${JSON.stringify(problems.map((e) => [e.code, e.pointer]))}`).toBeDefined();
        expect(error!.code).toBe(code);
        // Its line and column are where the property (or the list's item) is written.
        const line = formsText.split("\n")[error!.line - 1]!;
        const last = at.at(-1);
        const written = at.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], form) !== undefined;
        // A missing property is reported where the object holding it starts.
        expect(line.slice(error!.column - 1)).toMatch(typeof last === "string" && written ? new RegExp(`^"${last}":`) : /^["{]/);
        // Every error about forms.json is about the broken form.
        expect(problems.filter((e) => e.file === FORMS_FILE && !e.pointer.startsWith(`/items/${index}/`))).toEqual([]);
      }),
      { ...settings, numRuns: runs * 4, ...within(30_000 + runs * perRun).limits },
    );
  });
});
