/**
 * Copy and paste of blocks between pages, tabs and sites: what the clipboard carries (the
 * blocks, and their translated texts), which pastes are refused and why, keys made unique in
 * the target page (the translations following them), and references the target site lacks named.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { blockTypes } from "../../src/blocks/registry.ts";
import { type BlocksTexts, CLIPBOARD_FORMAT, CLIPBOARD_VERSION, copyText, type KnownHere, readPasted } from "../../src/editor/document/clipboard.ts";
import { editorReducer, initialState } from "../../src/editor/document/reducer.ts";

const content = path.resolve(import.meta.dirname, "../../content");
const pagesDir = path.join(content, "pages");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as unknown;
const pages = readdirSync(pagesDir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ f, blocks: (readJson(path.join(pagesDir, f)) as { blocks: Record<string, unknown>[] }).blocks }));
const contentBlocks = pages.flatMap((p) => p.blocks);
/** Each block's Hindi texts, as its page's translation file holds them. */
const hindiOf = new Map(
  pages.flatMap(({ f, blocks }) => {
    const translation = path.join(content, "translations/hi/pages", f);
    const byKey = (existsSync(translation) ? (readJson(translation) as { blocks?: Record<string, BlocksTexts[string][string]> }).blocks : undefined) ?? {};
    return blocks.map((block) => [block, byKey[String(block.key)]] as const);
  }),
);
/** The sample content places no reusable section (content/sections/ is empty): a reference to one, as a page writes it. */
const sectionReference = { type: "section", key: "closing", section: "closing-call-to-action" };
const one = (type: string) => contentBlocks.find((b) => b.type === type) ?? (type === sectionReference.type ? sectionReference : undefined)!;

describe("copying blocks and pasting them on another page", () => {
  it("round-trips every block type of the registry, as the content uses it, with its translated texts", async () => {
    let translated = 0;
    for (const type of blockTypes) {
      const block = one(type);
      expect(block, `no page uses ${type}: add one to the sample content`).toBeDefined();
      const hindi = hindiOf.get(block);
      const translations: BlocksTexts = hindi ? { hi: { [String(block.key)]: hindi } } : {};
      if (hindi) translated++;
      const pasted = await readPasted(copyText([block], "About Us (/about)", translations), []);
      expect(pasted, type).toEqual({ ok: true, blocks: [block], from: "About Us (/about)", translations, missing: [] });
    }
    expect(translated, "the sample content translates most block types").toBeGreaterThan(blockTypes.length / 2);
  });

  it("files the translations under the pasted blocks' new keys, only in the locales the target site has", async () => {
    const cta = contentBlocks.find((b) => b.type === "cta" && hindiOf.get(b))!;
    const hindi = hindiOf.get(cta)!;
    const key = String(cta.key);
    const text = copyText([cta, cta], "About Us (/about)", { hi: { [key]: hindi }, fr: { [key]: hindi } });
    const here: KnownHere = { locales: ["hi"], ids: {}, media: new Map() };
    const pasted = await readPasted(text, [key], here);
    expect(pasted.ok).toBe(true);
    if (!pasted.ok) return;
    const [first, second] = pasted.blocks.map((b) => String(b.key));
    expect(first).not.toBe(key);
    expect(pasted.translations).toEqual({ hi: { [first!]: hindi, [second!]: hindi } });
  });

  it("drops translated texts that are not translation entries, and reads a clipboard from before translations came with blocks", async () => {
    const cta = one("cta");
    const key = String(cta.key);
    const entry = { text: "संपर्क करें", source: "Contact Us", hash: "98b67063cf8e584d" };
    const odd = await readPasted(copyText([cta], "Home (/)", { hi: { [key]: { good: entry, bad: { text: 42 }, empty: { ...entry, text: "" } } as never }, "not a locale!": { [key]: { good: entry } } }), []);
    expect(odd.ok && odd.translations).toEqual({ hi: { [key]: { good: entry } } });
    const before = JSON.stringify({ format: CLIPBOARD_FORMAT, version: 1, from: "Home (/)", blocks: [cta] });
    expect(await readPasted(before, [])).toEqual({ ok: true, blocks: [cta], from: "Home (/)", translations: {}, missing: [] });
  });

  it("keeps references the target site has and names at once those it lacks, pasting the block all the same", async () => {
    const grid = { type: "service-grid", key: "services", ids: ["web-development", "no-such-service"] };
    const hero = { ...one("hero"), key: "hero", image: { asset: "team-at-work", alt: "The team at work" } };
    const faqs = { type: "section", key: "closing", section: "closing-call-to-action" };
    const here: KnownHere = { locales: ["hi"], ids: { services: new Set(["web-development"]), sections: new Set() }, media: new Map([["hero-background-about", {}]]) };
    const pasted = await readPasted(copyText([grid, hero, faqs], "Elsewhere"), [], here);
    expect(pasted.ok).toBe(true);
    if (!pasted.ok) return;
    expect(pasted.blocks).toHaveLength(3);
    expect(pasted.missing).toEqual([
      { kind: "item", collection: "services", id: "no-such-service" },
      { kind: "image", id: "team-at-work" },
      { kind: "item", collection: "sections", id: "closing-call-to-action" },
    ]);
    const kept = await readPasted(copyText([{ ...grid, ids: ["web-development"] }, { ...hero, image: { asset: "hero-background-about", decorative: true } }], "Elsewhere"), [], here);
    expect(kept.ok && kept.missing).toEqual([]);
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
