/**
 * The editor's document: undo and redo over the session (typing into one field is one step),
 * entries that keep their keys when they move, outline summaries, and which field holds a
 * text clicked in the preview.
 */
import { COALESCE_MS, record, redo, startHistory, undo } from "../../src/editor/document/history.ts";
import { editorReducer, initialState, SETTINGS } from "../../src/editor/document/reducer.ts";
import { entrySummary, pathOfText } from "../../src/editor/document/summary.ts";

describe("undo and redo", () => {
  it("merge keystrokes in one field into one step, but not changes to different fields", () => {
    let h = startHistory("a");
    h = record(h, "ab", "/title", 0);
    h = record(h, "abc", "/title", 100);
    h = record(h, "abcd", "/subtitle", 200);
    h = record(h, "abcde", "/subtitle", 200 + COALESCE_MS + 1);
    expect(h.past).toEqual(["a", "abc", "abcd"]);
    h = undo(undo(h));
    expect(h.present).toBe("abc");
    h = redo(h);
    expect(h.present).toBe("abcd");
    // A new change after undoing drops what could be redone.
    h = record(h, "x", "/other", 10_000);
    expect(h.future).toEqual([]);
    expect(undo(h).present).toBe("abcd");
  });
});

describe("the document's entries", () => {
  const page = { path: "/p", meta: { title: "T", description: "D" }, blocks: [{ type: "hero", title: "One" }, { type: "stats" }, { type: "cta", title: "Three" }] };

  it("keep their keys when moved, duplicated or removed, and the selection follows", () => {
    let s = initialState("page", page, { data: page, version: "v1" });
    const [hero, stats, cta] = s.history.present.keys;
    expect(s.selected).toBe(hero);
    s = editorReducer(s, { type: "move", from: 0, to: 2 });
    expect(s.history.present.keys).toEqual([stats, cta, hero]);
    expect((s.history.present.data as typeof page).blocks.map((b) => b.type)).toEqual(["stats", "cta", "hero"]);
    s = editorReducer(s, { type: "duplicate", index: 2 });
    expect((s.history.present.data as typeof page).blocks).toHaveLength(4);
    expect(s.selected).toBe(s.history.present.keys[3]);
    s = editorReducer(s, { type: "remove", index: 3 });
    expect(s.history.present.keys).toEqual([stats, cta, hero]);
    s = editorReducer(s, { type: "select", key: SETTINGS });
    s = editorReducer(s, { type: "undo" });
    s = editorReducer(s, { type: "undo" });
    s = editorReducer(s, { type: "undo" });
    expect(s.history.present.data).toBe(page);
    expect(s.selected).toBe(SETTINGS);
  });

  it("give a block added or copied into a page a key of its own, right after its type, for its translations", () => {
    const keyed = { ...page, blocks: [{ type: "hero", key: "hero", title: "One" }, { type: "cta", key: "cta", title: "Two" }] };
    let s = initialState("page", keyed, { data: keyed, version: "v1" });
    s = editorReducer(s, { type: "duplicate", index: 0 });
    s = editorReducer(s, { type: "insert", index: 3, entry: { type: "cta", title: "Three" } });
    s = editorReducer(s, { type: "duplicate", index: 1 });
    const blocks = (s.history.present.data as typeof keyed).blocks;
    expect(blocks.map((b) => b.key)).toEqual(["hero", "hero-2", "hero-3", "cta", "cta-2"]);
    expect(Object.keys(blocks[4]!)).toEqual(["type", "key", "title"]);
    expect(blocks[1]).toEqual({ type: "hero", key: "hero-2", title: "One" });
  });

  it("edits share the parts they do not touch, so unchanged blocks are the same objects", () => {
    let s = initialState("page", page, { data: page, version: "v1" });
    s = editorReducer(s, { type: "edit", path: ["blocks", 0, "title"], value: "New", group: "/blocks/0/title" });
    const blocks = (s.history.present.data as typeof page).blocks;
    expect(blocks[0]).toEqual({ type: "hero", title: "New" });
    expect(blocks[1]).toBe(page.blocks[1]);
    expect(blocks[2]).toBe(page.blocks[2]);
  });
});

describe("words for entries", () => {
  it("name a block by its type's label and its first words, never its type key", () => {
    expect(entrySummary({ type: "hero", title: "Engineers who care how your business does" })).toBe("Hero: Engineers who care how your business do…");
    expect(entrySummary({ type: "service-grid", heading: { title: "Our Services" }, limit: 6 })).toBe("Service grid: Our Services");
    expect(entrySummary({ type: "stats" })).toBe("Stats");
    expect(entrySummary({ id: "web-development", title: "Web Development" })).toBe("Web Development");
  });

  it("find the field that holds a text seen in the preview", () => {
    const block = { type: "cta", title: "Let's build something", text: "Tell us about your project.", actions: [{ label: "Contact Us", href: "/contact" }] };
    expect(pathOfText(block, "Let's build something")).toEqual(["title"]);
    expect(pathOfText(block, "  contact   us ")).toEqual(["actions", 0, "label"]);
    expect(pathOfText(block, "Tell us about your project. We reply within a day.")).toEqual(["text"]);
    expect(pathOfText(block, "Something else entirely")).toBeUndefined();
  });
});
