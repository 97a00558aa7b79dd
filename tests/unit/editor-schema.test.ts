/**
 * The page editor's forms come from the content schemas: every zod construct the blocks,
 * the page and the collections use maps to a control, labelled with its property name in
 * words and helped by its .describe() text.
 */
import { z } from "zod";
import { collectionSchemas } from "../../schemas/collections/index.ts";
import { action, heading, href, icon, text, tone } from "../../schemas/fields.ts";
import { formSchema } from "../../schemas/forms.ts";
import { price } from "../../schemas/price.ts";
import { iconNames } from "../../schemas/icons.ts";
import { reference } from "../../schemas/references.ts";
import { blocks, blockTypes } from "../../src/blocks/registry.ts";
import { describeSchema, type FieldSpec } from "../../src/editor/schema/describe.ts";
import { initialValue } from "../../src/editor/schema/initial.ts";
import { fieldLabel } from "../../src/editor/schema/labels.ts";
import { registeredPageSchema } from "../../src/blocks/page-schema.ts";

const field = (spec: FieldSpec, name: string) => {
  if (spec.kind !== "object") throw new Error(`not an object: ${spec.kind}`);
  const found = spec.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe("labels", () => {
  it("are the property names in words", () => {
    expect(fieldLabel("title")).toBe("Title");
    expect(fieldLabel("showClaims")).toBe("Show claims");
    expect(fieldLabel("homeDescription")).toBe("Home description");
    expect(fieldLabel("readMoreLabel")).toBe("Read more label");
    expect(fieldLabel("jsonLd")).toBe("JSON-LD");
    expect(fieldLabel("ids")).toBe("IDs");
    expect(fieldLabel("href")).toBe("Link");
    // An image field's asset: the picture it chooses, never the internal word.
    expect(fieldLabel("asset")).toBe("Picture");
    expect(fieldLabel("minSubmitMs")).toBe("Min submit (ms)");
  });
});

describe("each construct", () => {
  it("text: one line up to 200 characters, a text area beyond, with its limits", () => {
    expect(describeSchema(text(120))).toEqual({ kind: "text", multiline: false, minLength: 1, maxLength: 120, optional: false });
    expect(describeSchema(text(400))).toMatchObject({ kind: "text", multiline: true, maxLength: 400 });
  });

  it("optional values may be left out; defaults are known", () => {
    expect(describeSchema(text(60).optional().describe("Small label"))).toMatchObject({ kind: "text", optional: true, help: "Small label" });
    expect(describeSchema(z.boolean().default(false))).toEqual({ kind: "boolean", optional: true, defaultValue: false });
    expect(describeSchema(z.number().int().min(1).max(12).default(3).describe("How many"))).toEqual({
      kind: "number", integer: true, min: 1, max: 12, optional: true, defaultValue: 3, help: "How many",
    });
  });

  it("enums and unions of literals are choices", () => {
    expect(describeSchema(tone)).toMatchObject({ kind: "choice", options: ["plain", "muted", "brand"], defaultValue: "plain", help: expect.stringContaining("Section background") });
    expect(describeSchema(z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3))).toMatchObject({ kind: "choice", options: [2, 3, 4], defaultValue: 3 });
  });

  it("links, icons and references get their pickers", () => {
    expect(describeSchema(href.optional())).toMatchObject({ kind: "href", optional: true, help: expect.stringContaining("site path") });
    expect(describeSchema(icon)).toMatchObject({ kind: "icon", options: iconNames });
    expect(describeSchema(reference("faqs"))).toMatchObject({ kind: "reference", collection: "faqs", help: "The id of an item of the faqs collection" });
  });

  it("objects are labelled groups of fields, refinements and all", () => {
    const spec = describeSchema(action);
    expect(spec.kind).toBe("object");
    expect(field(spec, "label")).toMatchObject({ label: "Label", spec: { kind: "text", help: "Button text" } });
    expect(field(spec, "href")).toMatchObject({ label: "Link", spec: { kind: "href", optional: true } });
    expect(field(spec, "notice")).toMatchObject({ spec: { kind: "choice", options: ["not-implemented"], optional: true } });
    expect(describeSchema(heading.optional())).toMatchObject({ kind: "object", optional: true });
  });

  it("a service tier's price reads as a marketer states one: an amount, or words instead", () => {
    const spec = describeSchema(price);
    expect(spec).toMatchObject({ kind: "object", help: "An amount, or words instead of one" });
    if (spec.kind !== "object") throw new Error("not an object");
    expect(spec.fields.map((f) => f.label)).toEqual(["Amount", "Starting at", "Per", "On request"]);
    expect(field(spec, "amount").spec).toMatchObject({ kind: "text", multiline: false, optional: true, help: expect.stringContaining("code: 5000 USD") });
    expect(field(spec, "startingAt").spec).toMatchObject({ kind: "boolean", optional: true });
    expect(field(spec, "per").spec).toMatchObject({ kind: "choice", options: ["month", "hour"], optional: true });
  });

  it("arrays know their item and their limits", () => {
    expect(describeSchema(z.array(action).min(1).max(3))).toMatchObject({ kind: "array", min: 1, max: 3, item: { kind: "object" } });
    expect(describeSchema(z.array(text(40)).max(12))).toMatchObject({ kind: "array", max: 12, item: { kind: "text" } });
  });

  it("unions of shapes pick a variant first (a form field's options: a list, or a collection)", () => {
    const options = field(describeSchema(formSchema.shape.fields.element), "options").spec;
    expect(options).toMatchObject({ kind: "union", optional: true });
    if (options.kind !== "union") throw new Error();
    expect(options.variants.map((v) => v.label)).toEqual(["List", "Collection and Append"]);
    expect(options.variants[0]!.matches(["a", "b"])).toBe(true);
    expect(options.variants[1]!.matches({ collection: "services" })).toBe(true);
    expect(options.variants[0]!.matches({ collection: "services" })).toBe(false);
  });

  it("a discriminated union picks its variant by the discriminator (the page's blocks)", async () => {
    const blocksSpec = field(describeSchema(await registeredPageSchema()), "blocks").spec;
    if (blocksSpec.kind !== "array" || blocksSpec.item.kind !== "union") throw new Error("blocks are not a list of variants");
    expect(blocksSpec.item.discriminator).toBe("type");
    expect(blocksSpec.item.variants.map((v) => v.label).sort()).toEqual([...blockTypes].sort());
    expect(blocksSpec.item.variants.find((v) => v.label === "hero")!.matches({ type: "hero" })).toBe(true);
  });

  it("records (extra JSON-LD) are edited as JSON", async () => {
    const meta = field(describeSchema(await registeredPageSchema()), "meta").spec;
    expect(field(meta, "jsonLd").spec).toMatchObject({ kind: "array", optional: true, item: { kind: "json" } });
    expect(field(meta, "noindex")).toMatchObject({ label: "Noindex", spec: { kind: "boolean", optional: true } });
  });
});

describe("every schema of the site", () => {
  it("maps to controls for every block type, every collection item and the page", async () => {
    const kinds = new Set<string>();
    const walk = (spec: FieldSpec) => {
      kinds.add(spec.kind);
      if (spec.kind === "object") spec.fields.forEach((f) => walk(f.spec));
      if (spec.kind === "array") walk(spec.item);
      if (spec.kind === "union") spec.variants.forEach((v) => walk(v.spec));
    };
    for (const type of blockTypes) walk(describeSchema((await blocks[type].definition()).schema));
    for (const schema of Object.values(collectionSchemas)) walk(describeSchema(schema));
    walk(describeSchema(await registeredPageSchema()));
    expect([...kinds].sort()).toEqual(["array", "asset", "boolean", "choice", "href", "icon", "item-key", "json", "number", "object", "reference", "text", "union"]);
  });

  it("every block type describes itself for the editor's palette (its schema's .describe())", async () => {
    for (const type of blockTypes) expect((await blocks[type].definition()).schema.description, type).toMatch(/^[A-Z].{15,}[^.]$/);
  });

  it("a new item starts with what its schema requires, and only that", async () => {
    const hero = describeSchema((await blocks.hero.definition()).schema);
    expect(initialValue(hero)).toEqual({ title: "", subtitle: "" });
    const cta = describeSchema((await blocks.cta.definition()).schema);
    expect(initialValue(cta)).toEqual({ title: "", text: "", actions: [{ label: "" }] });
    const steps = describeSchema((await blocks["process-steps"].definition()).schema);
    expect(steps.kind === "object" && initialValue(steps.fields.find((f) => f.name === "steps")!.spec)).toEqual([{ key: "item", title: "" }, { key: "item-2", title: "" }]);
    const service = describeSchema(collectionSchemas.services);
    expect(initialValue(service)).toMatchObject({ id: "", icon: iconNames[0], features: ["", "", "", ""] });
  });
});
