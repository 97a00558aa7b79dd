/**
 * The translatable texts of a collection's items, of the site settings (navigation, footer,
 * notices…) and of the local blog's taxonomy, each with its slot (./slots.ts):
 * ["items", item id, field] and ["fields", field].
 * Which texts translate is the schema's to say (schemas/translatable.ts), so no collection
 * has i18n code of its own. Items are filed by id, never by position: reordering, adding and
 * removing items in the default locale leaves every other locale's text on its item.
 */
import { type CollectionName, collectionSchemas, idField, markdownCollections } from "../../../schemas/collections/index.ts";
import type { z } from "zod";
import { localTaxonomySchema } from "../../../schemas/blog.ts";
import { siteConfigSchema } from "../../../schemas/site.ts";
import { mediaManifestSchema } from "../../../schemas/media.ts";
import { translatableTexts } from "../../../schemas/translatable.ts";
import { isIn } from "./page-texts.ts";
import { fieldName, type SourceText } from "./slots.ts";

/**
 * The collections translated field by field: every JSON collection. A Markdown collection
 * (legal documents) is a document, translated as a whole file if at all, not text by text.
 */
export const translatedCollections = (Object.keys(collectionSchemas) as CollectionName[]).filter((name) => !markdownCollections[name]);

export function collectionTexts(name: CollectionName, items: readonly unknown[]): SourceText[] {
  const schema = collectionSchemas[name];
  return items.flatMap((item, i) => {
    const id = (item as Record<string, unknown>)[idField(name)];
    const texts = translatableTexts(schema, item, []);
    return texts.map((t): SourceText => ({ ...t, path: ["items", i, ...t.path], ...(typeof id === "string" && { slot: ["items", id, fieldName(item, t.path, isIn(texts))] }) }));
  });
}

export const siteTexts = (site: unknown) => fileTexts(siteConfigSchema, site);

/** The local blog's categories, tags and authors: names and descriptions, each term by its slug. */
export const taxonomyTexts = (taxonomy: unknown) => fileTexts(localTaxonomySchema, taxonomy);

/** An image's alt text and caption (content/media/<id>.json). */
export const mediaTexts = (manifest: unknown) => fileTexts(mediaManifestSchema, manifest);

/** A file translated field by field (["fields", field]), not item by item. */
function fileTexts(schema: z.ZodType, value: unknown): SourceText[] {
  const texts = translatableTexts(schema, value, []);
  return texts.map((t): SourceText => ({ ...t, slot: ["fields", fieldName(value, t.path, isIn(texts))] }));
}
