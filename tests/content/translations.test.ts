/**
 * Translations in the checker: a fixture page (/team) translated into Hindi, then changed the
 * ways the default locale's pages change. Every missing, stale and orphaned translation is
 * reported exactly once, where a person fixes it; reordering, adding, copying and removing
 * blocks never moves another locale's text to another block.
 */
import site from "../../src/page/site-settings.ts";
import type { ContentError } from "../../src/content-files/errors.ts";
import { checkContent } from "../../src/runtime/content/check.ts";
import { registeredPageSchema } from "../../src/blocks/page-schema.ts";
import { localisePage } from "../../src/runtime/i18n/localise.ts";
import { translationReport } from "../../src/runtime/content/translation-report.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import type { Page } from "../../schemas/page.ts";
import { pageTranslationSchema } from "../../schemas/translations.ts";
import { checkFixture, translatedFixture } from "./site-fixture.ts";

const PAGE = "content/pages/team.json";
const HI = "content/translations/hi/pages/team.json";
const fixture = translatedFixture; // tests/content/fixtures/translated/<name>
const team = () => JSON.parse(fixture("team.json")) as Page & { blocks: Record<string, unknown>[] };
const teamHi = () => JSON.parse(fixture("team.hi.json"));

/** Checks the fixture site with /team and its Hindi translation, both as given. */
function checkTeam(page: unknown = team(), hi: unknown = teamHi(), files: Record<string, string> = {}) {
  return checkFixture({ files: { [PAGE]: JSON.stringify(page, null, 2), [HI]: JSON.stringify(hi, null, 2), ...files } });
}

const onTeam = (list: ContentError[]) => list.filter((e) => e.file === PAGE || e.file === HI).map((e) => `${e.file}#${e.pointer} ${e.code}`);

/** The Hindi page, resolved as the runtime will. */
async function hindi(page: Page) {
  return localisePage(await registeredPageSchema(), page, ["hi", "en"], (l) => (l === "hi" ? pageTranslationSchema.parse(teamHi()) : undefined));
}

const HINDI_BY_KEY = { intro: "टीम से मिलिए", clients: "इनका भरोसा", contact: "हमसे बात करें" } as const;

describe("a translated page", () => {
  it("is 100 % translated, with no warning, and the company names in its logo strip are not asked for", async () => {
    const { errors, warnings, completeness } = await checkTeam();
    expect(errors).toEqual([]);
    expect(onTeam(warnings)).toEqual([]);
    expect(completeness.find((c) => c.page === PAGE)).toMatchObject({ locale: "hi", page: PAGE, translationFile: HI, translated: 8, total: 8, percent: 100 });
  });

  it("keeps each block's text on its block when every block moves", async () => {
    const page = team();
    page.blocks.reverse();
    const { errors, warnings, completeness, content } = await checkTeam(page);
    expect(errors).toEqual([]);
    expect(onTeam(warnings)).toEqual([]);
    expect(completeness.find((c) => c.page === PAGE)?.percent).toBe(100);
    const parsed = content!.pages.find((p) => p.source.file === PAGE)!.page;
    const { page: localised, fallbacks } = await hindi(parsed);
    expect(localised.blocks.map((b) => [b.key, (b as { title: string }).title])).toEqual(
      ["contact", "clients", "intro"].map((key) => [key, HINDI_BY_KEY[key as keyof typeof HINDI_BY_KEY]]),
    );
    expect(fallbacks).toEqual([]);
  });

  it("asks only for the new block's texts when a block is added or copied, and leaves the others translated", async () => {
    const page = team();
    const copy = { ...structuredClone(page.blocks[2]!), key: "contact-2", title: "Still here?" };
    page.blocks.splice(1, 0, copy);
    const { warnings, content } = await checkTeam(page);
    expect(onTeam(warnings)).toEqual([
      `${PAGE}#/blocks/1/title TranslationMissing`,
      `${PAGE}#/blocks/1/text TranslationMissing`,
      `${PAGE}#/blocks/1/actions/0/label TranslationMissing`,
    ]);
    const missing = warnings.find((w) => w.pointer === "/blocks/1/title")!;
    expect(missing.message).toBe("No हिन्दी (hi) translation of this text: it is shown in English (en).");
    expect(missing.hint).toBe(`Add "contact-2 → title" to ${HI}.`);
    expect(missing.line).toBe(17);
    const parsed = content!.pages.find((p) => p.source.file === PAGE)!.page;
    const { page: localised, fallbacks } = await hindi(parsed);
    expect(localised.blocks.map((b) => (b as { title: string }).title)).toEqual(["टीम से मिलिए", "Still here?", "इनका भरोसा", "हमसे बात करें"]);
    expect(fallbacks.map((f) => `${f.path.join("/")} ${f.locale}`)).toEqual(["blocks/1/title en", "blocks/1/text en", "blocks/1/actions/0/label en"]);
  });

  it("reports the translations of a removed block once, as orphaned, and keeps the rest; the page's state names the block for the translation editor", async () => {
    const page = team();
    page.blocks.splice(2, 1);
    const { warnings, completeness, content } = await checkTeam(page);
    expect(onTeam(warnings)).toEqual([`${HI}#/blocks/contact TranslationOrphaned`]);
    expect(warnings.find((w) => w.code === "TranslationOrphaned")).toMatchObject({
      line: 34,
      column: 5,
      message: 'The block key "contact" translates a text the page no longer has.',
    });
    expect(completeness.find((c) => c.page === PAGE)).toMatchObject({ translated: 5, total: 5, percent: 100, orphanedBlocks: ["contact"] });
    const parsed = content!.pages.find((p) => p.source.file === PAGE)!.page;
    expect((await hindi(parsed)).page.blocks.map((b) => (b as { title: string }).title)).toEqual(["टीम से मिलिए", "इनका भरोसा"]);
  });

  it("reports a translation whose source text changed as stale, with the old and the new text, where the translation is", async () => {
    const page = team();
    (page.blocks[0] as { title: string }).title = "Meet our team";
    const { warnings, completeness } = await checkTeam(page);
    expect(onTeam(warnings)).toEqual([`${HI}#/blocks/intro/title TranslationStale`]);
    expect(warnings.find((w) => w.code === "TranslationStale")).toEqual({
      code: "TranslationStale",
      title: "Stale translation",
      message: 'The हिन्दी (hi) translation was made from "Meet the team", and the text is now "Meet our team".',
      hint: `Update the translation, then set its "source" to the new text and its "hash" to "${sourceHash("Meet our team")}" (only those two if it is still correct).`,
      file: HI,
      line: 16,
      column: 7,
      pointer: "/blocks/intro/title",
      label: "translations/hi/pages/team.json → blocks.intro.title",
    });
    expect(completeness.find((c) => c.page === PAGE)).toMatchObject({ translated: 7, total: 8, percent: 87 });
    // The same finding, text by text, for the page editor's badges: the current source and the hash a translation of it records.
    const states = completeness.find((c) => c.page === PAGE)!.texts;
    expect(states.filter((s) => s.state !== "translated")).toEqual([
      { slot: ["blocks", "intro", "title"], path: ["blocks", 0, "title"], source: "Meet our team", hash: sourceHash("Meet our team"), state: "stale" },
    ]);
    expect(states).toHaveLength(8);
  });

  it("reports a missing text at the source text, and a translation of a text the page lacks as orphaned", async () => {
    const hi = teamHi();
    delete hi.blocks.intro.subtitle;
    hi.blocks.intro.eyebrow = { text: "टीम", source: "Team", hash: sourceHash("Team") };
    const { warnings, completeness } = await checkTeam(team(), hi);
    expect(onTeam(warnings)).toEqual([`${PAGE}#/blocks/0/subtitle TranslationMissing`, `${HI}#/blocks/intro/eyebrow TranslationOrphaned`]);
    expect(completeness.find((c) => c.page === PAGE)).toMatchObject({ translated: 7, total: 8, percent: 87 });
    expect(completeness.find((c) => c.page === PAGE)!.texts.filter((s) => s.state !== "translated").map((s) => [s.slot.join("/"), s.state])).toEqual([["blocks/intro/subtitle", "missing"]]);
  });

  it("must keep the source's {placeholders}, which are filled in, not translated (an error, once, at the translated text)", async () => {
    const page = team();
    page.meta.title = "{name}: our team";
    const hi = teamHi();
    hi.meta.title = { text: "{नाम}: हमारी टीम", source: "{name}: our team", hash: sourceHash("{name}: our team") };
    const { errors, warnings, completeness } = await checkTeam(page, hi);
    // (The fixture's /team is no template page, so its own {name} is an error of its own, in the page.)
    const inTranslation = errors.filter((e) => e.file === HI);
    expect(onTeam(inTranslation)).toEqual([`${HI}#/meta/title/text TranslationPlaceholders`]);
    expect(inTranslation[0]).toMatchObject({ message: "The source text has {name}, the translation no placeholder.", line: 4 });
    expect(onTeam(warnings)).toEqual([]);
    expect(completeness.find((c) => c.page === PAGE)).toMatchObject({ translated: 7, total: 8 });
    expect(completeness.find((c) => c.page === PAGE)!.texts.find((s) => s.state !== "translated")).toMatchObject({ slot: ["meta", "title"], state: "refused" });
    hi.meta.title.text = "{name}: हमारी टीम";
    expect((await checkTeam(page, hi)).errors.filter((e) => e.file === HI)).toEqual([]);
  });

  it("names the fallback that is shown: a fallback locale's translation before the default's text", async () => {
    const locales = {
      default: "en",
      locales: [
        { code: "en", name: "English", status: "published" },
        { code: "hi", name: "हिन्दी", fallback: ["en"], status: "draft" },
        { code: "mr", name: "मराठी", fallback: ["hi"], status: "draft" },
      ],
    };
    const mr = { blocks: { intro: { title: { text: "संघाला भेटा", source: "Meet the team", hash: sourceHash("Meet the team") } } } };
    const { warnings } = await checkTeam(team(), teamHi(), {
      "content/locales.json": JSON.stringify(locales),
      "content/translations/mr/pages/team.json": JSON.stringify(mr),
    });
    const subtitle = warnings.filter((w) => w.pointer === "/blocks/0/subtitle");
    expect(subtitle).toHaveLength(1);
    expect(subtitle[0]!.message).toBe("No मराठी (mr) translation of this text: it is shown in हिन्दी (hi).");
    const about = warnings.filter((w) => w.file === "content/pages/about.json" && w.code === "PageNotTranslated");
    expect(about.map((w) => w.message)).toEqual([
      "No हिन्दी (hi) translation of this page: its 5 texts are shown in English (en).",
      "No मराठी (mr) translation of this page: its 5 texts are shown in English (en).",
    ]);
  });
});

describe("pages without a translation", () => {
  it("are one warning each at the page, not one per text", async () => {
    const { warnings, completeness } = await checkTeam();
    const about = warnings.filter((w) => w.file === "content/pages/about.json" && w.code === "PageNotTranslated");
    expect(about).toEqual([
      expect.objectContaining({ code: "PageNotTranslated", line: 1, column: 1, pointer: "", hint: "Translate it in content/translations/hi/pages/about.json." }),
    ]);
    expect(completeness.find((c) => c.page === "content/pages/about.json")).toMatchObject({ locale: "hi", page: "content/pages/about.json", translated: 0, total: 5, percent: 0 });
    // Each text missing, but for those of its blocks without a key: they have no slot to be translated in.
    expect(completeness.find((c) => c.page === "content/pages/about.json")!.texts.map((s) => [s.slot.join("/"), s.state])).toEqual([
      ["meta/title", "missing"],
      ["meta/description", "missing"],
    ]);
  });

  it("fail the check in a locale that requires completeness; a complete page does not", async () => {
    const locales = JSON.stringify({
      default: "en",
      locales: [
        { code: "en", name: "English", status: "published" },
        { code: "hi", name: "हिन्दी", fallback: ["en"], status: "draft", requireComplete: true },
      ],
    });
    const { errors } = await checkTeam(team(), teamHi(), { "content/locales.json": locales });
    const incomplete = errors.filter((e) => e.code === "TranslationIncomplete");
    expect(incomplete.map((e) => e.file).sort()).toEqual([
      "content/collections/services.json",
      "content/legal/privacy.md",
      "content/pages/404.json",
      "content/pages/about.json",
      "content/pages/home.json",
      "content/pages/service.json",
      "content/site.json",
    ]);
    expect(incomplete[0]!.message).toMatch(/^हिन्दी \(hi\) must be complete before it builds, and this page is 0 % translated\.$/);
    const page = team();
    (page.blocks[0] as { title: string }).title = "Meet our team";
    const stale = await checkTeam(page, teamHi(), { "content/locales.json": locales });
    expect(stale.errors.filter((e) => e.file === HI).map((e) => `${e.code} ${e.message}`)).toEqual([
      "TranslationIncomplete हिन्दी (hi) must be complete before it builds, and this page is 87 % translated.",
    ]);
  });
});

describe("npm run content:check's report", () => {
  it("sums each locale up, lists the pages being translated with their stale texts, and prints every warning but the untranslated pages", async () => {
    const page = team();
    (page.blocks[0] as { title: string }).title = "Meet our team";
    const { warnings, completeness, locales } = await checkTeam(page);
    const total = completeness.reduce((n, c) => n + c.total, 0);
    const report = translationReport(locales!, warnings, completeness).split("\n");
    expect(report.slice(0, 2)).toEqual([
      `Translations hi हिन्दी (draft): ${Math.floor((7 * 100) / total)} %, 7 of ${total} texts; 7 of 17 files not translated yet; 1 stale (made from an English text since changed) in 1 file`,
      `  ${HI}  87 % (7 of 8), 1 stale`,
    ]);
    expect(report).toContain(`warning ${HI}:16:7  Stale translation`);
    expect(report.filter((l) => l.startsWith("warning ")).map((l) => l.split("  ")[1])).toEqual([
      // The fixture's other pages have no block keys.
      ...Array<string>(5).fill("Block without a key"),
      "Stale translation",
    ]);
  });
});

describe("block keys", () => {
  it("are content, not props: the blocks (and the HTML they render) never see them", async () => {
    const { pages } = await checkTeam();
    const blocks = pages.get("/team")!.blocks;
    expect(blocks.map((b) => b.type)).toEqual(["hero", "logo-strip", "cta"]);
    for (const block of blocks) expect(block.props).not.toHaveProperty("key");
  });

  it("are unique in a page", async () => {
    const page = team();
    page.blocks[2]!.key = "intro";
    const { errors } = await checkTeam(page);
    expect(errors).toEqual([expect.objectContaining({ code: "DuplicateBlockKey", file: PAGE, pointer: "/blocks/2/key", line: 29, column: 7, label: "Page Team → block 3 (cta) → key" })]);
  });

  it("are needed by a block with texts to translate: one warning per block, whatever the locales", async () => {
    const page = team();
    delete page.blocks[2]!.key;
    const { warnings } = await checkTeam(page);
    expect(onTeam(warnings)).toEqual([`${PAGE}#/blocks/2 BlockKeyMissing`, `${HI}#/blocks/contact TranslationOrphaned`]);
    expect(warnings.find((w) => w.code === "BlockKeyMissing")?.message).toBe('This block has text to translate but no "key", so it cannot be translated into hi.');
  });

  it("are not asked of a block with nothing to translate, nor on a site with one locale", async () => {
    const { warnings } = await checkFixture();
    expect(warnings.filter((w) => w.code === "BlockKeyMissing").map((w) => `${w.file}#${w.pointer}`)).toEqual([
      "content/pages/404.json#/blocks/0",
      "content/pages/about.json#/blocks/0",
      "content/pages/home.json#/blocks/0",
      "content/pages/home.json#/blocks/2",
      "content/pages/service.json#/blocks/0",
    ]);
    const english = JSON.stringify({ default: "en", locales: [{ code: "en", name: "English", status: "published" }] });
    const alone = await checkFixture({ files: { "content/locales.json": english } });
    expect(alone.warnings).toEqual([]);
  });
});

describe("translation files", () => {
  it("must translate a page that exists, into a locale to translate into, in the right shape", async () => {
    const hi = teamHi();
    hi.blocks.intro.title.hash = "not-a-hash";
    const { errors } = await checkTeam(team(), hi, {
      "content/translations/hi/pages/team-old.json": "{}",
      "content/translations/fr/pages/team.json": "{}",
      "content/translations/en/pages/team.json": "{}",
    });
    expect(errors.map((e) => `${e.file}:${e.line}:${e.column}#${e.pointer} ${e.code}`)).toEqual([
      "content/translations/en/pages/team.json:1:1# UnknownTranslationLocale",
      "content/translations/fr/pages/team.json:1:1# UnknownTranslationLocale",
      "content/translations/hi/pages/team-old.json:1:1# TranslationForMissingPage",
      `${HI}:19:9#/blocks/intro/title/hash InvalidFormat`,
    ]);
  });
});

describe("the real content", () => {
  it("has a key on every block with text, and Hindi (published) translated in full: every page, collection and the site config, none stale", async () => {
    const { errors, warnings, locales, completeness } = await checkContent({ root: process.cwd() });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(locales?.locales.map((l) => `${l.code} ${l.status}`)).toEqual(["en published", "hi published"]);
    expect(completeness.filter((c) => c.percent < 100 || (c.total > 0 && !c.translationFile))).toEqual([]);
    expect(completeness.map((c) => c.page)).toEqual(expect.arrayContaining(["content/collections/services.json", "content/collections/forms.json", "content/site.json"]));
  });
});
