/**
 * Schema to form: what control edits a value, derived from the zod schema that validates it.
 * Every block, the page meta and every collection item get their forms from here, so a new
 * block type needs no editor code. The semantic kinds (a link, an icon, a reference to a
 * collection item, a long text) come from schemas/field-kinds.ts.
 *
 * Reads zod 4's schema definitions (`_zod.def`); tests/unit/editor-schema-fields.test.ts
 * covers every construct the content schemas use, so a zod upgrade that changes them fails
 * there, naming this file.
 */
import type { z } from "zod";
import { fieldKinds } from "../../../schemas/field-kinds.ts";
import { fieldLabel } from "./labels.ts";

/** Texts up to this many characters get a one-line input; longer ones a text area. */
const ONE_LINE_MAX = 200;

interface Common {
  /** The schema's .describe() text, shown as help. */
  help?: string;
  /** May be left out. */
  optional: boolean;
  /** The value used when it is left out (zod .default / .prefault). */
  defaultValue?: unknown;
}

/** What kind of control edits the value, and what it needs to know. */
export type FieldShape =
    | { kind: "text"; multiline: boolean; minLength?: number; maxLength?: number }
    | { kind: "href" }
    | { kind: "number"; integer: boolean; min?: number; max?: number }
    | { kind: "boolean" }
    | { kind: "choice"; options: readonly (string | number)[] }
    | { kind: "icon"; options: readonly string[] }
    | { kind: "reference"; collection: string }
    /** An image of the media library by its id (the `asset` of an image field): chosen from the library. */
    | { kind: "asset" }
    /** A list item's key (schemas/fields.ts itemKey): made when the item is added, never edited. */
    | { kind: "item-key" }
    | { kind: "object"; fields: PropertySpec[] }
    | { kind: "array"; item: FieldSpec; min?: number; max?: number }
    | { kind: "union"; variants: VariantSpec[]; discriminator?: string }
    | { kind: "json" };

export type FieldSpec = Common & FieldShape;

export interface PropertySpec {
  name: string;
  label: string;
  spec: FieldSpec;
}

export interface VariantSpec {
  label: string;
  spec: FieldSpec;
  /** Whether a value is of this variant (its discriminator, or its shape). */
  matches: (value: unknown) => boolean;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The form of a value the schema validates. */
export function describeSchema(schema: z.ZodType): FieldSpec {
  const common: Common = { optional: false };
  let current = schema;
  // Wrappers: optional, default, prefault, nullable, readonly. Help and kind may sit on any layer.
  for (;;) {
    common.help ??= current.description;
    const def = defOf(current);
    if (def.type === "optional" || def.type === "nullable" || def.type === "readonly") {
      if (def.type === "optional") common.optional = true;
      current = def.innerType as z.ZodType;
    } else if (def.type === "default" || def.type === "prefault") {
      common.optional = true;
      common.defaultValue = structuredClone(def.defaultValue);
      current = def.innerType as z.ZodType;
    } else break;
  }
  return { ...common, ...describeType(current) } as FieldSpec;
}

function describeFields(schema: z.ZodType): PropertySpec[] {
  const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, s]) => ({ name, label: fieldLabel(name), spec: describeSchema(s) }));
}

function describeType(schema: z.ZodType): FieldShape {
  const kind = fieldKinds.get(schema);
  const def = defOf(schema);
  if (kind?.kind === "href") return { kind: "href" };
  if (kind?.kind === "item-key") return { kind: "item-key" };
  if (kind?.kind === "reference") return { kind: "reference", collection: kind.collection };
  if (kind?.kind === "icon") return { kind: "icon", options: (schema as unknown as z.ZodEnum).options as string[] };
  if (kind?.kind === "image" && def.type === "object") {
    // An image field: its fields as any object's, its asset chosen from the library.
    const fields = describeFields(schema).map((field) => (field.name === "asset" ? { ...field, spec: { optional: field.spec.optional, ...(field.spec.help !== undefined && { help: field.spec.help }), kind: "asset" as const } } : field));
    return { kind: "object", fields };
  }
  switch (def.type) {
    case "string": {
      const { minLength, maxLength } = schema as unknown as { minLength: number | null; maxLength: number | null };
      return {
        kind: "text",
        multiline: kind?.kind === "multiline" || (maxLength ?? Infinity) > ONE_LINE_MAX,
        ...(minLength !== null && { minLength }),
        ...(maxLength !== null && { maxLength }),
      };
    }
    case "number": {
      const { minValue, maxValue, isInt } = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      return { kind: "number", integer: isInt, ...(finite(minValue) && { min: minValue! }), ...(finite(maxValue) && { max: maxValue! }) };
    }
    case "boolean":
      return { kind: "boolean" };
    case "enum":
      return { kind: "choice", options: (schema as unknown as z.ZodEnum).options as (string | number)[] };
    case "literal": {
      // `true` alone is a flag set or left out (an image's `decorative`): a checkbox, never the text "true".
      const values = def.values as readonly unknown[];
      if (values.length === 1 && values[0] === true) return { kind: "boolean" };
      return { kind: "choice", options: values as (string | number)[] };
    }
    case "object":
      return { kind: "object", fields: describeFields(schema) };
    case "array": {
      const { min, max } = lengthLimits(def);
      return { kind: "array", item: describeSchema(def.element as z.ZodType), ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
    case "union":
      return describeUnion(def.options as z.ZodType[], def.discriminator as string | undefined);
    default:
      // Records and unknown values (e.g. extra JSON-LD): edited as JSON text.
      return { kind: "json" };
  }
}

const finite = (n: number | null) => typeof n === "number" && Number.isFinite(n);

/** A list's length limits, from its checks (zod has no getters for them on arrays). */
function lengthLimits(def: Def): { min?: number; max?: number } {
  const limits: { min?: number; max?: number } = {};
  for (const check of (def.checks ?? []) as { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[]) {
    const c = check._zod.def;
    if (c.check === "min_length") limits.min = c.minimum;
    if (c.check === "max_length") limits.max = c.maximum;
    if (c.check === "length_equals") limits.min = limits.max = c.length;
  }
  return limits;
}

/**
 * A union of literals is a choice (columns: 2, 3 or 4); any other union picks a variant
 * first: by its discriminator, or by the shape of the value (a list, or an object).
 */
function describeUnion(options: z.ZodType[], discriminator: string | undefined): FieldShape {
  const specs = options.map(describeSchema);
  if (specs.every((s) => s.kind === "choice")) {
    return { kind: "choice", options: specs.flatMap((s) => (s.kind === "choice" ? s.options : [])) };
  }
  const variants = specs.map((spec, i): VariantSpec => {
    const tag = discriminator && spec.kind === "object" ? spec.fields.find((f) => f.name === discriminator)?.spec : undefined;
    const value = tag?.kind === "choice" ? tag.options[0] : undefined;
    return {
      label: value !== undefined ? String(value) : variantLabel(spec),
      spec,
      matches: value !== undefined ? (v) => isRecord(v) && v[discriminator!] === value : (v) => options[i]!.safeParse(v).success || shapeOfValue(v) === shapeOfSpec(spec),
    };
  });
  return { kind: "union", variants, ...(discriminator && { discriminator }) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const shapeOfValue = (v: unknown) => (Array.isArray(v) ? "list" : isRecord(v) ? "object" : "value");
const shapeOfSpec = (spec: FieldSpec) => (spec.kind === "array" ? "list" : spec.kind === "object" ? "object" : "value");

function variantLabel(spec: FieldSpec): string {
  if (spec.kind === "array") return "List";
  if (spec.kind === "object") return spec.fields.map((f) => f.label).join(" and ");
  return spec.kind === "text" ? "Text" : spec.kind;
}
