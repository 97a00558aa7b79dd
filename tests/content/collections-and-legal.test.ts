/**
 * The checker on the collections behind the services, SEO, contact and careers pages
 * (faqs, jobs, seo-services, service highlights, forms) and on the Markdown legal documents:
 * each broken fixture must be reported at its exact file, line:column and label.
 */
import { HONEYPOT } from "../../schemas/form-names.ts";
import { errors as catalogue } from "../../src/errors/catalogue.ts";
import type { ContentError } from "../../src/content-files/errors.ts";
import { broken, checkFixture } from "./site-fixture.ts";

function errorAt(errors: ContentError[], file: string, pointer: string): Omit<ContentError, "hint"> & { hint?: string } {
  const found = errors.filter((e) => e.file === file && e.pointer === pointer);
  expect(found, `errors at ${file}#${pointer} among:\n${errors.map((e) => `${e.file}#${e.pointer} ${e.title}`).join("\n")}`).toHaveLength(1);
  return found[0]!;
}

describe("the faqs collection", () => {
  it("reports an empty question, a missing answer and a misspelt property where they are written", async () => {
    const file = "content/collections/faqs.json";
    const { errors } = await checkFixture({ files: { [file]: broken("faqs.json") } });
    expect(errorAt(errors, file, "/items/0/question")).toMatchObject({
      code: "EmptyValue",
      title: "Empty value",
      message: "Must not be empty",
      line: 5,
      column: 7,
      label: "Faqs → item 1 (cost) → question",
    });
    expect(errorAt(errors, file, "/items/0/answer")).toMatchObject({
      code: "MissingValue",
      title: "Missing value",
      line: 3,
      column: 5,
      label: "Faqs → item 1 (cost) → answer",
    });
    expect(errorAt(errors, file, "/items/0/answr")).toMatchObject({
      code: "UnknownProperty",
      title: "Unknown property",
      message: 'Unknown property: "answr".',
      line: 6,
      column: 7,
      label: "Faqs → item 1 (cost) → answr",
    });
    expect(errors).toHaveLength(3);
  });
});

describe("the jobs collection", () => {
  it("accepts only the types Full Time and Part Time", async () => {
    const file = "content/collections/jobs.json";
    const { errors } = await checkFixture({ files: { [file]: broken("jobs.json") } });
    expect(errors).toEqual([
      {
        code: "NotAnOption",
        title: "Invalid value",
        message: 'Invalid option: expected one of "Full Time"|"Part Time"',
        hint: 'Use one of: "Full Time", "Part Time".',
        file,
        line: 7,
        column: 7,
        pointer: "/items/0/type",
        label: "Jobs → item 1 (frontend-developer) → type",
      },
    ]);
  });
});

describe("the forms collection: field names (issue 27)", () => {
  const file = "content/collections/forms.json";
  let errors: ContentError[];
  beforeAll(async () => {
    ({ errors } = await checkFixture({ files: { [file]: broken("forms-field-names.json") } }));
  });

  it("a second field with a name the form already has is reported once, at its name", () => {
    expect(errorAt(errors, file, "/items/0/fields/2/name")).toEqual({
      code: "DuplicateFieldName",
      title: "Duplicate field name",
      message: 'Another field of this form is already named "website".',
      hint: "A submission holds one value per name: give each field of a form its own name.",
      file,
      line: 11,
      column: 11,
      pointer: "/items/0/fields/2/name",
      label: "Forms → item 1 (seo-audit) → fields[2].name",
    });
  });

  it("a name every JavaScript object has is reserved, at each field that takes it (and not also a duplicate)", () => {
    expect(errorAt(errors, file, "/items/0/fields/3/name")).toMatchObject({
      code: "ReservedFieldName",
      message: '"toString" is a name the form API keeps for itself.',
      line: 12,
      column: 11,
      label: "Forms → item 1 (seo-audit) → fields[3].name",
    });
    expect(errorAt(errors, file, "/items/1/fields/1/name")).toMatchObject({ code: "ReservedFieldName", message: '"constructor" is a name the form API keeps for itself.', line: 29, column: 11 });
    expect(errorAt(errors, file, "/items/1/fields/2/name")).toMatchObject({ code: "ReservedFieldName", line: 30, column: 11 });
  });

  it("a name that is a property of the form element in the browser (issue 37) is refused at the field, with the catalogue's error", () => {
    expect(errorAt(errors, file, "/items/1/fields/3/name")).toEqual({
      ...catalogue.FieldNameShadowsForm("nodeName"),
      file,
      line: 31,
      column: 11,
      pointer: "/items/1/fields/3/name",
      label: "Forms → item 2 (quote) → fields[3].name",
    });
    expect(errorAt(errors, file, "/items/1/fields/4/name")).toMatchObject({ code: "FieldNameShadowsForm", line: 32, column: 11 });
    // The form's own settings are not properties code reads off the element: a field may be called "action" (or "name").
    expect(errors.filter((e) => e.pointer === "/items/1/fields/5/name")).toEqual([]);
  });

  it("the honeypot's name is one no field can take", async () => {
    const fixture = JSON.parse(await broken("forms-field-names.json"));
    expect(fixture.items[0].fields[4].name).toBe(HONEYPOT);
    expect(errorAt(errors, file, "/items/0/fields/4/name")).toMatchObject({ code: "InvalidFormat", line: 13, column: 11 });
  });

  it("reports nothing else: two forms may each have a field named website", () => {
    expect(errors.map((e) => e.pointer)).toEqual([
      "/items/0/fields/4/name",
      "/items/0/fields/2/name",
      "/items/0/fields/3/name",
      "/items/1/fields/1/name",
      "/items/1/fields/2/name",
      "/items/1/fields/3/name",
      "/items/1/fields/4/name",
    ]);
  });
});

describe("the seo-services collection", () => {
  it("rejects an icon that is not in the icon set", async () => {
    const file = "content/collections/seo-services.json";
    const { errors } = await checkFixture({ files: { [file]: broken("seo-services.json") } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      title: "Invalid value",
      file,
      line: 3,
      column: 26,
      pointer: "/items/0/icon",
      label: "Seo Services → item 1 (local-seo) → icon",
    });
    expect(errors[0]!.hint).toContain('"map-pin"');
  });
});

describe("a service's highlights (the extra section on its page)", () => {
  it("need at least two complete cards", async () => {
    const file = "content/collections/services.json";
    const { errors } = await checkFixture({ files: { [file]: broken("services-highlights.json") } });
    expect(errorAt(errors, file, "/items/1/highlights/items")).toMatchObject({
      code: "TooShort",
      title: "Too short",
      line: 50,
      column: 9,
      label: "Services → item 2 (cloud) → highlights.items",
    });
    expect(errorAt(errors, file, "/items/1/highlights/items/0/text")).toMatchObject({
      code: "MissingValue",
      title: "Missing value",
      line: 51,
      column: 11,
      label: "Services → item 2 (cloud) → highlights.items[0].text",
    });
  });
});

describe("legal documents (content/legal/*.md)", () => {
  const file = "content/legal/privacy.md";

  it("the fixture's document passes and becomes an item with its id and text", async () => {
    const { errors, content } = await checkFixture();
    expect(errors).toEqual([]);
    expect(content!.collections.legal).toEqual([
      expect.objectContaining({ id: "privacy", title: "Privacy Policy", lastUpdated: "2024-01-15", body: expect.stringContaining("## Contact Us") }),
    ]);
  });

  it("frontmatter errors are located at their key: a missing title, a badly written date, an unknown key", async () => {
    const { errors } = await checkFixture({ files: { [file]: broken("legal-frontmatter.md") } });
    expect(errors).toEqual([
      {
        code: "MissingValue",
        title: "Missing value",
        message: "This required value is missing (expected string).",
        hint: expect.any(String),
        file,
        line: 1,
        column: 1,
        pointer: "/title",
        label: "Legal document privacy → title",
      },
      {
        code: "InvalidFormat",
        title: "Invalid format",
        message: "Write the date as YYYY-MM-DD, e.g. 2024-01-15",
        hint: expect.any(String),
        file,
        line: 3,
        column: 1,
        pointer: "/lastUpdated",
        label: "Legal document privacy → lastUpdated",
      },
      {
        code: "UnknownProperty",
        title: "Unknown property",
        message: 'Unknown property: "author".',
        hint: expect.any(String),
        file,
        line: 4,
        column: 1,
        pointer: "/author",
        label: "Legal document privacy → author",
      },
    ]);
  });

  it("frontmatter that is not YAML is located at the syntax error", async () => {
    const { errors } = await checkFixture({ files: { [file]: broken("legal-yaml.md") } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ title: "Invalid frontmatter", file, line: 3, column: 23, label: "Legal document privacy" });
  });

  it("the text may not have a # heading or a placeholder that names nothing in the site settings", async () => {
    const { errors } = await checkFixture({ files: { [file]: broken("legal-body.md") } });
    expect(errors).toEqual([
      expect.objectContaining({ title: "Top-level heading", file, line: 7, column: 1, label: "Legal document privacy" }),
      expect.objectContaining({
        code: "UnknownPlaceholder",
        title: "Unknown placeholder",
        message: "{contact.fax} does not name a text value of the site settings.",
        file,
        line: 11,
        column: 11,
        label: "Legal document privacy",
      }),
    ]);
  });
});

describe("references from pages to these collections", () => {
  it("a legal document, a job and an FAQ that do not exist are reported with the known ids", async () => {
    const file = "content/pages/privacy.json";
    const { errors } = await checkFixture({ files: { [file]: broken("legal-page.json") } });
    expect(errors).toEqual([
      {
        code: "UnknownReference",
        title: "Unknown reference",
        message: 'No item of the legal collection has the id "privcy".',
        hint: "Known ids: privacy",
        file,
        line: 5,
        column: 33,
        pointer: "/blocks/0/document",
        label: "Page Privacy → block 1 (legal-document) → document",
      },
      expect.objectContaining({
        message: 'No item of the jobs collection has the id "backend-developer".',
        line: 6,
        column: 35,
        label: "Page Privacy → block 2 (job-list) → ids[0]",
      }),
      expect.objectContaining({
        message: 'No item of the faqs collection has the id "pricing".',
        line: 7,
        column: 35,
        label: "Page Privacy → block 3 (faq-list) → ids[0]",
      }),
    ]);
  });
});
