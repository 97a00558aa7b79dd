/**
 * Saving translations through the editor store (src/editor/server/store.ts, which the studio
 * publishes pages, collections and translations through) on a copy of the site's content: a
 * page's Hindi translation file opens with its source's texts and the checker's state of each;
 * marking a stale text as still correct and typing a missing one each change one line of the
 * file; a translation not begun is created by its first save; the site config's and the blog
 * taxonomy's translations are edited the same way; any other name in the translations folder,
 * and a locale the site does not have, are not the editor's to write.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import { editorStore, type StoreResult } from "../../src/editor/server/store.ts";
import { emptyTranslation, stillCorrect, type TextState, typed } from "../../src/editor/document/translation.ts";
import { setAt } from "../../src/editor/document/paths.ts";
import type { OpenDocument, TranslationState } from "../../src/editor/model.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";

const ABOUT = "content/pages/about.json";
const ABOUT_HI = "content/translations/hi/pages/about.json";
const CAREERS_HI = "content/translations/hi/pages/careers.json";
const NEW_TITLE = "Engineers who care how your business is doing";

let root: string;
let store: ReturnType<typeof editorStore>;
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "editor-translations-"));
  cpSync("content", path.join(root, "content"), { recursive: true });
  cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });
  store = editorStore({ root });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A refusal's status and code, or "ok". */
const outcome = (result: StoreResult<unknown>) => (result.ok ? "ok" : `${result.status} ${result.error.code}`);

async function open(file: string) {
  const opened = await store.open(file);
  if (!opened.ok) throw new Error(`${file}: ${outcome(opened)}`);
  return opened.value as OpenDocument & { translation: TranslationState };
}

const save = (file: string, data: unknown, version: string | null) => store.save(file, data, version);

/** The lines of `after` that `before` does not have at the same place, and the number of lines added. */
function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { changed: b.filter((line, i) => line !== a[i] && line !== a[i - (b.length - a.length)]), added: b.length - a.length };
}

const textAt = (translation: TranslationState, slot: string) => translation.texts.find((t) => t.slot.join("/") === slot) as TextState;

it("a page's translation opens with every text of its source that translates, each as the checker finds it", async () => {
  const { translation } = await open(ABOUT_HI);
  expect(translation).toMatchObject({ locale: "hi", page: ABOUT, translationFile: ABOUT_HI, percent: 100 });
  expect(translation.texts.length).toBe(translation.total);
  expect(textAt(translation, "blocks/hero/title")).toEqual({
    slot: ["blocks", "hero", "title"],
    path: ["blocks", 0, "title"],
    source: "Engineers who care how your business does",
    hash: sourceHash("Engineers who care how your business does"),
    state: "translated",
  });
  // Only what translates: the hero's showClaims (a boolean) is not asked for.
  expect(translation.texts.map((t) => t.slot.join("/"))).not.toContain("blocks/hero/showClaims");
});

it("a stale text marked as still correct: its source and hash follow the English, on its one line", async () => {
  write(ABOUT, read(ABOUT).replace('"title": "Engineers who care how your business does"', `"title": "${NEW_TITLE}"`));
  const before = read(ABOUT_HI);
  const { data, version, translation } = await open(ABOUT_HI);
  const title = textAt(translation, "blocks/hero/title");
  expect(title.state).toBe("stale");
  const edit = stillCorrect(data, title)!;
  const res = await save(ABOUT_HI, setAt(data, edit.path, edit.value), version);
  expect(outcome(res)).toBe("ok");
  const { changed, added } = changedLines(before, read(ABOUT_HI));
  expect(added).toBe(0);
  expect(changed).toEqual([`      "title": { "text": "ऐसे इंजीनियर जिन्हें आपके बिज़नेस की परवाह है", "source": "${NEW_TITLE}", "hash": "${sourceHash(NEW_TITLE)}" },`]);
  const reopened = await open(ABOUT_HI);
  expect(textAt(reopened.translation, "blocks/hero/title").state).toBe("translated");
  expect(reopened.translation.percent).toBe(100);
});

it("a missing text typed in: one new line with its source and hash; a typed change of a translated text changes its text alone", async () => {
  // The hero's subtitle (a long text) was never translated: its line is not there.
  write(ABOUT_HI, read(ABOUT_HI).replace(/\},\n\s*"subtitle": \{[^\n]*\}\n/, "}\n"));
  const before = read(ABOUT_HI);
  let { data, version, translation } = await open(ABOUT_HI);
  const subtitle = textAt(translation, "blocks/hero/subtitle");
  expect(subtitle.state).toBe("missing");
  expect(translation.percent).toBeLessThan(100);
  let edit = typed(data, subtitle, "हम डेवलपर्स की टीम हैं।");
  let res = await save(ABOUT_HI, setAt(data, edit.path, edit.value), version);
  expect(outcome(res)).toBe("ok");
  expect(changedLines(before, read(ABOUT_HI)).added).toBe(1);
  expect(JSON.parse(read(ABOUT_HI)).blocks.hero.subtitle).toEqual({ text: "हम डेवलपर्स की टीम हैं।", source: subtitle.source, hash: subtitle.hash });

  ({ data, version, translation } = await open(ABOUT_HI));
  expect(textAt(translation, "blocks/hero/subtitle").state).toBe("translated");
  const middle = read(ABOUT_HI);
  edit = typed(data, textAt(translation, "meta/title"), "हमारे बारे में जानें");
  expect(edit.path).toEqual(["meta", "title", "text"]);
  res = await save(ABOUT_HI, setAt(data, edit.path, edit.value), version);
  expect(outcome(res)).toBe("ok");
  expect(changedLines(middle, read(ABOUT_HI))).toEqual({ changed: ['    "title": { "text": "हमारे बारे में जानें", "source": "About Us", "hash": "5d8c71abc527284c" },'], added: 0 });
});

it("a translation not begun: its draft is checked with its source's texts, and its first save writes the file", async () => {
  rmSync(path.join(root, CAREERS_HI));
  expect(outcome(await store.open(CAREERS_HI))).toBe("404 EditorNotFound");
  const empty = emptyTranslation("page");
  const checked = await store.check(CAREERS_HI, empty);
  if (!checked.ok) throw new Error(outcome(checked));
  const translation = checked.value.translation!;
  expect(translation.translated).toBe(0);
  expect(new Set(translation.texts.map((t) => t.state))).toEqual(new Set(["missing"]));
  const first = translation.texts.find((t) => t.slot[0] === "blocks")!;
  const edit = typed(empty, first, "पहला अनुवाद");
  const res = await save(CAREERS_HI, setAt(empty, edit.path, edit.value), null);
  expect(outcome(res)).toBe("ok");
  expect(JSON.parse(read(CAREERS_HI))).toEqual({ $schema: "../../../../schemas/json/page-translation.schema.json", blocks: { [first.slot[1]!]: { [first.slot[2]!]: { text: "पहला अनुवाद", source: first.source, hash: first.hash } } } });
});

it.each([
  ["the site settings'", "content/translations/hi/site.json", "content/site.json", "tagline"],
  ["the blog taxonomy's", "content/translations/hi/blog-taxonomy.json", "content/blog/taxonomy.json", "categories[slug=ai-development].name"],
])("%s translation opens with its source's texts; a stale text marked as still correct changes its one line", async (_, file, source, field) => {
  const fresh = await open(file);
  expect(fresh.translation).toMatchObject({ locale: "hi", page: source, translationFile: file });
  const text = textAt(fresh.translation, `fields/${field}`);
  expect(text.state).toBe("translated");
  // Recorded as made from another English: stale.
  const original = read(file);
  const line = original.split("\n").find((l) => l.includes(`"${field}": {`))!;
  write(file, original.replace(line, line.replace(`"source": ${JSON.stringify(text.source)}, "hash": "${text.hash}"`, `"source": "Older English", "hash": "${sourceHash("Older English")}"`)));
  const before = read(file);
  expect(before).not.toBe(original);
  const { data, version, translation } = await open(file);
  const stale = textAt(translation, `fields/${field}`);
  expect(stale.state).toBe("stale");
  const edit = stillCorrect(data, stale)!;
  const res = await save(file, setAt(data, edit.path, edit.value), version);
  expect(outcome(res)).toBe("ok");
  expect(changedLines(before, read(file))).toEqual({ changed: [line], added: 0 });
  expect(read(file)).toBe(original);
  expect(textAt((await open(file)).translation, `fields/${field}`).state).toBe("translated");
});

it("another name in a locale's translations folder, a name outside the folder, and a locale the site does not have, are not the editor's to write", async () => {
  for (const file of ["content/translations/hi/sites.json", "content/translations/hi/site.json.bak", "content/translations/../site.json", "content/translations/hi/pages/../site.json"]) {
    const refused = await save(file, { fields: {} }, null);
    expect(outcome(refused), file).toBe("404 EditorNotEditable");
  }
  // A locale that is no language tag steps out of the folder: content/translations/../pages/about.json is the page itself.
  const outside = await save("content/translations/../pages/about.json", { blocks: {} }, null);
  expect(outcome(outside)).toBe("404 EditorNotEditable");
  expect(read(ABOUT)).toBe(readFileSync(ABOUT, "utf8"));
  const french = await save("content/translations/fr/pages/about.json", { blocks: {} }, null);
  expect(outcome(french)).toBe("422 EditorHasErrors");
  expect(!french.ok && french.errors?.map((e) => e.code)).toContain("UnknownTranslationLocale");
});
