/**
 * Saving translations through the page editor's local API (server/plugins/editor.ts) on a copy
 * of the site's content: a page's Hindi translation file opens with its source's texts and the
 * checker's state of each; marking a stale text as still correct and typing a missing one each
 * change one line of the file; a translation not begun is created by its first save; the site
 * config's and the blog taxonomy's translations are edited the same way; any other name in the
 * translations folder, and a locale the site does not have, are not the editor's to write.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { emptyTranslation, stillCorrect, type TextState, typed } from "../../src/editor/document/translation.ts";
import { setAt } from "../../src/editor/document/paths.ts";
import type { OpenDocument, TranslationState } from "../../src/editor/model.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";

const KEY = "test-admin-key-0123456789abcdef";
const LOCAL = { host: "127.0.0.1:5173", origin: "http://127.0.0.1:5173", "sec-fetch-site": "same-origin", authorization: `Bearer ${KEY}` };
const JSON_LOCAL = { ...LOCAL, "content-type": "application/json" };
const ABOUT = "content/pages/about.json";
const ABOUT_HI = "content/translations/hi/pages/about.json";
const CAREERS_HI = "content/translations/hi/pages/careers.json";
const NEW_TITLE = "Engineers who care how your business is doing";

let dir: string;
let root: string;
let app: FastifyInstance;
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "editor-translations-"));
  root = path.join(dir, "site");
  cpSync("content", path.join(root, "content"), { recursive: true });
  cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });
  cpSync("site.config.ts", path.join(root, "site.config.ts"));
  mkdirSync(path.join(dir, "build"));
  writeFileSync(path.join(dir, "build", "forms.json"), JSON.stringify({ agency: { name: "Test", email: "test@example.com" }, forms: [] }));
  const config = readConfig({ ADMIN: "1", BUILD_DIR: path.join(dir, "build"), CONTENT_ROOT: root, DATABASE_URL: `file:${path.join(dir, "site.db")}` });
  app = await buildApp(config, { logger: false, apiOnly: true, adminKey: KEY });
}, 60_000);
afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(file: string) {
  const res = await app.inject({ method: "GET", url: `/api/editor/document?file=${encodeURIComponent(file)}`, headers: LOCAL });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OpenDocument & { translation: TranslationState };
}

const save = (file: string, data: unknown, version: string | null) =>
  app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, ...(version === null ? { "if-none-match": "*" } : { "if-match": `"${version}"` }) }, payload: { file, data } });

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
  expect(res.statusCode, res.body).toBe(200);
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
  expect(res.statusCode, res.body).toBe(200);
  expect(changedLines(before, read(ABOUT_HI)).added).toBe(1);
  expect(JSON.parse(read(ABOUT_HI)).blocks.hero.subtitle).toEqual({ text: "हम डेवलपर्स की टीम हैं।", source: subtitle.source, hash: subtitle.hash });

  ({ data, version, translation } = await open(ABOUT_HI));
  expect(textAt(translation, "blocks/hero/subtitle").state).toBe("translated");
  const middle = read(ABOUT_HI);
  edit = typed(data, textAt(translation, "meta/title"), "हमारे बारे में जानें");
  expect(edit.path).toEqual(["meta", "title", "text"]);
  res = await save(ABOUT_HI, setAt(data, edit.path, edit.value), version);
  expect(res.statusCode, res.body).toBe(200);
  expect(changedLines(middle, read(ABOUT_HI))).toEqual({ changed: ['    "title": { "text": "हमारे बारे में जानें", "source": "About Us", "hash": "5d8c71abc527284c" },'], added: 0 });
});

it("a translation not begun: its draft is checked with its source's texts, and its first save writes the file", async () => {
  rmSync(path.join(root, CAREERS_HI));
  const missing = await app.inject({ method: "GET", url: `/api/editor/document?file=${encodeURIComponent(CAREERS_HI)}`, headers: LOCAL });
  expect(missing.statusCode).toBe(404);
  const empty = emptyTranslation("page");
  const checked = await app.inject({ method: "POST", url: "/api/editor/check", headers: JSON_LOCAL, payload: { file: CAREERS_HI, data: empty } });
  const translation = checked.json().translation as TranslationState;
  expect(translation.translated).toBe(0);
  expect(new Set(translation.texts.map((t) => t.state))).toEqual(new Set(["missing"]));
  const first = translation.texts.find((t) => t.slot[0] === "blocks")!;
  const edit = typed(empty, first, "पहला अनुवाद");
  const res = await save(CAREERS_HI, setAt(empty, edit.path, edit.value), null);
  expect(res.statusCode, res.body).toBe(201);
  expect(JSON.parse(read(CAREERS_HI))).toEqual({ $schema: "../../../../schemas/json/page-translation.schema.json", blocks: { [first.slot[1]!]: { [first.slot[2]!]: { text: "पहला अनुवाद", source: first.source, hash: first.hash } } } });
});

it.each([
  ["the site config's", "content/translations/hi/site.json", "site.config.ts", "tagline"],
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
  expect(res.statusCode, res.body).toBe(200);
  expect(changedLines(before, read(file))).toEqual({ changed: [line], added: 0 });
  expect(read(file)).toBe(original);
  expect(textAt((await open(file)).translation, `fields/${field}`).state).toBe("translated");
});

it("another name in a locale's translations folder, a name outside the folder, and a locale the site does not have, are not the editor's to write", async () => {
  for (const file of ["content/translations/hi/sites.json", "content/translations/hi/site.json.bak", "content/translations/../site.json", "content/translations/hi/pages/../site.json"]) {
    const refused = await save(file, { fields: {} }, null);
    expect([refused.statusCode, refused.json().error.code], file).toEqual([404, "EditorNotEditable"]);
  }
  // A locale that is no language tag steps out of the folder: content/translations/../pages/about.json is the page itself.
  const outside = await save("content/translations/../pages/about.json", { blocks: {} }, null);
  expect([outside.statusCode, outside.json().error.code]).toEqual([404, "EditorNotEditable"]);
  expect(read(ABOUT)).toBe(readFileSync(ABOUT, "utf8"));
  const french = await save("content/translations/fr/pages/about.json", { blocks: {} }, null);
  expect([french.statusCode, french.json().error.code]).toEqual([422, "EditorHasErrors"]);
  expect(french.json().errors.map((e: { code: string }) => e.code)).toContain("UnknownTranslationLocale");
});
