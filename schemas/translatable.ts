/**
 * Which texts of a value are translated, derived from the schema that validates it, so a new
 * block or field needs no i18n code of its own:
 *
 * - a string field translates: headings, texts, labels, descriptions;
 * - shared by every locale are links (href), icons, references to collection items, strings
 *   with a format (ids, paths, image addresses: any pattern), choices, numbers and booleans;
 * - a field's own `translation` registration (field-kinds.ts) overrides either way.
 *
 * Reads zod 4's schema definitions (`_zod.def`), as src/editor/schema/describe.ts does;
 * tests/unit/translatable.test.ts covers the constructs the content schemas use.
 */
import type { z } from "zod";
import { fieldKinds, translation } from "./field-kinds.ts";

export type ValuePath = (string | number)[];

/** A text to translate: where it is in the value, and what it says. */
export interface TranslatableText {
  path: ValuePath;
  text: string;
  /** For a formatted text that translates (an amount, "5000 USD"): what is wrong with a translation of it, if anything. */
  formatError?: (translated: string) => string | undefined;
}

export type Def = { type: string; [key: string]: unknown };
export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every translatable text in `value`, in document order, with its path from `value`. */
export function translatableTexts(schema: z.ZodType, value: unknown, path: ValuePath = []): TranslatableText[] {
  let current = schema;
  let decided: boolean | undefined;
  // Wrappers: a registration may sit on any layer; the outermost wins.
  for (;;) {
    decided ??= translation.get(current)?.translate;
    const def = defOf(current);
    if (["optional", "nullable", "readonly", "default", "prefault", "nonoptional", "catch"].includes(def.type)) current = def.innerType as z.ZodType;
    else if (def.type === "pipe") current = def.in as z.ZodType;
    else break;
  }
  const def = defOf(current);
  if (typeof value === "string") {
    // An empty text (an optional description left "") has nothing to translate.
    if (!(decided ?? isText(current)) || value.trim() === "") return [];
    // A formatted string translated by its registration keeps its format in every locale.
    const format = isText(current) ? undefined : current;
    return [{ path, text: value, ...(format && { formatError: (translated: string) => format.safeParse(translated).error?.issues[0]?.message }) }];
  }
  if (decided === false) return [];
  if (def.type === "object" && isRecord(value)) {
    const shape = (current as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    // "$schema" points editors at a JSON Schema: a path, whatever its schema says.
    return Object.entries(shape).flatMap(([key, field]) => (key in value && key !== "$schema" ? translatableTexts(field, value[key], [...path, key]) : []));
  }
  if (def.type === "array" && Array.isArray(value)) {
    return value.flatMap((item, i) => translatableTexts(def.element as z.ZodType, item, [...path, i]));
  }
  if (def.type === "union") {
    const option = unionOption(def.options as z.ZodType[], def.discriminator as string | undefined, value);
    return option ? translatableTexts(option, value, path) : [];
  }
  // Records and unknown values (extra JSON-LD) are data, not text.
  return [];
}

/** A string field is text unless it is a link, an icon, a reference, or has a format. */
function isText(schema: z.ZodType): boolean {
  const kind = fieldKinds.get(schema)?.kind;
  if (kind === "href" || kind === "icon" || kind === "reference") return false;
  const def = defOf(schema);
  if (def.type !== "string" || def.format) return false; // z.email(), z.url(): an address, not text
  const checks = (def.checks ?? []) as { _zod: { def: { check: string } } }[];
  return !checks.some((c) => c._zod.def.check === "string_format");
}

/** The union member that describes the value: by its discriminator, else the first that accepts it. */
export function unionOption(options: z.ZodType[], discriminator: string | undefined, value: unknown): z.ZodType | undefined {
  if (discriminator && isRecord(value)) {
    const tag = value[discriminator];
    return options.find((o) => {
      const field = (o as unknown as z.ZodObject).shape?.[discriminator] as z.ZodType | undefined;
      return field !== undefined && field.safeParse(tag).success;
    });
  }
  return options.find((o) => o.safeParse(value).success);
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
