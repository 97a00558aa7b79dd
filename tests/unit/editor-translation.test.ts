/**
 * The editor's translation view (src/editor/document/translation.ts) turns the checker's state
 * of each text into badges and edits: texts grouped by block (or item, or the page meta) with
 * counts of missing and stale ones; typing keeps an entry's provenance or records it for a new
 * one; "Mark as still correct" moves the recorded source and hash to the source's, text kept.
 */
import { entryFor, fieldOf, groupTexts, orphanedBlockName, stillCorrect, type TextState, translationChanges, translationFileOf, typed } from "../../src/editor/document/translation.ts";
import type { TranslationState } from "../../src/editor/model.ts";

const text = (slot: string[], state: TextState["state"], source = `source of ${slot.join(".")}`): TextState => ({ slot, path: [], source, hash: "0123456789abcdef", state });
const state = (texts: TextState[]): TranslationState => ({ locale: "hi", page: "content/pages/about.json", translated: 0, total: texts.length, percent: 0, texts });

describe("the translation view", () => {
  it("files a page's translation and a collection's where the checker reads them", () => {
    expect(translationFileOf("page", "about", "hi")).toBe("content/translations/hi/pages/about.json");
    expect(translationFileOf("collection", "faqs", "hi")).toBe("content/translations/hi/collections/faqs.json");
  });

  it("groups texts by the page meta, each block key and each item id, in order, counting missing and stale ones", () => {
    const groups = groupTexts(
      state([
        text(["meta", "title"], "translated"),
        text(["blocks", "hero", "title"], "stale"),
        text(["blocks", "hero", "subtitle"], "missing"),
        text(["blocks", "cta", "actions[href=/contact].label"], "translated"),
        text(["items", "web-development", "features[2]"], "missing"),
      ]),
    );
    expect(groups.map((g) => [g.id, g.kind, g.name, g.texts.length, g.missing, g.stale])).toEqual([
      ["meta", "meta", "", 1, 0, 0],
      ["blocks/hero", "block", "hero", 2, 1, 1],
      ["blocks/cta", "block", "cta", 1, 0, 0],
      ["items/web-development", "item", "web-development", 1, 1, 0],
    ]);
    expect(groupTexts(undefined)).toEqual([]);
  });

  it("names a text by its field in the block, as the checker does", () => {
    expect(fieldOf(text(["meta", "title"], "missing"))).toBe("title");
    expect(fieldOf(text(["blocks", "cta", "actions[href=/contact].label"], "missing"))).toBe("actions[href=/contact].label");
  });

  it("types a new text with its provenance, a stub's too, and changes only the text of one already written", () => {
    const title = text(["blocks", "hero", "title"], "missing", "Meet the team");
    expect(typed({ blocks: {} }, title, "टीम")).toEqual({ path: ["blocks", "hero", "title"], value: { text: "टीम", source: "Meet the team", hash: "0123456789abcdef" } });
    const stub = { blocks: { hero: { title: { text: "", source: "Meet the team", hash: "0123456789abcdef" } } } };
    expect(typed(stub, title, "टीम").path).toEqual(["blocks", "hero", "title"]);
    const written = { blocks: { hero: { title: { text: "टीम", source: "Meet the team", hash: "0123456789abcdef" } } } };
    expect(typed(written, title, "हमारी टीम")).toEqual({ path: ["blocks", "hero", "title", "text"], value: "हमारी टीम" });
  });

  it("marks a stale text as still correct: its source and hash become the source's, its text stays", () => {
    const old = { text: "टीम से मिलिए", source: "Meet the team", hash: "1111111111111111" };
    const title: TextState = { slot: ["blocks", "intro", "title"], path: [], source: "Meet our team", hash: "2222222222222222", state: "stale" };
    const data = { blocks: { intro: { title: old } } };
    expect(stillCorrect(data, title)).toEqual({ path: ["blocks", "intro", "title"], value: { text: "टीम से मिलिए", source: "Meet our team", hash: "2222222222222222" } });
    expect(stillCorrect({ blocks: {} }, title)).toBeUndefined();
    expect(entryFor(data, title)).toBe(old);
  });

  it("says what publishing changes, each text by the English it translates: typed, cleared, or kept as still correct", () => {
    const title: TextState = { slot: ["blocks", "intro", "title"], path: [], source: "Meet our team", hash: "2222222222222222", state: "stale" };
    const subtitle: TextState = { slot: ["blocks", "intro", "subtitle"], path: [], source: "Who we are", hash: "3333333333333333", state: "missing" };
    const before = { blocks: { intro: { title: { text: "टीम से मिलिए", source: "Meet the team", hash: "1111111111111111" } } } };
    const marked = { blocks: { intro: { title: { ...before.blocks.intro.title, source: "Meet our team", hash: "2222222222222222" } } } };
    expect(translationChanges(before, marked, [title, subtitle]).map((c) => c.words)).toEqual(["'Meet our team': kept, marked as still correct"]);
    const typedToo = { blocks: { intro: { ...marked.blocks.intro, subtitle: { text: "हम कौन हैं", source: "Who we are", hash: "3333333333333333" } } } };
    expect(translationChanges(marked, typedToo, [title, subtitle]).map((c) => c.words)).toEqual(["'Who we are': translated as 'हम कौन हैं'"]);
    expect(translationChanges(typedToo, marked, [title, subtitle]).map((c) => c.words)).toEqual(["'Who we are': translation removed"]);
    expect(translationChanges(typedToo, typedToo, [title, subtitle])).toEqual([]);
  });

  it("names the texts of a block the source lacks by the English they were made from, and says when they are removed", () => {
    const title: TextState = { slot: ["blocks", "intro", "title"], path: [], source: "Meet our team", hash: "2222222222222222", state: "missing" };
    const left = { blocks: { intro: {}, gone: { title: { text: "बचा", source: "What was here", hash: "4444444444444444" } }, empty: {} } };
    expect(orphanedBlockName(left, "gone")).toBe("A block with 'What was here'");
    expect(orphanedBlockName(left, "empty")).toBe("A block without texts");
    const removed = { blocks: { intro: {}, empty: {} } };
    expect(translationChanges(left, removed, [title]).map((c) => [c.path, c.words])).toEqual([[["blocks", "gone"], "A block with 'What was here': translation removed"]]);
    // A block the source has is told text by text, never as a whole.
    expect(translationChanges({ blocks: { intro: {} } }, { blocks: {} }, [title])).toEqual([]);
  });
});
