/**
 * Reusable sections (content/sections/<id>.json): a page places one with a `section` block, and
 * its data holds the section's blocks in the reference's place, in every locale; references
 * are checked as collection items' are (located, with "did you mean"); a section's translations
 * are its own, written once for every page placing it.
 */
import path from "node:path";
import { errors as catalogue } from "../../src/errors/catalogue.ts";
import { checkSite } from "../../src/runtime/content/check.ts";
import { type ContentFiles, readContent, withFile } from "../../src/runtime/content/read.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import { sectionTranslationFile } from "../../schemas/translations.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SECTION = "content/sections/closing-cta.json";
const CAREERS = "content/pages/careers.json";
const ABOUT = "content/pages/about.json";

const cta = { type: "cta", key: "cta", title: "Talk to an engineer today", text: "Tell us what you are building.", actions: [{ label: "Contact us", href: "/contact" }] };
const section = { $schema: "../../schemas/json/section.schema.json", name: "Closing call to action", blocks: [cta] };

let files: ContentFiles;
beforeAll(async () => {
  files = await readContent(ROOT);
});

const json = (value: unknown) => JSON.stringify(value, null, 2);
/** A page file with a block placed before its last one. */
const placing = (content: ContentFiles, file: string, block: Record<string, unknown>) => {
  const page = JSON.parse(content.json.get(file)!) as { blocks: unknown[] };
  page.blocks.splice(page.blocks.length - 1, 0, block);
  return withFile(content, file, json(page));
};
const found = (errors: { code: string; file: string; pointer: string }[], file: string) => errors.filter((e) => e.file === file).map(({ code, pointer }) => ({ code, pointer }));

test("a page placing a section shows the section's blocks in the reference's place, in every locale; other pages are untouched", async () => {
  const withSection = placing(withFile(files, SECTION, json(section)), CAREERS, { type: "section", key: "closing", section: "closing-cta" });
  const [before, after] = await Promise.all([checkSite(files), checkSite(withSection)]);
  expect(after.errors).toEqual([]);
  const careers = after.pages.get("/careers")!.blocks.map((b) => b.type);
  expect(careers).toEqual([...before.pages.get("/careers")!.blocks.map((b) => b.type).slice(0, -1), "cta", before.pages.get("/careers")!.blocks.at(-1)!.type]);
  expect(after.pages.get("/careers")!.blocks.at(-2)!.props).toMatchObject({ title: cta.title, text: cta.text });
  expect(after.pages.get("/hi/careers")!.blocks.some((b) => b.type === "section")).toBe(false);
  expect(after.pages.get("/hi/careers")!.blocks.map((b) => b.type)).toEqual(careers);
  expect(after.pages.get("/about")).toEqual(before.pages.get("/about"));
});

test("a reference to a section that does not exist is located at the block, with the closest id; a section placing a section is refused", async () => {
  const nested = withFile(files, SECTION, json({ ...section, blocks: [cta, { type: "section", section: "closing-cta" }] }));
  const { errors } = await checkSite(placing(withFile(nested, "content/sections/trust-strip.json", json(section)), ABOUT, { type: "section", key: "closing", section: "trust-strp" }));
  expect(found(errors, SECTION)).toEqual([{ code: catalogue.SectionInSection.code, pointer: "/blocks/1/type" }]);
  const reference = errors.find((e) => e.file === ABOUT && e.code === catalogue.UnknownSection.code)!;
  expect(reference.pointer).toBe("/blocks/5/section");
  expect(reference.hint).toBe('Did you mean "trust-strip"?');
  // The section with errors of its own is reported there alone, not again at a page placing it.
  const waiting = await checkSite(placing(nested, CAREERS, { type: "section", key: "closing", section: "closing-cta" }));
  expect(found(waiting.errors, CAREERS)).toEqual([]);
});

test("a section's mistakes and broken links are located in its file, as a page's are", async () => {
  const { errors } = await checkSite(withFile(files, SECTION, json({ ...section, blocks: [{ ...cta, title: "x".repeat(200), actions: [{ label: "Contact us", href: "/contcat" }] }] })));
  expect(found(errors, SECTION)).toEqual(
    expect.arrayContaining([
      { code: catalogue.TooLong.code, pointer: "/blocks/0/title" },
      { code: catalogue.BrokenLink.code, pointer: "/blocks/0/actions/0/href" },
    ]),
  );
});

test("a section is translated once, in its own file: every page placing it shows the translation, and the pages' own translations are not asked for its texts", async () => {
  const hindi = { $schema: "../../../../schemas/json/section-translation.schema.json", blocks: { cta: { title: { text: "आज ही किसी इंजीनियर से बात करें", source: cta.title, hash: sourceHash(cta.title) } } } };
  let content = withFile(files, SECTION, json(section));
  content = withFile(content, sectionTranslationFile("hi", "closing-cta"), json(hindi));
  content = placing(placing(content, CAREERS, { type: "section", key: "closing", section: "closing-cta" }), ABOUT, { type: "section", key: "closing", section: "closing-cta" });
  const before = await checkSite(files);
  const { errors, pages, completeness } = await checkSite(content);
  expect(errors).toEqual([]);
  for (const path of ["/hi/careers", "/hi/about"]) expect(pages.get(path)!.blocks.map((b) => b.props.title)).toContain(hindi.blocks.cta.title.text);
  // The text not translated (the section's text) is shown in English: counted on the section, not on each page.
  const of = (check: typeof completeness, file: string) => check.find((c) => c.locale === "hi" && c.page === file);
  expect(of(completeness, SECTION)).toMatchObject({ translated: 1, total: 3 });
  expect(of(completeness, CAREERS)!.total).toBe(of(before.completeness, CAREERS)!.total);
});
