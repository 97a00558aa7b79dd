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

  test("a block added, removed: by its type", () => {
    const hero = { type: "hero", title: "Hi" };
    expect(words(page([]), page([hero]))).toEqual(['Blocks: added "hero"']);
    expect(words(page([hero, faqBlock("x")]), page([faqBlock("x")]))).toEqual(['Blocks: removed "hero"']);
  });

  test("a field inside a block: Block 2 (faq), Question: 'x' → 'y'", () => {
    const hero = { type: "hero", title: "Hi" };
    expect(words(page([hero, faqBlock("x")]), page([hero, faqBlock("y")]))).toEqual(["Block 2 (faq), Item 1, Question: 'x' → 'y'"]);
  });

  test("fields set and removed; numbers and switches as they are; long texts shortened", () => {
    const before = page([{ type: "hero", title: "Hi", showClaims: true, columns: 2 }]);
    const after = page([{ type: "hero", title: "Hi", showClaims: false, columns: 3, eyebrow: "New" }]);
    expect(words(before, after)).toEqual(["Block 1 (hero), Show claims: true → false", "Block 1 (hero), Columns: 2 → 3", "Block 1 (hero), Eyebrow: set to 'New'"]);
    expect(words(after, before)).toContain("Block 1 (hero), Eyebrow: removed (was 'New')");
    const long = "x".repeat(100);
    expect(words(page([], "A"), page([], long))).toEqual([`Title: 'A' → '${"x".repeat(59)}…'`]);
  });

  test("the real About page: a new title and a changed card, and nothing else", () => {
    const after = copy(about);
    after.meta.title = "About Arcbyte";
    (after.blocks[1] as { items: { title: string }[] }).items[0]!.title = "Mission";
    expect(words(about, after)).toEqual(["Title: 'About Us' → 'About Arcbyte'", "Block 2 (card-grid), Item 1, Title: 'Our Mission' → 'Mission'"]);
    expect(changedPlaces(changesBetween(about, after))).toEqual(["Title", "Block 2 (card-grid)"]);
  });

  test("the same content is no change, whatever the $schema line says", () => {
    expect(changesBetween(about, copy(about))).toEqual([]);
    expect(changesBetween(about, { ...copy(about), $schema: "elsewhere" })).toEqual([]);
  });

  test("inserting a block in the middle is one change, not a change to every block after it", () => {
    const blocks = about.blocks;
    const after = { ...copy(about), blocks: [blocks[0], { type: "cta", title: "Talk to us" }, ...blocks.slice(1)] };
    expect(words(about, after)).toEqual(['Blocks: added "cta"']);
  });
});

describe("a collection's changes in words", () => {
  test("items are matched by id: an edit names the item, a removal is one change, a new order says so", () => {
    const edited = copy(faqs);
    edited.items[1]!.question = "What does it cost?";
    expect(words(faqs, edited)).toEqual([`Item "${faqs.items[1]!.id}", Question: '${faqs.items[1]!.question}' → 'What does it cost?'`]);

    const removed = { ...copy(faqs), items: faqs.items.filter((_, i) => i !== 0) };
    expect(words(faqs, removed)).toEqual([`Items: removed "${faqs.items[0]!.id}"`]);

    const reordered = { ...copy(faqs), items: [faqs.items[1], faqs.items[0], ...faqs.items.slice(2)] };
    expect(words(faqs, reordered)).toEqual(["Items: reordered"]);

    const added = { ...copy(faqs), items: [...faqs.items, { id: "new-question", question: "New?", answer: "Yes." }] };
    expect(changesBetween(faqs, added)).toEqual([{ path: ["items", faqs.items.length], before: undefined, after: added.items.at(-1), words: 'Items: added "new-question"' }]);
  });
});
