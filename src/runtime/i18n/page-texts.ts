/**
 * A page's translatable texts (schemas/translatable.ts decides which), each with the slot its
 * translation is filed under in a translation file (schemas/translations.ts): ["meta", field]
 * or ["blocks", block key, field]. The checker and the resolver both go through here, so
 * they agree on what is translated and where.
 */
import type { z } from "zod";
import type { Page, PageSchema } from "../../../schemas/page.ts";
import { translatableTexts, type ValuePath } from "../../../schemas/translatable.ts";
import { fieldName, type SourceText } from "./slots.ts";

export type PageText = SourceText;

export function pageTexts(schema: PageSchema, page: Pick<Page, "meta" | "blocks">): PageText[] {
  const shape = schema.shape as unknown as { meta: z.ZodType; blocks: z.ZodArray<z.ZodType> };
  const meta = translatableTexts(shape.meta, page.meta, []);
  const metaTexts = meta.map((t): PageText => ({ ...t, path: ["meta", ...t.path], slot: ["meta", fieldName(page.meta, t.path, isIn(meta))] }));
  const blocks = page.blocks.flatMap((block, i) => {
    const key = (block as { key?: string }).key;
    const texts = translatableTexts(shape.blocks.element, block, []);
    return texts.map(
      (t): PageText => ({ ...t, path: ["blocks", i, ...t.path], ...(key !== undefined && { slot: ["blocks", key, fieldName(block, t.path, isIn(texts))] }) }),
    );
  });
  return [...metaTexts, ...blocks];
}

/** Whether a path is one of the texts': what decides that a list item's field cannot name it. */
export const isIn = (texts: readonly { path: ValuePath }[]) => {
  const paths = new Set(texts.map((t) => JSON.stringify(t.path)));
  return (path: ValuePath) => paths.has(JSON.stringify(path));
};
