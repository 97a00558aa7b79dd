/**
 * Block keys: unique names within a page (schemas/block-key.ts), added to existing pages by
 * npm run content:keys with the smallest diff (src/runtime/content/block-keys.ts).
 */
import { uniqueBlockKey } from "../../schemas/block-key.ts";
import { addBlockKeys } from "../../src/runtime/content/block-keys.ts";

describe("a new block key", () => {
  it("is the block's type, then type-2, type-3… whichever is free", () => {
    expect(uniqueBlockKey("hero", [])).toBe("hero");
    expect(uniqueBlockKey("card-grid", ["card-grid", "card-grid-2"])).toBe("card-grid-3");
  });

  it("for a copy starts from its original's key without its number", () => {
    expect(uniqueBlockKey("cta-2", ["cta", "cta-2"])).toBe("cta-3");
  });
});

describe("adding keys to a page file", () => {
  const page = [
    "{",
    '  "path": "/x",',
    '  "blocks": [',
    "    {",
    '      "type": "hero",',
    '      "title": "One"',
    "    },",
    '    { "type": "stats" },',
    '    { "type": "cta", "title": "Two" },',
    '    { "type": "hero", "key": "hero", "title": "Three" }',
    "  ]",
    "}",
    "",
  ].join("\n");

  it("puts each key after its type, on its own line or inline as the block is written, and changes nothing else", () => {
    const { text, added } = addBlockKeys(page);
    expect(added).toEqual(["hero-2", "stats", "cta"]);
    expect(text).toBe(
      [
        "{",
        '  "path": "/x",',
        '  "blocks": [',
        "    {",
        '      "type": "hero",',
        '      "key": "hero-2",',
        '      "title": "One"',
        "    },",
        '    { "type": "stats", "key": "stats" },',
        '    { "type": "cta", "key": "cta", "title": "Two" },',
        '    { "type": "hero", "key": "hero", "title": "Three" }',
        "  ]",
        "}",
        "",
      ].join("\n"),
    );
    expect(JSON.parse(text).blocks.map((b: { key: string }) => b.key)).toEqual(["hero-2", "stats", "cta", "hero"]);
  });

  it("leaves a page whose blocks all have keys as it is", () => {
    const once = addBlockKeys(page).text;
    expect(addBlockKeys(once)).toEqual({ text: once, added: [] });
  });
});
