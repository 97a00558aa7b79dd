/**
 * Reusable sections in the page editor's state: a placed section detached (the reference
 * replaced by the section's blocks, keyed apart from the page's, one step to undo), and a block
 * saved as a section (replaced by its reference); and the expansion pages and previews share.
 */
import { editorReducer, entriesOf, initialState } from "../../src/editor/document/reducer.ts";
import { expandSections, sectionsPlacedBy } from "../../src/runtime/sections.ts";

const section = { blocks: [{ type: "cta", key: "cta", title: "Talk to us" }, { type: "stats", key: "stats" }] };
const page = { path: "/careers", meta: { title: "Careers", description: "" }, blocks: [{ type: "hero", key: "hero", title: "Join us" }, { type: "section", key: "closing", section: "closing" }, { type: "cta", key: "cta", title: "Apply" }] };

test("Detach this copy: the reference becomes the section's blocks in its place, keyed apart from the page's, the first selected; one Undo brings the reference back", () => {
  let s = initialState("page", page, { data: page, version: "v1" });
  s = editorReducer(s, { type: "replace", index: 1, entries: structuredClone(section.blocks) });
  expect(entriesOf("page", s.history.present.data)).toEqual([page.blocks[0], { type: "cta", key: "cta-2", title: "Talk to us" }, { type: "stats", key: "stats" }, page.blocks[2]]);
  expect(s.selected).toBe(s.history.present.keys[1]);
  expect(s.history.present.keys).toHaveLength(4);
  s = editorReducer(s, { type: "undo" });
  expect(s.history.present.data).toEqual(page);
});

test("Save as section: the block is replaced by its reference, under the block's key", () => {
  let s = initialState("page", page, { data: page, version: "v1" });
  s = editorReducer(s, { type: "replace", index: 2, entries: [{ type: "section", key: "cta", section: "apply" }] });
  expect(entriesOf("page", s.history.present.data).at(-1)).toEqual({ type: "section", key: "cta", section: "apply" });
  expect(s.history.present.keys).toHaveLength(3);
});

test("a page's sections expand in place, each of their blocks located at the reference; a missing one shows nothing", () => {
  const expanded = expandSections(page.blocks, new Map([["closing", section]]));
  expect(expanded.map((e) => [e.block.type, e.origin])).toEqual([["hero", 0], ["cta", 1], ["stats", 1], ["cta", 2]]);
  expect(expandSections(page.blocks, new Map()).map((e) => e.origin)).toEqual([0, 2]);
  expect(sectionsPlacedBy([...page.blocks, { type: "section", section: "closing" }, { type: "section", section: "trust" }])).toEqual(["closing", "trust"]);
});
