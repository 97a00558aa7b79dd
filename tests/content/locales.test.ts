/**
 * The locale registry (content/locales.json): a locale is data, checked like any content
 * file. Each mistake is reported once, where it is written, with what to do.
 */
import { checkFixture } from "./site-fixture.ts";
import type { ContentError } from "../../src/content-files/errors.ts";

const FILE = "content/locales.json";

/** The registry file for these locales, one per line so positions are predictable. */
function registry(defaultLocale: string, locales: Record<string, unknown>[]): string {
  return `{\n  "default": ${JSON.stringify(defaultLocale)},\n  "locales": [\n${locales.map((l) => `    ${JSON.stringify(l)}`).join(",\n")}\n  ]\n}\n`;
}

const en = { code: "en", name: "English", status: "published" };
const hi = { code: "hi", name: "हिन्दी", fallback: ["en"], status: "draft" };

async function errorsFor(text: string): Promise<ContentError[]> {
  const { errors } = await checkFixture({ files: { [FILE]: text } });
  return errors;
}

const summary = (errors: ContentError[]) => errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.pointer} ${e.code}`);

describe("the locale registry", () => {
  it("is valid in the fixture (English default, Hindi draft) and in the real content", async () => {
    const { errors, locales } = await checkFixture();
    expect(errors).toEqual([]);
    expect(locales?.default.code).toBe("en");
    expect(locales?.locales.map((l) => [l.code, l.direction, l.status, l.requireComplete])).toEqual([
      ["en", "ltr", "published", false],
      ["hi", "ltr", "draft", false],
    ]);
  });

  it("is required", async () => {
    const { errors } = await checkFixture({ remove: [FILE] });
    expect(errors).toEqual([
      expect.objectContaining({ code: "MissingLocalesFile", file: FILE, line: 1, column: 1, message: "content/locales.json does not exist." }),
    ]);
  });

  it("accepts only BCP 47 codes in their canonical spelling", async () => {
    const errors = await errorsFor(registry("en", [en, { ...hi, code: "HI" }, { ...hi, code: "en_GB" }]));
    expect(errors).toEqual([
      expect.objectContaining({
        code: "InvalidValue",
        file: FILE,
        line: 5,
        column: 6,
        pointer: "/locales/1/code",
        label: "Locales → locale 2 (HI) → code",
        message: '"HI" is written "hi" in BCP 47',
        hint: 'Write "hi".',
      }),
      expect.objectContaining({ code: "InvalidValue", pointer: "/locales/2/code", message: '"en_GB" is not a BCP 47 language tag' }),
    ]);
  });

  it("lists each code once", async () => {
    const errors = await errorsFor(registry("en", [en, hi, { ...hi, name: "Hindi" }]));
    expect(summary(errors)).toEqual([`${FILE}:6:6 /locales/2/code DuplicateLocale`]);
  });

  it("has a default that is one of its locales, published, with no fallback", async () => {
    expect(summary(await errorsFor(registry("fr", [en, hi])))).toEqual([`${FILE}:2:3 /default UnknownLocale`]);
    const errors = await errorsFor(registry("en", [{ ...en, status: "draft", fallback: ["hi"] }, { ...hi, fallback: [] }]));
    expect(summary(errors)).toEqual([`${FILE}:4:52 /locales/0/fallback DefaultLocaleFallback`, `${FILE}:4:35 /locales/0/status DefaultLocaleDraft`]);
  });

  it("has fallbacks that exist", async () => {
    const errors = await errorsFor(registry("en", [en, { ...hi, fallback: ["mr", "en"] }]));
    expect(errors).toEqual([
      expect.objectContaining({ code: "UnknownLocale", pointer: "/locales/1/fallback/0", message: 'No locale has the code "mr".', hint: expect.stringContaining("Known locales: en, hi.") }),
    ]);
  });

  it("reports a loop of fallbacks once, at the first of its locales", async () => {
    const mr = { code: "mr", name: "मराठी", fallback: ["hi"], status: "draft" };
    const errors = await errorsFor(registry("en", [en, { ...hi, fallback: ["en", "mr"] }, mr]));
    expect(errors).toEqual([
      expect.objectContaining({ code: "FallbackCycle", pointer: "/locales/1/fallback/1", message: "The fallbacks go round in a loop: hi → mr → hi." }),
    ]);
    const self = await errorsFor(registry("en", [en, { ...hi, fallback: ["hi"] }]));
    expect(self).toEqual([expect.objectContaining({ code: "FallbackCycle", pointer: "/locales/1/fallback/0", message: "The fallbacks go round in a loop: hi → hi." })]);
  });

  it("checks each locale's shape: direction, status", async () => {
    const errors = await errorsFor(registry("en", [en, { ...hi, direction: "up", status: "live" }]));
    expect(summary(errors).sort()).toEqual([`${FILE}:5:68 /locales/1/direction NotAnOption`, `${FILE}:5:52 /locales/1/status NotAnOption`].sort());
  });

  it("keeps another locale's prefix free: no page or redirect of the default locale lives under /hi", async () => {
    const { errors } = await checkFixture({
      files: {
        "content/pages/hindi.json": JSON.stringify({ path: "/hi", meta: { title: "Hindi", description: "A page where Hindi's pages go." }, blocks: [{ type: "hero", title: "Hi", subtitle: "There" }] }),
        "content/collections/redirects.json": JSON.stringify({ items: [{ from: "/hi/old", to: "/about" }, { from: "/hindi", to: "/about" }] }),
      },
    });
    expect(errors.map((e) => `${e.file}#${e.pointer} ${e.code} ${e.message}`)).toEqual([
      'content/pages/hindi.json#/path LocalePrefixTaken /hi is under /hi, where the pages of the locale "hi" live.',
      'content/collections/redirects.json#/items/0/from LocalePrefixTaken /hi/old is under /hi, where the pages of the locale "hi" live.',
    ]);
  });

  it("names the same default language as the site settings", async () => {
    const errors = await errorsFor(registry("en-GB", [{ ...en, code: "en-GB" }]));
    expect(errors).toEqual([
      expect.objectContaining({ code: "SiteLocaleMismatch", file: "content/site.json", pointer: "/locale", message: expect.stringContaining('"en"') }),
    ]);
  });
});
