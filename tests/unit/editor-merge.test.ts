/**
 * "Apply mine on top" merges three versions of a document: the one my draft began from, my
 * draft, and the one published meanwhile. Nothing another editor changed is lost unless I
 * changed the same thing; where we both did, mine wins.
 */
import { mergeMineOnTop } from "../../src/editor/document/merge.ts";

const hero = { type: "hero", key: "hero", title: "Engineers" };
const faq = { type: "faq", key: "faq", title: "Questions" };
const cta = { type: "cta", key: "cta", title: "Talk to us" };
const page = (blocks: unknown[], meta = { title: "About", description: "Who we are" }) => ({ path: "/about", meta, blocks });
const base = page([hero, faq, cta]);

describe("apply mine on top", () => {
  test("their change to a field I did not touch is kept; mine stays where I changed", () => {
    const mine = page([{ ...hero, title: "Mine" }, faq, cta]);
    const theirs = page([hero, faq, cta], { title: "Theirs", description: "Who we are" });
    expect(mergeMineOnTop(base, mine, theirs)).toEqual(page([{ ...hero, title: "Mine" }, faq, cta], { title: "Theirs", description: "Who we are" }));
  });

  test("where we both changed one value, mine wins", () => {
    const mine = page([hero, faq, cta], { title: "Mine", description: "Who we are" });
    const theirs = page([hero, faq, cta], { title: "Theirs", description: "Theirs too" });
    expect(mergeMineOnTop(base, mine, theirs)).toEqual(page([hero, faq, cta], { title: "Mine", description: "Theirs too" }));
  });

  test("blocks merge by their key: a block they added is kept in its place, beside my edit of another", () => {
    const added = { type: "stats", key: "stats", items: [] };
    const mine = page([hero, { ...faq, title: "Mine" }, cta]);
    const theirs = page([hero, faq, added, cta]);
    expect(mergeMineOnTop(base, mine, theirs)).toEqual(page([hero, { ...faq, title: "Mine" }, added, cta]));
  });

  test("a block they removed stays removed, unless I changed it; a block I removed is gone even if they changed it", () => {
    const theirs = page([{ ...hero, title: "Theirs" }, cta]);
    expect(mergeMineOnTop(base, page([faq, cta]), theirs)).toEqual(page([cta]));
    expect(mergeMineOnTop(base, page([hero, { ...faq, title: "Mine" }, cta]), page([hero, cta]))).toEqual(page([hero, { ...faq, title: "Mine" }, cta]));
  });

  test("the order is mine when I moved blocks, theirs otherwise; blocks we each added both stay", () => {
    const mineAdded = { type: "text", key: "text", body: "mine" };
    const theirAdded = { type: "stats", key: "stats", items: [] };
    expect(mergeMineOnTop(base, page([cta, hero, faq]), page([hero, faq, { ...cta, title: "Theirs" }]))).toEqual(page([{ ...cta, title: "Theirs" }, hero, faq]));
    expect(mergeMineOnTop(base, page([hero, mineAdded, faq, cta]), page([hero, faq, cta, theirAdded]))).toEqual(page([hero, mineAdded, faq, cta, theirAdded]));
  });

  test("a collection's items merge by their id", () => {
    const items = (...list: unknown[]) => ({ items: list });
    const a = { id: "a", name: "A" };
    const b = { id: "b", name: "B" };
    expect(mergeMineOnTop(items(a, b), items({ ...a, name: "Mine" }, b), items(a, { ...b, name: "Theirs" }))).toEqual(items({ ...a, name: "Mine" }, { ...b, name: "Theirs" }));
  });

  test("a list without identities that we both changed is mine", () => {
    expect(mergeMineOnTop({ tags: ["a"] }, { tags: ["a", "mine"] }, { tags: ["theirs"] })).toEqual({ tags: ["a", "mine"] });
  });
});
