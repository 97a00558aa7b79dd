/**
 * Translations into one locale, one file per source file, texts filed by what they
 * translate, never by position:
 *
 *   content/translations/<locale>/pages/<page>.json         a page (same file name)
 *     "meta":   { "title": <translated> }                    the page's meta fields
 *     "blocks": { "<block key>": { "heading.title": <translated>, "items[1].text": … } }
 *   content/translations/<locale>/collections/<name>.json   a collection (services, forms…)
 *     "items":  { "<item id>": { "title": <translated>, "fields[name=email].label": … } }
 *   content/translations/<locale>/site.json                 content/site.json (navigation, footer, notices…)
 *     "fields": { "navigation.links[href=/about].label": <translated>, … }
 *   content/translations/<locale>/blog-taxonomy.json        content/blog/taxonomy.json (local blog's terms)
 *     "fields": { "categories[slug=ecommerce].name": <translated>, … }
 *   content/translations/<locale>/media/<id>.json           an image of the media library (content/media/<id>.json)
 *     "fields": { "alt": <translated>, "caption": <translated> }
 *   content/translations/<locale>/sections/<id>.json        a reusable section (content/sections/<id>.json), once for every page placing it
 *     "blocks": { "<block key>": { "title": <translated>, … } }  as a page's blocks
 *
 * A block key (schemas/block-key.ts) or an item's id survives moving, adding, copying and
 * removing blocks or items; the field is the text's place inside it, written as in the
 * checker's messages, with a list's item named by its own id, key, name or href where it has
 * one ([name=email]) and by its position otherwise ([1]).
 * Each translated text keeps its provenance: the source text it was made from and that
 * text's hash, so the checker can tell when the source changed since (a stale translation)
 * and show both versions.
 */
import { z } from "zod";
import { blockKey, pathPattern } from "./page.ts";
import { SITE_SETTINGS } from "./site.ts";

export const translatedText = z.strictObject({
  text: z.string().trim().describe('The translation; "" (as npm run content:translate -- <locale> --stub writes it) is not translated yet'),
  source: z.string().describe("The source text it was translated from, as it was then"),
  hash: z
    .string()
    .regex(/^[0-9a-f]{16}$/, { error: "A hash is 16 hexadecimal digits, as the checker prints them" })
    .describe("The hash of that source text: when the source's hash differs, the translation is stale"),
});

const fields = z.record(z.string(), translatedText);

export const pageTranslationSchema = z.strictObject({
  $schema: z.string().optional(),
  path: z
    .string()
    .regex(pathPattern, { error: "A path starts with /, uses lowercase letters, digits and hyphens, and has no trailing slash" })
    .optional()
    .describe('The page\'s own path in this locale, under its prefix: "/sampark" is /hi/sampark. A template page keeps its ":id". Left out, the source\'s path'),
  meta: fields.optional().describe("The page's meta fields by name: title, description"),
  blocks: z.record(blockKey, fields).optional().describe("By block key, then by the text's place in the block, e.g. heading.title"),
});

/** A section's translation: its blocks as a page's are translated (a section has no path nor meta of its own). */
export const sectionTranslationSchema = pageTranslationSchema.pick({ $schema: true, blocks: true });

export type TranslatedText = z.infer<typeof translatedText>;
export type PageTranslation = z.infer<typeof pageTranslationSchema>;

/** Where a locale's translation of a page file (content/pages/<name>.json) lives. */
export const pageTranslationFile = (locale: string, pageFile: string) => `content/translations/${locale}/pages/${pageFile.replace(/^.*\//, "")}`;

/** A translation file's locale and page file, or undefined when the path is not one. */
export function parsePageTranslationFile(file: string): { locale: string; pageFile: string } | undefined {
  const match = /^content\/translations\/([^/]+)\/pages\/([^/]+\.json)$/.exec(file);
  return match ? { locale: match[1]!, pageFile: `content/pages/${match[2]}` } : undefined;
}

export const collectionTranslationSchema = z.strictObject({
  $schema: z.string().optional(),
  items: z.record(z.string(), fields).describe("By item id, then by the text's place in the item, e.g. features[2] or fields[name=email].label"),
});

export const siteTranslationSchema = z.strictObject({
  $schema: z.string().optional(),
  fields: fields.describe("By the text's place in content/site.json, e.g. navigation.links[href=/about].label"),
});

export const taxonomyTranslationSchema = z.strictObject({
  $schema: z.string().optional(),
  fields: fields.describe("By the text's place in content/blog/taxonomy.json, e.g. categories[slug=ecommerce].name"),
});

export type CollectionTranslation = z.infer<typeof collectionTranslationSchema>;
export type SiteTranslation = z.infer<typeof siteTranslationSchema>;
export type TaxonomyTranslation = z.infer<typeof taxonomyTranslationSchema>;
/** Any translation file's content: every entry sits at a path of keys, its slot. */
export type Translation = PageTranslation | CollectionTranslation | SiteTranslation | TaxonomyTranslation;

/** What a translation file translates. */
export type TranslationTarget =
  | { kind: "page"; file: string }
  | { kind: "collection"; name: string; file: string }
  | { kind: "site"; file: string }
  | { kind: "taxonomy"; file: string }
  | { kind: "media"; id: string; file: string }
  | { kind: "section"; id: string; file: string };

/** Where a locale's translation of a collection (content/collections/<name>.json) or of the site settings (content/site.json) lives. */
export const collectionTranslationFile = (locale: string, name: string) => `content/translations/${locale}/collections/${name}.json`;
export const siteTranslationFile = (locale: string) => `content/translations/${locale}/site.json`;
export const taxonomyTranslationFile = (locale: string) => `content/translations/${locale}/blog-taxonomy.json`;
/** An image's alt text and caption (content/media/<id>.json), in the site-wide files' shape: "fields": { "alt": … }. */
export const mediaTranslationFile = (locale: string, id: string) => `content/translations/${locale}/media/${id}.json`;
/** A reusable section's (content/sections/<id>.json): translated once, shown so on every page placing it. */
export const sectionTranslationFile = (locale: string, id: string) => `content/translations/${locale}/sections/${id}.json`;

/** The site-wide files translated field by field, each with one translation file per locale (and its JSON Schema under schemas/json/). */
export const siteWideSources = [
  { kind: "site", name: "site settings", file: SITE_SETTINGS, translationFile: siteTranslationFile, jsonSchema: "site-translation.schema.json" },
  { kind: "taxonomy", name: "blog taxonomy", file: "content/blog/taxonomy.json", translationFile: taxonomyTranslationFile, jsonSchema: "taxonomy-translation.schema.json" },
] as const;
export type SiteWideKind = (typeof siteWideSources)[number]["kind"];

/** A site-wide file's source by its kind ("site", "taxonomy"); undefined for any other kind. */
export const siteWideSource = (kind: string) => siteWideSources.find((s) => s.kind === kind);
export const isSiteWide = (kind: string): kind is SiteWideKind => siteWideSource(kind) !== undefined;

/** A translation file's locale and what it translates, or undefined when the path is not one. */
export function parseTranslationFile(file: string): { locale: string; target: TranslationTarget } | undefined {
  const page = parsePageTranslationFile(file);
  if (page) return { locale: page.locale, target: { kind: "page", file: page.pageFile } };
  const collection = /^content\/translations\/([^/]+)\/collections\/([^/]+)\.json$/.exec(file);
  if (collection) return { locale: collection[1]!, target: { kind: "collection", name: collection[2]!, file: `content/collections/${collection[2]}.json` } };
  const section = /^content\/translations\/([^/]+)\/sections\/([^/]+)\.json$/.exec(file);
  if (section) return { locale: section[1]!, target: { kind: "section", id: section[2]!, file: `content/sections/${section[2]}.json` } };
  const media = /^content\/translations\/([^/]+)\/media\/([^/]+)\.json$/.exec(file);
  if (media) return { locale: media[1]!, target: { kind: "media", id: media[2]!, file: `content/media/${media[2]}.json` } };
  const locale = /^content\/translations\/([^/]+)\/[^/]+$/.exec(file)?.[1];
  const siteWide = locale === undefined ? undefined : siteWideSources.find((s) => s.translationFile(locale) === file);
  if (siteWide) return { locale: locale!, target: { kind: siteWide.kind, file: siteWide.file } };
  return undefined;
}

/**
 * A locale's catalogue of the runtime's own texts (src/runtime/i18n/ui-strings.ts holds the
 * source): content/translations/<locale>/ui.json, by key, with provenance as page texts have.
 */
export const uiTranslationSchema = z.strictObject({
  $schema: z.string().optional(),
  strings: z.record(z.string(), translatedText).describe('By key, e.g. "shell.menu": the key of the source text in src/runtime/i18n/ui-strings.ts'),
});

export type UiTranslation = z.infer<typeof uiTranslationSchema>;

export const uiTranslationFile = (locale: string) => `content/translations/${locale}/ui.json`;

/** A UI catalogue's locale, or undefined when the path is not one. */
export const parseUiTranslationFile = (file: string): string | undefined => /^content\/translations\/([^/]+)\/ui\.json$/.exec(file)?.[1];
