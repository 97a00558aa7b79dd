/**
 * List items carry keys (schemas/fields.ts keyedList), as blocks do: a card, a step or a
 * figure's translations are filed under its key, so a reordered list keeps every translation
 * on its item, an edited item makes only its own text stale, and a key is unique in its list.
 * On the real content, migrated once (scripts/migrations/list-item-keys.ts).
 */
import { readFile } from "node:fs/promises";
import { checkSite, type SiteCheck } from "../../src/runtime/content/check.ts";
import { readContent, type ContentFiles, withFile } from "../../src/runtime/content/read.ts";
import { withStaleMarks } from "../../src/runtime/i18n/stale-marks.ts";

const ABOUT = "content/pages/about.json";
type Card = { key: string; title: string; text: string };
type About = { blocks: { type: string; key: string; items?: Card[] }[] };

let files: ContentFiles;
let checked: SiteCheck;
beforeAll(async () => {
  files = await readContent(process.cwd());
  checked = await checkSite(files);
}, 120_000);

const about = () => JSON.parse(files.json.get(ABOUT)!) as About;
const cardsOn = (check: SiteCheck, path: string) => check.pages.get(path)!.blocks.find((b) => b.type === "card-grid")!.props.items as { title: string }[];
const said = (check: SiteCheck) => new Set(check.warnings.map((w) => `${w.code} ${w.file}#${w.pointer ?? ""} ${w.message}`));
const added = (check: SiteCheck) => [...said(check)].filter((w) => !said(checked).has(w));

describe("a list's items in another locale", () => {
  it("keep their translations when the list is reordered: moved, not stale", async () => {
    const page = about();
    page.blocks[1]!.items!.reverse();
    const reordered = await checkSite(withFile(files, ABOUT, JSON.stringify(page)));
    expect(reordered.errors).toEqual([]);
    expect(added(reordered)).toEqual([]);
    expect(cardsOn(reordered, "/hi/about").map((c) => c.title)).toEqual([...cardsOn(checked, "/hi/about").map((c) => c.title)].reverse());
    expect(cardsOn(reordered, "/about").map((c) => c.title)).toEqual(["Our Vision", "Our Mission"]);
  }, 60_000);

  it("make only the edited item's text stale when an item is moved and edited, the others still on theirs", async () => {
    const page = about();
    const cards = page.blocks[1]!.items!;
    cards.reverse();
    cards[1]!.title = "Our Mission, today";
    const edited = await checkSite(withFile(files, ABOUT, JSON.stringify(page)));
    expect(added(edited).map((w) => w.split(" ")[0])).toEqual(["TranslationStale"]);
    expect(edited.completeness.find((c) => c.locale === "hi" && c.page === ABOUT)!.texts.filter((t) => t.state === "stale").map((t) => t.slot.at(-1))).toEqual([
      "items[key=our-mission].title",
    ]);
    // Still shown (a stale translation is shown), each on its own card.
    expect(cardsOn(edited, "/hi/about").map((c) => c.title)).toEqual(["हमारा विज़न", "हमारा मिशन"]);
    // The translation's preview marks the block it is in, and only it.
    const texts = edited.completeness.find((c) => c.locale === "hi" && c.page === ABOUT)!.texts;
    const marked = withStaleMarks(edited.pages.get("/hi/about")!, edited.table!.routes.get("/hi/about")!, texts);
    expect(marked.blocks.map((b) => b.stale)).toEqual(page.blocks.map((b, i) => (i === 1 ? 1 : undefined)));
    expect(edited.pages.get("/hi/about")!.blocks.every((b) => b.stale === undefined)).toBe(true);
  }, 60_000);

  it("are refused with a key another item of the list has", async () => {
    const page = about();
    page.blocks[1]!.items![1]!.key = "our-mission";
    const { errors } = await checkSite(withFile(files, ABOUT, JSON.stringify(page)));
    expect(errors).toEqual([expect.objectContaining({ code: "DuplicateItemKey", file: ABOUT, pointer: "/blocks/1/items/1/key" })]);
  }, 60_000);

  it("are filed by key in the migrated content, never by position", async () => {
    for (const name of ["about", "careers", "contact", "services", "seo-services"]) {
      const text = await readFile(`content/translations/hi/pages/${name}.json`, "utf8");
      expect(text).not.toMatch(/"(?:items|cards|steps)\[\d+\]/);
    }
    // Blocks never see the keys: they are the content's, not the components' props.
    expect(JSON.stringify(cardsOn(checked, "/about"))).not.toContain('"key"');
  });
});
