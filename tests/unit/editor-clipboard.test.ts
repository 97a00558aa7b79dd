/**
 * Copy and paste of blocks between pages, tabs and sites: what the clipboard carries, which
 * pastes are refused and why, and keys made unique in the target page.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { blockTypes } from "../../src/blocks/registry.ts";
import { CLIPBOARD_FORMAT, CLIPBOARD_VERSION, copyText, readPasted } from "../../src/editor/document/clipboard.ts";
import { editorReducer, initialState } from "../../src/editor/document/reducer.ts";

const pagesDir = path.resolve(import.meta.dirname, "../../content/pages");
const contentBlocks = readdirSync(pagesDir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => (JSON.parse(readFileSync(path.join(pagesDir, f), "utf8")) as { blocks: Record<string, unknown>[] }).blocks);
/** The sample content places no reusable section (content/sections/ is empty): a reference to one, as a page writes it. */
const sectionReference = { type: "section", key: "closing", section: "closing-call-to-action" };
const one = (type: string) => contentBlocks.find((b) => b.type === type) ?? (type === sectionReference.type ? sectionReference : undefined)!;

describe("copying blocks and pasting them on another page", () => {
  it("round-trips every block type of the registry, as the content uses it", async () => {
    for (const type of blockTypes) {
      const block = one(type);
      expect(block, `no page uses ${type}: add one to the sample content`).toBeDefined();
      const pasted = await readPasted(copyText([block], "About Us (/about)"), []);
      expect(pasted, type).toEqual({ ok: true, blocks: [block], from: "About Us (/about)" });
    }
  });

  it("gives a pasted block a key no block of the target page has, and copies of one block keys of their own", async () => {
    const hero = { ...one("hero"), key: "hero" };
    const pasted = await readPasted(copyText([hero, hero], "Home (/)"), ["hero", "hero-2", "cta"]);
    expect(pasted.ok && pasted.blocks.map((b) => b.key)).toEqual(["hero-3", "hero-4"]);
    const keyless = { ...one("cta") };
    delete keyless.key;
    const second = await readPasted(copyText([keyless], "Home (/)"), ["cta"]);
    expect(second.ok && second.blocks[0]!.key).toBe("cta-2");
  });

  it("refuses text that is not copied blocks", async () => {
    for (const text of ["", "Hello", "{}", JSON.stringify({ format: CLIPBOARD_FORMAT, version: 1, from: "x", blocks: [] }), JSON.stringify({ format: "other", version: 1, blocks: [{}] }), JSON.stringify({ format: CLIPBOARD_FORMAT, version: 1, from: "x", blocks: [42] })]) {
      const pasted = await readPasted(text, []);
      expect(pasted.ok ? "pasted" : pasted.error.code, text).toBe("PasteNotBlocks");
    }
  });

  it("refuses blocks copied by a newer editor, naming its version", async () => {
    const text = JSON.stringify({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION + 1, from: "Home (/)", blocks: [one("cta")] });
    const pasted = await readPasted(text, []);
    expect(pasted.ok).toBe(false);
    if (!pasted.ok) expect(pasted.error).toMatchObject({ code: "PasteNewerVersion", message: expect.stringContaining(`format ${CLIPBOARD_VERSION + 1}`) });
  });

  it("refuses a block type this site does not have, saying which of the copied blocks", async () => {
    const pasted = await readPasted(copyText([one("cta"), { type: "pricing-wheel", title: "Spin" }], "Home (/)"), []);
    expect(pasted.ok).toBe(false);
    if (!pasted.ok) expect(pasted.error).toMatchObject({ code: "PasteUnknownBlock", message: expect.stringMatching(/^Block 2 of the copied ones .*\(pricing-wheel\)/) });
  });

  it("refuses a block whose props this site's schema does not know (a newer site's), naming the field in words", async () => {
    const cta = one("cta");
    const pasted = await readPasted(copyText([{ ...cta, countdown: "2027-01-01" }], "Home (/)"), []);
    expect(pasted.ok).toBe(false);
    if (!pasted.ok) expect(pasted.error).toMatchObject({ code: "PasteInvalidBlock", message: expect.stringContaining("The copied CTA block does not fit") });
    const grid = one("card-grid");
    const broken = await readPasted(copyText([{ ...grid, columns: "many" }], "Home (/)"), []);
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error.message).toContain("at Columns");
  });

  it("places pasted blocks after the selection as one step to undo, the first of them selected", () => {
    const page = { path: "/p", meta: { title: "T", description: "D" }, blocks: [{ type: "hero", key: "hero", title: "One" }, { type: "cta", key: "cta", title: "Two" }] };
    let s = initialState("page", page, { data: page, version: "v1" });
    s = editorReducer(s, { type: "paste", index: 1, entries: [{ type: "hero", key: "hero", title: "Pasted" }, { type: "stats", key: "stats" }] });
    const blocks = (s.history.present.data as typeof page).blocks;
    expect(blocks.map((b) => b.key)).toEqual(["hero", "hero-2", "stats", "cta"]);
    expect(s.selected).toBe(s.history.present.keys[1]);
    s = editorReducer(s, { type: "undo" });
    expect((s.history.present.data as typeof page).blocks).toEqual(page.blocks);
  });
});
