/**
 * Where a value has lists whose items carry keys (fields.ts keyedList), found from the schema
 * that validates it, so `npm run content:keys` and the migration that gave the content its item
 * keys need no list of blocks: a new block's keyed list is found as soon as it is registered.
 */
import type { z } from "zod";
import { fieldKinds } from "./field-kinds.ts";
import { defOf, isRecord, unionOption, type ValuePath } from "./translatable.ts";

const WRAPPERS = ["optional", "nullable", "readonly", "default", "prefault", "nonoptional", "catch"];

/** The paths of every keyed list in `value`, outermost first. */
export function keyedLists(schema: z.ZodType, value: unknown, path: ValuePath = []): ValuePath[] {
  const current = unwrap(schema);
  const def = defOf(current);
  if (def.type === "object" && isRecord(value)) {
    const shape = (current as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    return Object.entries(shape).flatMap(([key, field]) => (key in value ? keyedLists(field, value[key], [...path, key]) : []));
  }
  if (def.type === "array" && Array.isArray(value)) {
    const element = unwrap(def.element as z.ZodType);
    const shape = defOf(element).type === "object" ? ((element as unknown as z.ZodObject).shape as Record<string, z.ZodType>) : {};
    const keyed = shape.key !== undefined && fieldKinds.get(unwrap(shape.key))?.kind === "item-key";
    return [...(keyed ? [path] : []), ...value.flatMap((item, i) => keyedLists(element, item, [...path, i]))];
  }
  if (def.type === "union") {
    const option = unionOption(def.options as z.ZodType[], def.discriminator as string | undefined, value);
    return option ? keyedLists(option, value, path) : [];
  }
  return [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.includes(def.type)) current = def.innerType as z.ZodType;
    else if (def.type === "pipe") current = def.in as z.ZodType;
    else return current;
  }
}
