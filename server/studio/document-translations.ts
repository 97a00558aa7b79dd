/**
 * A page's or a section's translations follow it: what a publish of the document writes to
 * them, in the same commit.
 *
 * - **A block removed** takes its texts out of each translation. They translate nothing any
 *   more, and no screen lists them: left behind, each was an orphaned translation the checker
 *   warned of and a marketer could not remove.
 * - **A block saved as a section** keeps its translations, written once, in the section's own
 *   file. Save as section publishes a new section made of a block of a page (the page still
 *   holds the block until it is published placing the section). The block's translations are in
 *   the page's translation files under its key; a section's are in
 *   content/translations/<locale>/sections/. So, with the publish that makes the section, each
 *   locale's translations of the block it was made from (found as the same block, the same key,
 *   in a published page) are copied into the section's translation file; with the publish of a
 *   page that places a section under a block's key, the page's own translations under that key,
 *   which nothing shows any more, are dropped. The texts carry their source's hash, so a copy is
 *   as current as the original was.
 * - **A document deleted** takes its translation files with it (`translationFilesOf`): left
 *   behind, a translation of a page that does not exist is an error that fails every build.
 */
import { access, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { SECTION_BLOCK } from "../../schemas/page.ts";
import { collectionTranslationFile, pageTranslationFile, sectionTranslationFile, siteTranslationFile } from "../../schemas/translations.ts";
import { SITE_SETTINGS } from "../../schemas/site.ts";
import { editableCollections, isPageFile, isSectionFile } from "../../src/editor/server/store.ts";
import { collectionFile, PAGES_DIR, TRANSLATIONS_DIR } from "../../src/runtime/content/read.ts";
import { sectionIdOf } from "../../src/runtime/sections.ts";
import { formatValue, rewriteJson } from "../../src/editor/server/json-edit.ts";

type Block = Record<string, unknown> & { key?: unknown };
interface TranslationFile {
  $schema?: string;
  blocks?: Record<string, unknown>;
}

const SECTION_TRANSLATION_SCHEMA = "../../../../schemas/json/section-translation.schema.json";

const readJson = async <T,>(file: string): Promise<{ text: string; data: T } | undefined> => {
  try {
    const text = await readFile(file, "utf8");
    return { text, data: JSON.parse(text) as T };
  } catch {
    return undefined;
  }
};
/** The same value whatever the order of its properties. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
const blocksOf = (data: unknown): Block[] => {
  const blocks = (data as { blocks?: unknown } | null)?.blocks;
  return Array.isArray(blocks) ? (blocks as Block[]) : [];
};
const locales = async (root: string) => (await readdir(path.join(root, TRANSLATIONS_DIR), { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory()).map((d) => d.name);

/** A document's translation file in `locale` (the inverse of the editor's translationOf): a page's, a section's, a collection's, the site settings'; undefined: it has none (a post's translations are posts). */
export function translationFileOf(file: string, locale: string): string | undefined {
  if (isPageFile(file)) return pageTranslationFile(locale, file);
  if (isSectionFile(file)) return sectionTranslationFile(locale, sectionIdOf(file));
  if (file === SITE_SETTINGS) return siteTranslationFile(locale);
  const collection = editableCollections.find((name) => collectionFile(name) === file);
  return collection && collectionTranslationFile(locale, collection);
}

/** The translation files a document has now, in every locale. */
export async function translationFilesOf(root: string, file: string): Promise<string[]> {
  const files = (await locales(root)).map((locale) => translationFileOf(file, locale)).filter((f) => f !== undefined);
  const present = await Promise.all(files.map((f) => access(path.join(root, f)).then(() => true, () => false)));
  return files.filter((_, i) => present[i]);
}

/**
 * The translation files a publish of `file` writes beside it, with their texts: a new section's
 * (copied from the page its block came from); a page's or a section's without the texts of
 * blocks it no longer has, or now places as sections. Empty when there is nothing to carry.
 */
export async function translationsCarried(root: string, file: string, base: string | null, data: unknown): Promise<Map<string, string>> {
  if (isSectionFile(file) && base === null) return newSectionTranslations(root, sectionIdOf(file), blocksOf(data));
  if (isPageFile(file) || isSectionFile(file)) return withoutUnusedTranslations(root, file, blocksOf(data));
  return new Map();
}

async function newSectionTranslations(root: string, id: string, blocks: Block[]): Promise<Map<string, string>> {
  const wanted = new Map(blocks.filter((b) => typeof b.key === "string").map((b) => [b.key as string, canonical(b)]));
  if (wanted.size === 0) return new Map();
  // The published pages holding the very block, by its key.
  const pages = (await readdir(path.join(root, PAGES_DIR)).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
  const sources = new Map<string, string[]>();
  for (const name of pages) {
    const page = await readJson<unknown>(path.join(root, PAGES_DIR, name));
    for (const block of blocksOf(page?.data)) {
      if (typeof block.key === "string" && wanted.get(block.key) === canonical(block)) sources.set(block.key, [...(sources.get(block.key) ?? []), `${PAGES_DIR}/${name}`]);
    }
  }
  const written = new Map<string, string>();
  for (const locale of await locales(root)) {
    const carried: Record<string, unknown> = {};
    for (const [key, files] of sources) {
      for (const page of files) {
        const translated = (await readJson<TranslationFile>(path.join(root, pageTranslationFile(locale, page))))?.data.blocks?.[key];
        if (translated !== undefined) {
          carried[key] = translated;
          break;
        }
      }
    }
    if (Object.keys(carried).length > 0) written.set(sectionTranslationFile(locale, id), `${formatValue({ $schema: SECTION_TRANSLATION_SCHEMA, blocks: carried }, "", { unit: "  ", eol: "\n" })}\n`);
  }
  return written;
}

/** Each translation of the page or section whose texts under a key none of its blocks translates (gone, or a placed section's) are dropped. */
async function withoutUnusedTranslations(root: string, file: string, blocks: Block[]): Promise<Map<string, string>> {
  // A placed section's texts are in the section's own translations.
  const translated = new Set(blocks.filter((b) => b.type !== SECTION_BLOCK && typeof b.key === "string").map((b) => b.key as string));
  const written = new Map<string, string>();
  for (const translation of await translationFilesOf(root, file)) {
    const found = await readJson<TranslationFile>(path.join(root, translation));
    const kept = found?.data.blocks && Object.fromEntries(Object.entries(found.data.blocks).filter(([key]) => translated.has(key)));
    if (!found || !kept || Object.keys(kept).length === Object.keys(found.data.blocks!).length) continue;
    written.set(translation, rewriteJson(found.text, found.data, { ...found.data, blocks: kept }));
  }
  return written;
}
