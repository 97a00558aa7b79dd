/**
 * Lists keep their translations when reordered: an item with nothing to name it by (a card
 * of a card grid: icon, title, text) is filed by position, and a moved item's texts are found
 * where they moved (slots.ts movedFrom), not reported stale.
 */
import { checkSite } from "../../src/runtime/content/check.ts";
import { readContent, withFile } from "../../src/runtime/content/read.ts";

const ABOUT = "content/pages/about.json";

it("reversing a card grid's cards leaves every card translated, each with its own Hindi text", async () => {
  const files = await readContent(process.cwd());
  const about = JSON.parse(files.json.get(ABOUT)!) as { blocks: { key: string; items?: { title: string }[] }[] };
  const grid = about.blocks.find((b) => b.key === "card-grid")!;
  const before = await checkSite(files);
  const hindiTitles = (c: typeof before) => ((c.pages.get("/hi/about")!.blocks.find((b) => b.type === "card-grid")!.props as { items: { title: string }[] }).items).map((i) => i.title);
  expect(grid.items!.length).toBeGreaterThan(1);
  grid.items!.reverse();
  const after = await checkSite(withFile(files, ABOUT, JSON.stringify(about)));
  expect(after.errors).toEqual([]);
  expect(after.warnings.filter((w) => w.file.includes("about"))).toEqual([]);
  expect(after.completeness.find((c) => c.locale === "hi" && c.page === ABOUT)?.percent).toBe(100);
  expect(hindiTitles(after)).toEqual([...hindiTitles(before)].reverse());
}, 120_000);
