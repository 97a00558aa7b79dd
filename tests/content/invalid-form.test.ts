/**
 * Issue 37: one invalid form reports itself, once, and nothing else. The real content (pages
 * using every form, a Hindi translation of the forms) with one mistake in the contact form:
 * no "No item of the forms collection has the id …" on each page using a form, no orphaned
 * translations burying the real error.
 */
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import { errors as catalogue } from "../../src/errors/catalogue.ts";
import { checkSite } from "../../src/runtime/content/check.ts";
import { collectionFile, type ContentFiles, readContent, withFile } from "../../src/runtime/content/read.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FORMS = collectionFile("forms");

let files: ContentFiles;
beforeAll(async () => {
  files = await readContent(ROOT);
});

test("the site's content as it is has no errors and no warnings (what the case below changes)", async () => {
  const { errors, warnings } = await checkSite(files);
  expect([...errors, ...warnings]).toEqual([]);
});

test("a form with one mistake is its only error: the pages using any form and the forms' translations say nothing", async () => {
  const forms = JSON.parse(files.json.get(FORMS)!) as { items: { id: string; fields: { name: string }[] }[] };
  const contact = forms.items.findIndex((f) => f.id === "contact");
  const company = forms.items[contact]!.fields.findIndex((f) => f.name === "company");
  forms.items[contact]!.fields[company]!.name = "nodeName";
  const { errors, warnings } = await checkSite(withFile(files, FORMS, JSON.stringify(forms, null, 2)));
  expect(errors.map(({ code, file, pointer }) => ({ code, file, pointer }))).toEqual([
    { code: catalogue.FieldNameShadowsForm.code, file: FORMS, pointer: `/items/${contact}/fields/${company}/name` },
  ]);
  expect(warnings).toEqual([]);
});
