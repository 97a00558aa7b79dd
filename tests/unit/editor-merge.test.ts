/**
 * "Apply mine on top" merges three versions of a document: the one my draft began from, my
 * draft, and the one published meanwhile. What only one of us changed is taken from that one;
 * what we both changed to different values is a conflict with both values, for me to choose.
 * The property test (editor-merge-property.test.ts) checks that nothing is ever dropped.
 */
import { mergeDocuments } from "../../src/editor/document/merge.ts";

const hero = { type: "hero", key: "hero", title: "Engineers", subtitle: "Since 2022" };
const faq = { type: "faq", key: "faq", title: "Questions" };
const cta = { type: "cta", key: "cta", title: "Talk to us" };
const page = (blocks: unknown[], meta = { title: "About", description: "Who we are" }) => ({ path: "/about", meta, blocks });
const base = page([hero, faq, cta]);

describe("the three-way merge at publish", () => {
  test("their change to a field I did not touch is kept, mine too: no conflict", () => {
    const mine = page([{ ...hero, subtitle: "Mine" }, faq, cta]);
    const theirs = page([{ ...hero, title: "Theirs" }, faq, cta], { title: "Their page", description: "Who we are" });
    expect(mergeDocuments(base, mine, theirs)).toEqual({ merged: page([{ ...hero, title: "Theirs", subtitle: "Mine" }, faq, cta], { title: "Their page", description: "Who we are" }), conflicts: [] });
  });

  test("where we both changed one value differently, it is a conflict with both values; the choice decides (mine unless told)", () => {
    const mine = page([{ ...hero, title: "Mine" }, faq, cta], { title: "About", description: "Mine too" });
    const theirs = page([{ ...hero, title: "Theirs" }, faq, cta]);
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([{ at: "blocks/#hero/title", path: ["blocks", 0, "title"], base: "Engineers", mine: "Mine", theirs: "Theirs" }]);
    expect(merged).toEqual(mine);
    expect(mergeDocuments(base, mine, theirs, { "blocks/#hero/title": "theirs" }).merged).toEqual(page([{ ...hero, title: "Theirs" }, faq, cta], { title: "About", description: "Mine too" }));
  });

  test("the same change on both sides is no conflict", () => {
    const both = page([{ ...hero, title: "Same" }, faq, cta]);
    expect(mergeDocuments(base, both, both)).toEqual({ merged: both, conflicts: [] });
  });

  test("blocks merge by their key: a block they added is kept in its place, beside my edit of another", () => {
    const added = { type: "stats", key: "stats", items: [] };
    const mine = page([hero, { ...faq, title: "Mine" }, cta]);
    const theirs = page([hero, faq, added, cta]);
    expect(mergeDocuments(base, mine, theirs)).toEqual({ merged: page([hero, { ...faq, title: "Mine" }, added, cta]), conflicts: [] });
  });

  test("a block one removed and the other left alone is gone; removed by one and changed by the other, it is a conflict", () => {
    expect(mergeDocuments(base, page([hero, cta]), page([{ ...hero, title: "Theirs" }, faq, cta]))).toEqual({ merged: page([{ ...hero, title: "Theirs" }, cta]), conflicts: [] });
    const changedFaq = { ...faq, title: "Theirs" };
    const { merged, conflicts } = mergeDocuments(base, page([hero, cta]), page([hero, changedFaq, cta]));
    expect(conflicts).toEqual([{ at: "blocks/#faq", path: ["blocks", 1], base: faq, mine: undefined, theirs: changedFaq }]);
    expect(merged).toEqual(page([hero, cta]));
    expect(mergeDocuments(base, page([hero, cta]), page([hero, changedFaq, cta]), { "blocks/#faq": "theirs" }).merged).toEqual(page([hero, changedFaq, cta]));
  });

  test("the order is that of whoever moved blocks; blocks we each added both stay; both moving differently is a conflict", () => {
    const mineAdded = { type: "text", key: "text", body: "mine" };
    const theirAdded = { type: "stats", key: "stats", items: [] };
    expect(mergeDocuments(base, page([cta, hero, faq]), page([hero, faq, { ...cta, title: "Theirs" }])).merged).toEqual(page([{ ...cta, title: "Theirs" }, hero, faq]));
    expect(mergeDocuments(base, page([hero, mineAdded, faq, cta]), page([hero, faq, cta, theirAdded])).merged).toEqual(page([hero, mineAdded, faq, cta, theirAdded]));
    const moved = mergeDocuments(base, page([cta, hero, faq]), page([hero, cta, faq]));
    expect(moved.conflicts).toEqual([{ at: "blocks", path: ["blocks"], order: true, base: ["hero", "faq", "cta"], mine: ["cta", "hero", "faq"], theirs: ["hero", "cta", "faq"] }]);
    expect(mergeDocuments(base, page([cta, hero, faq]), page([hero, cta, faq]), { blocks: "theirs" }).merged).toEqual(page([hero, cta, faq]));
  });

  test("a collection's items merge by their id", () => {
    const items = (...list: unknown[]) => ({ items: list });
    const a = { id: "a", name: "A" };
    const b = { id: "b", name: "B" };
    expect(mergeDocuments(items(a, b), items({ ...a, name: "Mine" }, b), items(a, { ...b, name: "Theirs" })).merged).toEqual(items({ ...a, name: "Mine" }, { ...b, name: "Theirs" }));
  });

  test("a list without identities merges place by place while its length stays; otherwise both changing it is one conflict", () => {
    const cards = (...titles: string[]) => ({ items: titles.map((title) => ({ title })) });
    expect(mergeDocuments(cards("a", "b"), cards("mine", "b"), cards("a", "theirs"))).toEqual({ merged: cards("mine", "theirs"), conflicts: [] });
    const { merged, conflicts } = mergeDocuments(cards("a", "b"), cards("a", "b", "mine"), cards("theirs", "b"));
    expect(conflicts).toEqual([{ at: "items", path: ["items"], base: cards("a", "b").items, mine: cards("a", "b", "mine").items, theirs: cards("theirs", "b").items }]);
    expect(merged).toEqual(cards("a", "b", "mine"));
  });

  test("a translation's texts merge by block key and field", () => {
    const hi = (hero: string, cta: string) => ({ blocks: { hero: { title: { text: hero } }, cta: { title: { text: cta } } } });
    expect(mergeDocuments(hi("a", "b"), hi("mine", "b"), hi("a", "theirs"))).toEqual({ merged: hi("mine", "theirs"), conflicts: [] });
  });
});
