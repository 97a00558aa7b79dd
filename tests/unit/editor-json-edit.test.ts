/**
 * Saving from the page editor rewrites only what changed: the file keeps its $schema, key
 * order and formatting (compact one-line objects too), so one edited field is one changed
 * line in git diff.
 */
import { readFileSync } from "node:fs";
import { diffLists, rewriteJson } from "../../src/editor/server/json-edit.ts";

const home = readFileSync("content/pages/home.json", "utf8");
const data = () => JSON.parse(home) as { blocks: Record<string, unknown>[]; meta: Record<string, unknown> };

/** The lines of `after` that differ from `before`, as git diff would show them. */
function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  const removed = a.filter((l) => !b.includes(l));
  const added = b.filter((l) => !a.includes(l));
  return { removed, added };
}

describe("rewriting a content file", () => {
  it("changes one line when one text changes", () => {
    const next = data();
    next.blocks[0]!.title = "Software that moves you";
    const text = rewriteJson(home, data(), next);
    expect(JSON.parse(text)).toEqual(next);
    expect(changedLines(home, text)).toEqual({
      removed: ['      "title": "Software that moves your business forward",'],
      added: ['      "title": "Software that moves you",'],
    });
    expect(text.split("\n").length).toBe(home.split("\n").length);
  });

  it("keeps a compact one-line object compact when one of its values changes", () => {
    const next = data();
    (next.blocks[0]!.actions as Record<string, unknown>[])[1]!.href = "/about";
    const { removed, added } = changedLines(home, rewriteJson(home, data(), next));
    expect(removed).toEqual(['        { "label": "View Services", "href": "/services", "variant": "outline" }']);
    expect(added).toEqual(['        { "label": "View Services", "href": "/about", "variant": "outline" }']);
  });

  it("adds a property after the one it follows, and removes one, touching nothing else", () => {
    const before = data();
    const next = data();
    next.meta = { title: before.meta.title, description: before.meta.description, noindex: true };
    const text = rewriteJson(home, before, next);
    expect(Object.keys(JSON.parse(text).meta)).toEqual(["title", "description", "noindex"]);
    const removedEyebrow = data();
    delete removedEyebrow.blocks[0]!.eyebrow;
    const { removed, added } = changedLines(home, rewriteJson(home, before, removedEyebrow));
    expect(removed).toEqual(['      "eyebrow": "IT services agency",']);
    expect(added).toEqual([]);
  });

  it("moves a block by taking its lines out and putting them back in its new place", () => {
    const next = data();
    const [moved] = next.blocks.splice(1, 1);
    next.blocks.splice(3, 0, moved!);
    const text = rewriteJson(home, data(), next);
    expect(JSON.parse(text)).toEqual(next);
    expect(text.startsWith('{\n  "$schema": "../../schemas/json/page.schema.json",\n  "path": "/",')).toBe(true);
  });

  it("inserts a new block, and edits another in the same save, each minimally", () => {
    const next = data();
    next.blocks.splice(2, 0, { type: "cta", title: "New", text: "Text", actions: [{ label: "Go", href: "/contact" }] });
    next.blocks[0]!.subtitle = "Changed subtitle.";
    const text = rewriteJson(home, data(), next);
    expect(JSON.parse(text)).toEqual(next);
    const { removed, added } = changedLines(home, text);
    expect(removed).toHaveLength(1);
    expect(removed[0]).toContain('"subtitle"');
    // The new block is laid out like its neighbours: on one line, as it fits.
    expect(added).toEqual([
      '      "subtitle": "Changed subtitle.",',
      '    { "type": "cta", "title": "New", "text": "Text", "actions": [{ "label": "Go", "href": "/contact" }] },',
    ]);
  });

  it("keeps the file's final newline and its indentation", () => {
    const next = data();
    next.blocks.push({ type: "stats" });
    const text = rewriteJson(home, data(), next);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).toContain('\n    { "type": "stats" }\n  ]\n}\n');
  });
});

describe("new values", () => {
  it("go on one line when they fit, otherwise one entry a line", async () => {
    const { formatValue } = await import("../../src/editor/server/json-edit.ts");
    const layout = { unit: "  ", eol: "\n" };
    expect(formatValue({ label: "Go", href: "/contact" }, "    ", layout)).toBe('{ "label": "Go", "href": "/contact" }');
    expect(formatValue({ text: "x".repeat(120) }, "", layout)).toBe(`{\n  "text": "${"x".repeat(120)}"\n}`);
    expect(formatValue([], "", layout)).toBe("[]");
  });

  it("are added to a one-line object on its line", () => {
    const text = '{\n  "a": { "label": "Go", "href": "/x" }\n}\n';
    expect(rewriteJson(text, { a: { label: "Go", href: "/x" } }, { a: { label: "Go", href: "/x", variant: "outline" } })).toBe(
      '{\n  "a": { "label": "Go", "href": "/x", "variant": "outline" }\n}\n',
    );
    expect(rewriteJson(text, { a: { label: "Go", href: "/x" } }, { a: { href: "/x" } })).toBe('{\n  "a": { "href": "/x" }\n}\n');
  });
});

describe("the list diff", () => {
  it("keeps equal items, pairs changed ones, and deletes or inserts the rest", () => {
    expect(diffLists(["a", "b", "c"], ["a", "B", "c", "d"])).toEqual([
      { op: "keep", from: 0, to: 0 },
      { op: "change", from: 1, to: 1 },
      { op: "keep", from: 2, to: 2 },
      { op: "insert", to: 3 },
    ]);
    expect(diffLists(["a", "b", "c"], ["b", "a", "c"]).map((s) => s.op)).toEqual(["insert", "keep", "delete", "keep"]);
  });
});
