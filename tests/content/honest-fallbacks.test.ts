/**
 * A Hindi page is translated or honestly a fallback (docs/i18n.md "What a page says about its
 * language"): one new English block leaves a translated page indexed, with the block marked
 * lang="en"; a page whose title or most of its text (a legal document's body included) is not
 * translated is a fallback (noindex, canonical to its source, out of the alternates, with a
 * note), and the checker says so in words, which --strict turns into a failure. A list block's
 * collection texts are its page's own: they decide the pages showing them, and no other; the
 * shell's (site config) decide none, are marked lang="en" and are listed, in words, as is a
 * service title the shell lists untranslated.
 */
import site from "../../src/page/site-settings.ts";
import { checkSite, type SiteCheck } from "../../src/runtime/content/check.ts";
import { type ContentFiles, withFile } from "../../src/runtime/content/read.ts";
import { realSite } from "./real-site.ts";
import { FALLBACK_CODES } from "../../src/runtime/content/fallback-check.ts";
import { judgePage } from "../../src/runtime/i18n/page-language.ts";
import { alternatesOf } from "../../src/runtime/i18n/locale-routes.ts";
import { collectionReads } from "../../src/runtime/i18n/collection-reads.ts";
import { shellDataFrom } from "../../src/shell/data.ts";

const ABOUT = "content/pages/about.json";
const ABOUT_HI = "content/translations/hi/pages/about.json";

let files: ContentFiles;
let checked: SiteCheck;
beforeAll(async () => void ({ files, checked } = await realSite()), 120_000);

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

  it("becomes a fallback when its title is not translated, and the checker says so at its translation, which --strict fails on", async () => {
    const hindi = JSON.parse(files.json.get(ABOUT_HI)!) as { meta: Record<string, unknown> };
    delete hindi.meta.title;
    const partial = await checkSite(withFile(files, ABOUT_HI, JSON.stringify(hindi)));
    expect(partial.pages.get("/hi/about")!.head).toMatchObject({ noindex: true, canonical: `${site.url}/about` });
    const said = partial.warnings.find((w) => w.code === "PageInFallback")!;
    expect(said.file).toBe(ABOUT_HI);
    expect(said.message).toContain("its title is not translated");
    expect(codes(partial).filter((c) => FALLBACK_CODES.includes(c))).toEqual(["PageInFallback"]);
  }, 60_000);
});

describe("texts shown from elsewhere", () => {
  const FAQS_HI = "content/translations/hi/collections/faqs.json";
  const SITE_HI = "content/translations/hi/site.json";
  const without = (file: string): ContentFiles => ({ ...files, json: new Map([...files.json].filter(([f]) => f !== file)) });

  it("counts a list block's collection texts as its page's: untranslated FAQs decide the page showing them, no other", async () => {
    const partial = await checkSite(without(FAQS_HI));
    const contact = partial.pages.get("/hi/sampark")!;
    expect(contact.head.noindex).toBe(true);
    expect(contact.blocks.at(-1)).toMatchObject({ type: "faq-list", lang: "en" });
    for (const path of ["/hi", "/hi/about", "/hi/privacy"]) expect(partial.pages.get(path)!.head.noindex).toBe(false);
    const said = partial.warnings.filter((w) => FALLBACK_CODES.includes(w.code));
    expect(said.map((w) => [w.code, w.file])).toEqual([["PageInFallback", "content/translations/hi/pages/contact.json"]]);
  }, 60_000);

  it("de-indexes no page for an untranslated text of the shell: marks it English and lists it, and --strict fails on it", async () => {
    const hindi = JSON.parse(files.json.get(SITE_HI)!) as { fields: Record<string, unknown> };
    delete hindi.fields["footer.quickLinksTitle"];
    const partial = await checkSite(withFile(files, SITE_HI, JSON.stringify(hindi)));
    for (const path of ["/hi", "/hi/about", "/hi/sampark"]) expect(partial.pages.get(path)!.head.noindex).toBe(false);
    expect(partial.localised!.get("hi")!.siteLanguages).toEqual({ "footer.quickLinksTitle": "en" });
    const said = partial.warnings.filter((w) => FALLBACK_CODES.includes(w.code));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ code: "SharedTextsUntranslated", file: SITE_HI });
    expect(said[0]!.message).toBe('1 text of the navigation, footer or blog taxonomy is shown in English on every हिन्दी page: "Quick Links". They are marked as English there, and no page leaves the index for them.');
  }, 60_000);

  it("marks an untranslated service title lang=en where the shell lists it (footer, services menu), and no other", async () => {
    const SERVICES_HI = "content/translations/hi/collections/services.json";
    const hindi = JSON.parse(files.json.get(SERVICES_HI)!) as { items: Record<string, Record<string, unknown>> };
    delete hindi.items["mobile-development"]!.title;
    const partial = await checkSite(withFile(files, SERVICES_HI, JSON.stringify(hindi)));
    const { services } = shellDataFrom(partial.localised!.get("hi")!, "hi");
    expect(services.filter((s) => s.lang)).toEqual([expect.objectContaining({ id: "mobile-development", title: "Mobile App Development", lang: "en" })]);
    expect(shellDataFrom(checked.localised!.get("hi")!, "hi").services.filter((s) => s.lang)).toEqual([]);
  }, 60_000);

  it("knows which items a list block shows from what its load reads", async () => {
    const contact = checked.table!.routes.get("/contact")!;
    const reads = await collectionReads(contact, checked.content!);
    const faqBlock = contact.file.page.blocks.findIndex((b) => b.type === "faq-list");
    const fields = new Set(reads[faqBlock]!.map((r) => `${r.collection}:${r.path.at(-1)}`));
    expect(fields).toEqual(new Set(["faqs:id", "faqs:question", "faqs:answer"]));
    expect(reads[0]).toEqual([]);
  });
});
