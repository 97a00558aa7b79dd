/**
 * A Hindi page is translated or honestly a fallback (docs/i18n.md "What a page says about its
 * language"): one new English block leaves a translated page indexed, with the block marked
 * lang="en"; a page whose title or most of its text (a legal document's body included) is not
 * translated is a fallback (noindex, canonical to its source, out of the alternates, with a
 * note), and the checker says so in words, which --strict turns into a failure.
 */
import site from "../../src/page/site-settings.ts";
import { checkSite, type SiteCheck } from "../../src/runtime/content/check.ts";
import { readContent, type ContentFiles, withFile } from "../../src/runtime/content/read.ts";
import { FALLBACK_CODES } from "../../src/runtime/content/fallback-check.ts";
import { judgePage } from "../../src/runtime/i18n/page-language.ts";
import { alternatesOf } from "../../src/runtime/i18n/locale-routes.ts";

const ABOUT = "content/pages/about.json";
const ABOUT_HI = "content/translations/hi/pages/about.json";

let files: ContentFiles;
let checked: SiteCheck;
beforeAll(async () => {
  files = await readContent(process.cwd());
  checked = await checkSite(files);
  expect(checked.errors).toEqual([]);
}, 120_000);

const codes = (c: SiteCheck) => c.warnings.map((w) => w.code);
const withoutLegal = (f: ContentFiles, id: string): ContentFiles => ({
  ...f,
  legalTranslations: { hi: { ...f.legalTranslations!.hi!, items: f.legalTranslations!.hi!.items.filter((i) => i.id !== id) } },
});

describe("the rule", () => {
  const texts = [
    { path: ["meta", "title"], text: "About" },
    { path: ["blocks", 0, "title"], text: "x".repeat(80) },
    { path: ["blocks", 1, "title"], text: "y".repeat(20) },
  ];
  it("indexes a page with its title and 80 % of its characters translated, and marks the block in English", () => {
    const verdict = judgePage("hi", 2, texts, [{ path: ["blocks", 1, "title"], locale: "en" }]);
    expect(verdict).toMatchObject({ fallback: false, titleTranslated: true, blocks: [undefined, "en"] });
  });
  it("makes it a fallback without its title, or with less than 80 % translated, counting what blocks show", () => {
    expect(judgePage("hi", 2, texts, [{ path: ["meta", "title"], locale: "en" }]).fallback).toBe(true);
    expect(judgePage("hi", 2, texts, [{ path: ["blocks", 0, "title"], locale: "en" }])).toMatchObject({ fallback: true, shownIn: "en", blocks: ["en", undefined] });
    expect(judgePage("hi", 2, texts, [], [{ block: 1, chars: 500, locale: "en" }])).toMatchObject({ fallback: true, blocks: [undefined, "en"] });
  });
});

describe("the real Hindi site", () => {
  it("has its privacy policy and terms in Hindi, indexed, and counted: 3 texts each", () => {
    for (const path of ["/hi/privacy", "/hi/terms"]) {
      const page = checked.pages.get(path)!;
      expect(page.head.noindex).toBe(false);
      expect(page.fallback).toBeUndefined();
      expect(page.blocks.every((b) => b.lang === undefined)).toBe(true);
      expect(JSON.stringify(page.blocks)).toContain("भारत");
    }
    expect(checked.completeness.find((c) => c.locale === "hi" && c.page === "content/legal/privacy.md")).toMatchObject({ translated: 3, total: 3 });
    expect(codes(checked).filter((c) => FALLBACK_CODES.includes(c))).toEqual([]);
  });

  it("names the positions' types in Hindi (a label per type, translated with the page)", () => {
    const jobs = checked.pages.get("/hi/careers")!.blocks.find((b) => b.type === "job-list")!;
    expect(jobs.props.typeLabels).toEqual({ fullTime: "फ़ुल टाइम", partTime: "पार्ट टाइम" });
    expect(checked.pages.get("/careers")!.blocks.find((b) => b.type === "job-list")!.props.typeLabels).toEqual({ fullTime: "Full Time", partTime: "Part Time" });
  });
});

describe("a legal document without its Hindi translation", () => {
  it("makes its page a fallback that says so, with the English marked, and the checker says it in words", async () => {
    const partial = await checkSite(withoutLegal(files, "privacy"));
    const page = partial.pages.get("/hi/privacy")!;
    expect(page.head).toMatchObject({ noindex: true, canonical: `${site.url}/privacy` });
    expect(page.fallback).toEqual({ lang: "en", name: "अंग्रेज़ी" });
    expect(page.blocks[0]!.lang).toBe("en");
    expect(alternatesOf(partial.table!, partial.table!.routes.get("/privacy")!)).toEqual([]);
    expect(codes(partial)).toEqual(expect.arrayContaining(["LegalNotTranslated", "PageInFallback"]));
    const said = partial.warnings.find((w) => w.code === "PageInFallback")!;
    expect(said.file).toBe("content/translations/hi/pages/privacy.json");
    expect(said.message).toMatch(/^\/hi\/privacy is a fallback, not indexed: \d+ % of its text is in हिन्दी/);
    expect(partial.completeness.find((c) => c.locale === "hi" && c.page === "content/legal/privacy.md")).toMatchObject({ translated: 0, total: 3 });
  }, 60_000);

  it("is stale, and still shown and indexed, when the English document changes", async () => {
    const legal = files.markdown.legal!;
    const changed: ContentFiles = {
      ...files,
      markdown: { ...files.markdown, legal: { ...legal, items: legal.items.map((d) => (d.id === "terms" ? { ...d, body: `${String(d.body)}\n\nA new paragraph.` } : d)) } },
    };
    const partial = await checkSite(changed);
    expect(partial.warnings.find((w) => w.code === "LegalTranslationStale")?.file).toBe("content/translations/hi/legal/terms.md");
    expect(partial.pages.get("/hi/terms")!.head.noindex).toBe(false);
  }, 60_000);
});

describe("a translated page with a new English block", () => {
  it("stays indexed, with the new block marked lang=en and the others not", async () => {
    const about = JSON.parse(files.json.get(ABOUT)!) as { blocks: Record<string, unknown>[] };
    about.blocks.push({ type: "cta", key: "new-cta", title: "Talk to us", text: "A short new call to action.", actions: [{ label: "Contact", href: "/contact" }] });
    const partial = await checkSite(withFile(files, ABOUT, JSON.stringify(about)));
    expect(partial.errors).toEqual([]);
    const page = partial.pages.get("/hi/about")!;
    expect(page.head.noindex).toBe(false);
    expect(page.blocks.at(-1)!.lang).toBe("en");
    expect(page.blocks.slice(0, -1).every((b) => b.lang === undefined)).toBe(true);
    expect(codes(partial)).toContain("TranslationMissing");
    expect(codes(partial).filter((c) => FALLBACK_CODES.includes(c))).toEqual([]);
  }, 60_000);

  it("becomes a fallback when its title is not translated, and the checker says so at its translation", async () => {
    const hindi = JSON.parse(files.json.get(ABOUT_HI)!) as { meta: Record<string, unknown> };
    delete hindi.meta.title;
    const partial = await checkSite(withFile(files, ABOUT_HI, JSON.stringify(hindi)));
    expect(partial.pages.get("/hi/about")!.head).toMatchObject({ noindex: true, canonical: `${site.url}/about` });
    const said = partial.warnings.find((w) => w.code === "PageInFallback")!;
    expect(said.file).toBe(ABOUT_HI);
    expect(said.message).toContain("its title is not translated");
  }, 60_000);
});
