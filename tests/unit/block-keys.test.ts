/**
 * Block keys: unique names within a page (schemas/block-key.ts), added to existing pages by
 * npm run content:keys with the smallest diff (src/runtime/content/block-keys.ts); and list
 * items' keys, found from the schema (schemas/keyed-lists.ts), added the same way, and made by
 * the page editor for a new item.
 */
import { newItemKey, uniqueBlockKey, withoutItemKeys } from "../../schemas/block-key.ts";
import { keyedLists } from "../../schemas/keyed-lists.ts";
import { addBlockKeys, addItemKeys } from "../../src/runtime/content/block-keys.ts";
import { registeredPageSchema } from "../../src/blocks/page-schema.ts";
import { describeSchema } from "../../src/editor/schema/describe.ts";
import { newListItem } from "../../src/editor/schema/initial.ts";
import { blocks } from "../../src/blocks/registry.ts";

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

describe("list item keys", () => {
  const page = {
    path: "/x",
    meta: { title: "X", description: "X" },
    blocks: [
      { type: "card-grid", key: "values", items: [{ icon: "star", title: "Our Mission", text: "a" }, { key: "vision", title: "Our Vision", text: "b" }, { title: "Our Mission", text: "c" }] },
      { type: "hero", key: "hero", title: "Hi", actions: [{ label: "Go", href: "/about" }] },
      { type: "process-steps", key: "steps", steps: [{ title: "Discovery call" }, { title: "Proposal & estimate" }] },
    ],
  };

  it("are asked of the lists the schemas make keyed (cards, steps), not of others (actions)", async () => {
    expect(keyedLists(await registeredPageSchema(), page)).toEqual([["blocks", 0, "items"], ["blocks", 2, "steps"]]);
  });

  it("are added first in each item without one, named after its title, unique in its list", async () => {
    const text = JSON.stringify(page, null, 2);
    const { text: keyed, added } = addItemKeys(text, keyedLists(await registeredPageSchema(), page));
    expect(added).toEqual(["our-mission", "our-mission-2", "discovery-call", "proposal-estimate"]);
    const data = JSON.parse(keyed) as typeof page;
    expect(data.blocks[0]!.items!.map((i) => Object.keys(i)[0])).toEqual(["key", "key", "key"]);
    expect(data.blocks[0]!.items!.map((i) => (i as { key?: string }).key)).toEqual(["our-mission", "vision", "our-mission-2"]);
    expect(keyed.split("\n").length - text.split("\n").length).toBe(4);
  });

  it("are made by the editor for an item added to a keyed list, and only there", async () => {
    const grid = describeSchema((await blocks["card-grid"].definition()).schema);
    const items = grid.kind === "object" ? grid.fields.find((f) => f.name === "items")!.spec : undefined;
    expect(items?.kind).toBe("array");
    if (items?.kind !== "array") return;
    expect(newListItem(items.item, [{ key: "item" }, { key: "mission" }])).toMatchObject({ key: "item-2", title: "", text: "" });
    const stats = describeSchema((await blocks.stats.definition()).schema);
    expect(stats.kind === "object" && stats.fields.find((f) => f.name === "items")!.spec.kind).toBe("array");
    expect(newItemKey([])).toBe("item");
    const hero = describeSchema((await blocks.hero.definition()).schema);
    const actions = hero.kind === "object" ? hero.fields.find((f) => f.name === "actions")!.spec : undefined;
    expect(actions?.kind === "array" && newListItem(actions.item, [])).not.toHaveProperty("key");
  });

  it("never reach a block's props", () => {
    expect(withoutItemKeys({ heading: { title: "T" }, items: [{ key: "a", title: "A" }, { title: "B" }] })).toEqual({ heading: { title: "T" }, items: [{ title: "A" }, { title: "B" }] });
  });
});
