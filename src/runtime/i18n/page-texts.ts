/**
 * A page's translatable texts (schemas/translatable.ts decides which), each with the slot its
 * translation is filed under in a translation file (schemas/translations.ts): ["meta", field]
 * or ["blocks", block key, field]. The checker and the resolver both go through here, so
 * they agree on what is translated and where.
 */
import type { z } from "zod";
import type { Page, PageSchema } from "../../../schemas/page.ts";
import type { PageTranslation, TranslatedText } from "../../../schemas/translations.ts";
import { translatableTexts, type ValuePath } from "../../../schemas/translatable.ts";
import { dotted } from "../../content-files/issues.ts";

export type Slot = readonly ["meta", string] | readonly ["blocks", string, string];

export interface PageText {
  /** Where the text is in the page. */
  path: ValuePath;
  text: string;
  /** Where its translation is filed; undefined in a block without a key, which cannot be translated. */
  slot?: Slot;
}

export function pageTexts(schema: PageSchema, page: Pick<Page, "meta" | "blocks">): PageText[] {
  const shape = schema.shape as unknown as { meta: z.ZodType; blocks: z.ZodArray<z.ZodType> };
  const meta = translatableTexts(shape.meta, page.meta, ["meta"]).map((t): PageText => ({ ...t, slot: ["meta", dotted(t.path.slice(1))] }));
  const blocks = page.blocks.flatMap((block, i) => {
    const key = (block as { key?: string }).key;
    return translatableTexts(shape.blocks.element, block, ["blocks", i]).map(
      (t): PageText => ({ ...t, ...(key !== undefined && { slot: ["blocks", key, dotted(t.path.slice(2))] }) }),
    );
  });
  return [...meta, ...blocks];
}

/** The translation filed in a slot, if there is one. */
export function translationAt(translation: PageTranslation | undefined, slot: Slot): TranslatedText | undefined {
  if (!translation) return undefined;
  if (slot[0] === "meta") return translation.meta?.[slot[1]];
  return translation.blocks?.[slot[1]]?.[slot[2]];
}

/** Every slot a translation file fills. */
export function filledSlots(translation: PageTranslation): Slot[] {
  return [
    ...Object.keys(translation.meta ?? {}).map((field): Slot => ["meta", field]),
    ...Object.entries(translation.blocks ?? {}).flatMap(([key, fields]) => Object.keys(fields).map((field): Slot => ["blocks", key, field])),
  ];
}

export const slotId = (slot: Slot) => slot.join("\u0000");

/** How a slot reads to people: meta.title, hero → heading.title. */
export const slotName = (slot: Slot) => (slot[0] === "meta" ? `meta.${slot[1]}` : `${slot[1]} → ${slot[2]}`);
