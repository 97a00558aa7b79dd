/**
 * Where a value uses images of the media library, derived from the schema that validates it
 * (the `image` field kind, field-kinds.ts), so a new block or collection needs no code of its
 * own to be found by the studio's "where used" (server/studio/media/uses.ts). Walks the schema
 * beside the value as translatable.ts does.
 */
import type { z } from "zod";
import { fieldKinds } from "./field-kinds.ts";
import { defOf, isRecord, unionOption, type ValuePath } from "./translatable.ts";

/** One image field holding an asset: where in the value, and which asset. */
export interface ImageUseAt {
  path: ValuePath;
  asset: string;
}

const WRAPPERS = new Set(["optional", "nullable", "readonly", "default", "prefault", "nonoptional", "catch"]);

export function imageUsesIn(schema: z.ZodType, value: unknown, path: ValuePath = []): ImageUseAt[] {
  let current = schema;
  for (;;) {
    if (fieldKinds.get(current)?.kind === "image") return isRecord(value) && typeof value.asset === "string" ? [{ path, asset: value.asset }] : [];
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = def.innerType as z.ZodType;
    else if (def.type === "pipe") current = def.in as z.ZodType;
    else if (def.type === "lazy") current = (def.getter as () => z.ZodType)();
    else break;
  }
  const def = defOf(current);
  if (def.type === "object" && isRecord(value)) {
    const shape = (current as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    return Object.entries(shape).flatMap(([key, field]) => (key in value ? imageUsesIn(field, value[key], [...path, key]) : []));
  }
  if (def.type === "array" && Array.isArray(value)) return value.flatMap((item, i) => imageUsesIn(def.element as z.ZodType, item, [...path, i]));
  if (def.type === "union") {
    const option = unionOption(def.options as z.ZodType[], def.discriminator as string | undefined, value);
    return option ? imageUsesIn(option, value, path) : [];
  }
  return [];
}
