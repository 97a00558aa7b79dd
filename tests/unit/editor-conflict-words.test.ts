/**
 * A merge conflict reads as the marketer knows the page: blocks by their labels, fields by
 * theirs, both values in words; never a path, a block's key or an item's id.
 */
import { conflictWords } from "../../src/editor/document/conflict-words.ts";
import { mergeDocuments } from "../../src/editor/document/merge.ts";

const page = (blocks: unknown[], title = "About") => ({ path: "/about", meta: { title }, blocks });
const hero = { type: "hero", key: "hero-2", title: "Engineers", subtitle: "Since 2022" };
const values = (title: string) => ({ type: "card-grid", key: "card-grid-3", heading: { title: "Our Values" }, items: [{ title: "Care", text: title }] });
const mission = { type: "card-grid", key: "card-grid", heading: { title: "Our Mission" }, items: [] };
const faq = (answer: string) => ({ type: "faq", key: "faq", items: [{ id: "project-cost", question: "What does it cost?", answer }] });
const base = page([hero, mission, values("Honest"), faq("Fair")]);

const words = (mine: unknown, theirs: unknown) => {
  const { conflicts } = mergeDocuments(base, mine, theirs);
  return conflicts.map((c) => conflictWords(c, mine, theirs));
};

test("a field both changed: the block's label and the field's, and both values", () => {
  expect(words(page([{ ...hero, title: "Mine" }, mission, values("Honest"), faq("Fair")], "Mine"), page([{ ...hero, title: "Theirs" }, mission, values("Honest"), faq("Fair")], "Theirs"))).toEqual([
    { place: "Title", mine: "'Mine'", theirs: "'Theirs'" },
    { place: "Hero, Title", mine: "'Mine'", theirs: "'Theirs'" },
  ]);
});

test("a block of a type the page has twice is told by its heading; an item by its text, else its place", () => {
  expect(words(page([hero, mission, values("Mine"), faq("Mine")]), page([hero, mission, values("Theirs"), faq("Theirs")]))).toEqual([
    { place: "Card grid: Our Values, Item 1, Text", mine: "'Mine'", theirs: "'Theirs'" },
    { place: "FAQ, Item “What does it cost?”, Answer", mine: "'Mine'", theirs: "'Theirs'" },
  ]);
});

test("a block one removed and the other changed, and blocks both moved differently", () => {
  expect(words(page([mission, values("Honest"), faq("Fair")]), page([{ ...hero, subtitle: "Theirs" }, mission, values("Honest"), faq("Fair")]))).toEqual([
    { place: "Hero", mine: "removed", theirs: "Hero: “Engineers”" },
  ]);
  expect(words(page([mission, hero, values("Honest"), faq("Fair")]), page([hero, mission, faq("Fair"), values("Honest")]))).toEqual([
    { place: "Blocks: order", mine: "Card grid: Our Mission, Hero, Card grid: Our Values, FAQ", theirs: "Hero, Card grid: Our Mission, FAQ, Card grid: Our Values" },
  ]);
});
