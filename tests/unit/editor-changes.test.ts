/**
 * What changed between two versions of a page or a collection, in words (issue 25: "showing
 * what changed field by field (in words: "Title: 'A' → 'B'")").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { changedPlaces, changesBetween } from "../../src/editor/document/changes.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const about = JSON.parse(readFileSync(path.join(ROOT, "content/pages/about.json"), "utf8")) as { meta: { title: string }; blocks: Record<string, unknown>[] };
const faqs = JSON.parse(readFileSync(path.join(ROOT, "content/collections/faqs.json"), "utf8")) as { items: { id: string; question: string }[] };
const copy = <T,>(value: T): T => structuredClone(value);
const words = (before: unknown, after: unknown) => changesBetween(before, after).map((c) => c.words);

const page = (blocks: unknown[], title = "About") => ({ $schema: "../../schemas/json/page.schema.json", path: "/about", meta: { title }, blocks });
const faqBlock = (question: string) => ({ type: "faq", items: [{ question, answer: "Yes." }] });

describe("a page's changes in words", () => {
  test("the title: Title: 'A' → 'B', with where, before and after", () => {
    expect(changesBetween(page([], "A"), page([], "B"))).toEqual([{ path: ["meta", "title"], before: "A", after: "B", words: "Title: 'A' → 'B'" }]);
  });

  test("a block added, removed: by its type's label and its first words, never its type key", () => {
    const hero = { type: "hero", title: "Hi" };
    expect(words(page([]), page([hero]))).toEqual(["Blocks: added Hero: “Hi”"]);
    expect(words(page([hero, faqBlock("x")]), page([faqBlock("x")]))).toEqual(["Blocks: removed Hero: “Hi”"]);
  });

  test("a field inside a block: FAQ, Item 1, Question: 'x' → 'y'", () => {
    const hero = { type: "hero", title: "Hi" };
    expect(words(page([hero, faqBlock("x")]), page([hero, faqBlock("y")]))).toEqual(["FAQ, Item 1, Question: 'x' → 'y'"]);
  });

  test("fields set and removed; numbers and switches as they are; long texts shortened", () => {
    const before = page([{ type: "hero", title: "Hi", showClaims: true, columns: 2 }]);
    const after = page([{ type: "hero", title: "Hi", showClaims: false, columns: 3, eyebrow: "New" }]);
    expect(words(before, after)).toEqual(["Hero, Show claims: true → false", "Hero, Columns: 2 → 3", "Hero, Eyebrow: set to 'New'"]);
    expect(words(after, before)).toContain("Hero, Eyebrow: removed (was 'New')");
    const long = "x".repeat(100);
    expect(words(page([], "A"), page([], long))).toEqual([`Title: 'A' → '${"x".repeat(59)}…'`]);
  });

  test("the real About page: a new title and a changed card (named by its heading: the page has two card grids), and nothing else", () => {
    const after = copy(about);
    after.meta.title = "About Arcbyte";
    (after.blocks[1] as { items: { title: string }[] }).items[0]!.title = "Mission";
    expect(words(about, after)).toEqual(["Title: 'About Us' → 'About Arcbyte'", "Card grid: Our Mission and Vision, Item “Mission”, Title: 'Our Mission' → 'Mission'"]);
    expect(changedPlaces(changesBetween(about, after))).toEqual(["Title", "Card grid"]);
  });

  test("the same content is no change, whatever the $schema line or a block's internal key says", () => {
    expect(changesBetween(about, copy(about))).toEqual([]);
    expect(changesBetween(about, { ...copy(about), $schema: "elsewhere" })).toEqual([]);
    expect(changesBetween(about, { ...copy(about), blocks: about.blocks.map(({ key: _key, ...block }) => block) })).toEqual([]);
  });

  test("inserting a block in the middle is one change, not a change to every block after it", () => {
    const blocks = about.blocks;
    const after = { ...copy(about), blocks: [blocks[0], { type: "cta", title: "Talk to us" }, ...blocks.slice(1)] };
    expect(words(about, after)).toEqual(["Blocks: added CTA: “Talk to us”"]);
  });
});

describe("a collection's changes in words", () => {
  test("items are matched by id: an edit names the item by its text, a removal is one change, a new order says so", () => {
    const edited = copy(faqs);
    edited.items[1]!.question = "What does it cost?";
    expect(words(faqs, edited)).toEqual([`Item “What does it cost?”, Question: '${faqs.items[1]!.question}' → 'What does it cost?'`]);

    const removed = { ...copy(faqs), items: faqs.items.filter((_, i) => i !== 0) };
    expect(words(faqs, removed)).toEqual([`Items: removed “${faqs.items[0]!.question}”`]);

    const reordered = { ...copy(faqs), items: [faqs.items[1], faqs.items[0], ...faqs.items.slice(2)] };
    expect(words(faqs, reordered)).toEqual(["Items: reordered"]);

    const added = { ...copy(faqs), items: [...faqs.items, { id: "new-question", question: "New?", answer: "Yes." }] };
    expect(changesBetween(faqs, added)).toEqual([{ path: ["items", faqs.items.length], before: undefined, after: added.items.at(-1), words: "Items: added “New?”" }]);
  });
});
