/**
 * The checker's first stage: read every content file from disk, once. What comes back is
 * held in memory, so the later stages (checking the site, loading each page's data) are
 * pure over it, and the page editor can swap one file for a draft and check the site again
 * without touching the disk.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { collectionNames, type CollectionName, markdownCollections } from "../../../schemas/collections/index.ts";
import { legalTranslationFrontmatterSchema } from "../../../schemas/collections/legal.ts";
import { checkLocalBlog, type LocalBlog, POSTS_DIR, TAXONOMY_FILE } from "../../blog/local-check.ts";
import type { ContentError } from "../../content-files/errors.ts";
import { readMarkdownCollection } from "./markdown.ts";
import { MEDIA_DIR } from "../../../schemas/media.ts";
import type { KnownMedia } from "../../../schemas/media-use.ts";
import { checkMediaLibrary } from "./media-check.ts";
import { SITE_SETTINGS } from "../../../schemas/site.ts";

export const PAGES_DIR = "content/pages";
/** Starting points for new pages (schemas/page.ts, pageTemplateSchemaFor). */
export const PAGE_TEMPLATES_DIR = "content/page-templates";
/** Reusable sections that pages place by reference (schemas/page.ts, sectionSchemaFor; src/runtime/sections.ts). */
export const SECTIONS_DIR = "content/sections";
export const LOCALES_FILE = "content/locales.json";
/** content/translations/<locale>/pages/<page>.json: schemas/translations.ts. */
export const TRANSLATIONS_DIR = "content/translations";
export const collectionFile = (name: CollectionName) => `content/collections/${name}.json`;

export interface ContentFiles {
  /** content/site.json: its text (to locate errors in) and its value (undefined when the text is not JSON). */
  site: { text: string; value: unknown };
  /** The JSON content files (collections, pages, page templates, sections, locales, translations, media manifests) by path from the project root. A missing collection file is absent. */
  json: ReadonlyMap<string, string>;
  /** Markdown collections (content/legal/), read and checked here: they are not edited as JSON. */
  markdown: Partial<Record<CollectionName, { items: Record<string, unknown>[]; errors: ContentError[] }>>;
  /** Each locale's translations of the legal documents (content/translations/<locale>/legal/), read and checked, by locale code. */
  legalTranslations?: Record<string, { items: Record<string, unknown>[]; errors: ContentError[] }>;
  /** The local blog (content/blog/), read and checked. */
  localBlog: LocalBlog;
  /** Each locale's own local posts (content/blog/posts/<locale>/), read and checked, by locale code. */
  localeBlogs?: Record<string, LocalBlog>;
  /** content/blog/taxonomy.json's text, which translations name terms in (checked with the blog). */
  blogTaxonomy?: string;
}

/**
 * @param options.blogInMemory texts read in place of the local blog's files (a post, the
 * taxonomy), as a studio preview reads a post's draft: every locale's blog is checked with them
 */
export async function readContent(root: string, { blogInMemory }: { blogInMemory?: ReadonlyMap<string, string> } = {}): Promise<ContentFiles> {
  const json = new Map<string, string>();
  const markdown: ContentFiles["markdown"] = {};
  const siteText = await readFile(path.join(root, SITE_SETTINGS), "utf8").catch(() => "");
  const site = siteOf(siteText);
  for (const name of collectionNames) {
    const frontmatter = markdownCollections[name];
    if (frontmatter) {
      markdown[name] = await readMarkdownCollection(root, name, frontmatter, site);
      continue;
    }
    const text = await readFile(path.join(root, collectionFile(name)), "utf8").catch(() => undefined);
    if (text !== undefined) json.set(collectionFile(name), text);
  }
  const locales = await readFile(path.join(root, LOCALES_FILE), "utf8").catch(() => undefined);
  if (locales !== undefined) json.set(LOCALES_FILE, locales);
  const translations = await readdir(path.join(root, TRANSLATIONS_DIR), { recursive: true }).catch(() => [] as string[]);
  for (const name of translations.map((f) => f.split(path.sep).join("/")).filter((f) => f.endsWith(".json")).sort()) {
    json.set(`${TRANSLATIONS_DIR}/${name}`, await readFile(path.join(root, TRANSLATIONS_DIR, name), "utf8"));
  }
  // The media library's manifests; the originals beside them are read by the build, from its store.
  const media = (await readdir(path.join(root, MEDIA_DIR)).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
  for (const name of media) json.set(`${MEDIA_DIR}/${name}`, await readFile(path.join(root, MEDIA_DIR, name), "utf8"));
  const mediaAssets = checkMediaLibrary(json).assets;
  const pages = (await readdir(path.join(root, PAGES_DIR)).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
  for (const name of pages) json.set(`${PAGES_DIR}/${name}`, await readFile(path.join(root, PAGES_DIR, name), "utf8"));
  const templates = (await readdir(path.join(root, PAGE_TEMPLATES_DIR)).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
  for (const name of templates) json.set(`${PAGE_TEMPLATES_DIR}/${name}`, await readFile(path.join(root, PAGE_TEMPLATES_DIR, name), "utf8"));
  const sections = (await readdir(path.join(root, SECTIONS_DIR)).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
  for (const name of sections) json.set(`${SECTIONS_DIR}/${name}`, await readFile(path.join(root, SECTIONS_DIR, name), "utf8"));
  return {
    site: { text: siteText, value: site },
    json,
    markdown,
    legalTranslations: await readLegalTranslations(root, site),
    localBlog: await checkLocalBlog(root, { inMemory: blogInMemory, media: mediaAssets }),
    localeBlogs: await readLocaleBlogs(root, blogInMemory, mediaAssets),
    blogTaxonomy: blogInMemory?.get(TAXONOMY_FILE) ?? (await readFile(path.join(root, TAXONOMY_FILE), "utf8").catch(() => undefined)),
  };
}

/** content/translations/<locale>/legal/<id>.md, for every locale that has that folder. */
async function readLegalTranslations(root: string, site: unknown): Promise<NonNullable<ContentFiles["legalTranslations"]>> {
  const locales = (await readdir(path.join(root, TRANSLATIONS_DIR), { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const read = async (locale: string) => {
    const dir = `${TRANSLATIONS_DIR}/${locale}/legal`;
    return [locale, await readMarkdownCollection(root, "legal", legalTranslationFrontmatterSchema, site, { dir, label: (id) => `Legal document ${id}, ${locale} translation` })] as const;
  };
  return Object.fromEntries((await Promise.all(locales.map(read))).filter(([, r]) => r.items.length > 0 || r.errors.length > 0));
}

/** Every folder of content/blog/posts/ is a locale's posts. */
async function readLocaleBlogs(root: string, inMemory: ReadonlyMap<string, string> | undefined, media: KnownMedia): Promise<Record<string, LocalBlog>> {
  const entries = await readdir(path.join(root, POSTS_DIR), { withFileTypes: true }).catch(() => []);
  const locales = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Object.fromEntries(await Promise.all(locales.map(async (locale) => [locale, await checkLocalBlog(root, { locale, inMemory, media })] as const)));
}

/** The same content with one JSON file replaced by a draft, added, or (text undefined) removed. */
export function withFile(files: ContentFiles, file: string, text: string | undefined): ContentFiles {
  const json = new Map(files.json);
  if (text === undefined) json.delete(file);
  else json.set(file, text);
  // The settings are read apart (every check stage uses them): a draft of them replaces them there too.
  const site = file === SITE_SETTINGS ? { text: text ?? "", value: siteOf(text ?? "") } : files.site;
  return { ...files, json, site };
}

/** The settings' value; undefined when the text is not JSON (the checker says where). */
function siteOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The page files, in a stable order. */
export const pageFiles = (files: ContentFiles) => [...files.json.keys()].filter((f) => f.startsWith(`${PAGES_DIR}/`)).sort();
/** The page templates, in a stable order. */
export const templateFiles = (files: ContentFiles) => [...files.json.keys()].filter((f) => f.startsWith(`${PAGE_TEMPLATES_DIR}/`)).sort();
/** The reusable sections, in a stable order. */
export const sectionFiles = (files: ContentFiles) => [...files.json.keys()].filter((f) => f.startsWith(`${SECTIONS_DIR}/`)).sort();
