/**
 * The content checker, in three stages that the command line, the build and the page editor
 * all go through:
 *
 *   1. read (./read.ts): every content file, once, into memory;
 *   2. check the site (checkSite): each file against its schema, then the site as a whole —
 *      unique routes, redirects, references, internal links;
 *   3. check each page (loadPage, ../page-data.ts): every route's blocks load their data.
 *      The result is kept: the build renders from it instead of loading it again.
 *
 * It reports every error in one run, each from the error catalogue with its place, so what
 * passes here is what the site renders.
 */
import type { CollectionTranslation, PageTranslation, SiteTranslation, TaxonomyTranslation } from "../../../schemas/translations.ts";
import { type CollectionName, collectionFileSchema, collectionNames, type Collections, idField } from "../../../schemas/collections/index.ts";
import { type PageSchema, type PageTemplateSchema, SECTION_BLOCK, SECTIONS, type SectionSchema } from "../../../schemas/page.ts";
import { registeredPageSchema, registeredPageTemplateSchema, registeredSectionSchema } from "../../blocks/page-schema.ts";
import type { z } from "zod";
import { withKnownIds } from "../../../schemas/references.ts";
import { labelLinks } from "../../../schemas/form-label.ts";
import { SITE_SETTINGS, type SiteConfig, siteConfigSchema } from "../../../schemas/site.ts";
import { type BlogIndex, type LocalTaxonomy, localTaxonomySchema } from "../../../schemas/blog.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { blockTypes, isBlockType } from "../../blocks/registry.ts";
import { buildRouteTable, closestHint, type RouteEntry, type RouteTable } from "../route-table.ts";
import { loadPage, type PageData } from "../page-data.ts";
import { at, type ContentError, type Labeller, located } from "../../content-files/errors.ts";
import { fileLabeller, issueToError, itemLabeller } from "../../content-files/issues.ts";
import type { PageFile, SectionFile, SiteContent } from "./model.ts";
import { parseJsonSource, type SourceFile } from "../../content-files/source.ts";
import { themeContrastErrors } from "./contrast-check.ts";
import { collectionFile, type ContentFiles, LOCALES_FILE, pageFiles, readContent, sectionFiles, templateFiles } from "./read.ts";
import { sectionFile, sectionIdOf } from "../sections.ts";
import { checkLocales } from "./locales-check.ts";
import { TAXONOMY_FILE } from "../../blog/local-check.ts";
import { postsDirOf } from "../../blog/paths.ts";
import { checkPostTranslations } from "../../blog/post-translations.ts";
import { checkTranslations, type Completeness, type TranslationsCheck } from "./translations-check.ts";
import { addLocaleRoutes, builtLocales, type FallbackReport } from "../i18n/locale-routes.ts";
import { shownText } from "../i18n/shown-texts.ts";
import { isThinTerm } from "../../blog/collections.ts";
import { checkLegalTranslations } from "./legal-translations-check.ts";
import { fallbackWarnings, sharedTextWarnings } from "./fallback-check.ts";
import { itemKeysOf } from "../../../schemas/block-key.ts";
import { type BlockReads, collectionReads } from "../i18n/collection-reads.ts";
import type { ShownText } from "../i18n/page-language.ts";
import type { LegalDocument } from "../../../schemas/collections/legal.ts";
import { type LocaleContent, localeContent } from "../i18n/locale-content.ts";
import { checkUiStrings } from "./ui-strings-check.ts";
import { checkMediaLibrary } from "./media-check.ts";
import { cachedVariantsOverBudget } from "../media/budget.server.ts";
import { mediaCacheDir } from "../media/pipeline.server.ts";
import { withKnownMedia } from "../../../schemas/media-use.ts";
import { manifestFile, type MediaManifest } from "../../../schemas/media.ts";
import { fallbackChain, type LocaleRegistry, localePrefix } from "../../../schemas/locales.ts";

export interface CheckOptions {
  /** Project root holding content/ (the site settings among it). */
  root: string;
  /** The blog from a remote source (WordPress), loaded by the caller; the local blog's files are checked either way. */
  blog?: BlogIndex;
  /** That blog's featured images, taken in by the caller (media/blog-images.server.ts). */
  remoteMedia?: ReadonlyMap<string, MediaManifest>;
}

export interface SiteCheck {
  /** Set when the site config is valid: rendering needs it. */
  content?: SiteContent;
  table?: RouteTable;
  /** The locale registry, when content/locales.json is valid. */
  locales?: LocaleRegistry;
  errors: ContentError[];
  /** What does not stop a build but someone should see: missing, stale and orphaned translations. */
  warnings: ContentError[];
  /** How much of each page is translated into each locale other than the default. */
  completeness: Completeness[];
  /** Every route's page data, loaded once by the check. */
  pages: ReadonlyMap<string, PageData>;
  /** Each built locale's content other than the default's: what its pages' blocks and shell show (i18n/locale-content.ts). */
  localised?: ReadonlyMap<string, SiteContent>;
}

/** Reads and checks everything: `npm run content:check`, and tests. */
export async function checkContent({ root, blog, remoteMedia }: CheckOptions): Promise<SiteCheck> {
  const check = await checkSite(await readContent(root), { blog, ...(remoteMedia && { remoteMedia }) });
  // The served images' weight, as the builds so far have encoded them (media/budget.server.ts).
  if (check.content?.media && check.content.mediaSources) check.warnings.push(...(await cachedVariantsOverBudget(mediaCacheDir(root), check.content.media, check.content.mediaSources)));
  return check;
}

export interface SiteCheckOptions {
  /** The blog from a remote source (WordPress); the local blog otherwise. */
  blog?: BlogIndex;
  /** That blog's featured images (media/blog-images.server.ts). */
  remoteMedia?: ReadonlyMap<string, MediaManifest>;
  /**
   * Which routes' data to load (stage 3); every route by default. The page editor loads only
   * the routes of the page it checks: nothing a page changes can break another page's data.
   */
  loadRoute?: (entry: RouteEntry) => boolean;
}

/** Checks content held in memory (stage 2, then stage 3 for every route). */
export async function checkSite(files: ContentFiles, { blog, remoteMedia, loadRoute = () => true }: SiteCheckOptions = {}): Promise<SiteCheck> {
  const errors: ContentError[] = [];

  // First: every image field of the site config, collections and pages names one of these.
  const media = checkMediaLibrary(files.json);
  errors.push(...media.errors);
  const parsedSite = parseJsonSource(SITE_SETTINGS, files.site.text, "Site settings");
  errors.push(...parsedSite.errors);
  const siteSource: SourceFile = parsedSite.source ?? { file: SITE_SETTINGS, text: files.site.text, data: undefined, locate: () => ({ line: 1, column: 1 }) };
  const siteResult = withKnownMedia(media.assets, () => siteConfigSchema.safeParse(files.site.value));
  if (!siteResult.success && parsedSite.source) errors.push(...siteResult.error.issues.map((i) => issueToError(i, siteSource, fileLabeller("Site settings"))));
  if (siteResult.success) errors.push(...themeContrastErrors(siteResult.data.theme, siteSource));
  const warnings: ContentError[] = [];
  const completeness: Completeness[] = [];
  const locales = checkLocales(files.json.get(LOCALES_FILE), { source: siteSource, locale: (files.site.value as { locale?: unknown } | null)?.locale });
  errors.push(...locales.errors);

  const collections = {} as Record<CollectionName, unknown[]>;
  const collectionSources: SiteContent["collectionSources"] = {};
  // A collection file with errors of its own is reported by them alone: a page using one of its
  // items waits for it (./references.ts brokenReference), and its translations are checked once
  // it is valid.
  const brokenIds: Record<string, ReadonlySet<string>> = {};
  for (const name of collectionNames) {
    const result = files.markdown[name] ?? withKnownMedia(media.assets, () => checkCollection(name, files.json.get(collectionFile(name))));
    errors.push(...result.errors);
    collections[name] = result.items;
    if ("source" in result && result.source) collectionSources[name] = result.source;
    if ("brokenIds" in result && result.brokenIds) brokenIds[name] = result.brokenIds;
  }
  errors.push(...files.localBlog.errors);
  // The taxonomy they share is reported once, with the default locale's posts.
  for (const [code, blog] of Object.entries(files.localeBlogs ?? {})) errors.push(...blog.errors.filter((e) => e.file.startsWith(`${postsDirOf(code)}/`)));

  // Pages that failed to parse or validate still have a path: links to it are not broken,
  // and links inside them are still checked, so one mistake does not hide or fake others.
  const pageSchema = await registeredPageSchema();
  const knownIds: Record<string, ReadonlySet<string>> = Object.fromEntries(
    collectionNames.map((n) => [n, new Set(collections[n].map((item) => (item as Record<string, string>)[idField(n)]!))]),
  );

  // Sections before pages: a page's `section` block names one as it names a collection's item,
  // and one with errors of its own is reported there, not again at each page placing it.
  const sectionSchema = await registeredSectionSchema();
  const sections: SectionFile[] = [];
  const invalidSections: { label: string; source?: SourceFile }[] = [];
  for (const file of sectionFiles(files)) {
    const result = withKnownMedia(media.assets, () => checkSectionFile(file, files.json.get(file)!, sectionSchema, knownIds, brokenIds));
    errors.push(...result.errors);
    if (result.section) sections.push(result.section);
    else invalidSections.push(result.invalid);
  }
  knownIds[SECTIONS] = new Set(sections.map((s) => s.id));
  brokenIds[SECTIONS] = new Set(sectionFiles(files).map(sectionIdOf).filter((id) => !knownIds[SECTIONS]!.has(id)));
  const pages: PageFile[] = [];
  const invalidPages: InvalidPage[] = [];
  for (const file of pageFiles(files)) {
    const result = withKnownMedia(media.assets, () => checkPageFile(file, files.json.get(file)!, pageSchema, knownIds, brokenIds));
    errors.push(...result.errors);
    if ("page" in result) pages.push(result.page);
    else invalidPages.push(result.invalid);
  }

  const templateSchema = await registeredPageTemplateSchema();
  const templates: { label: string; source: SourceFile }[] = [];
  for (const file of templateFiles(files)) {
    const result = withKnownMedia(media.assets, () => checkTemplateFile(file, files.json.get(file)!, templateSchema, knownIds, brokenIds));
    errors.push(...result.errors);
    if (result.file) templates.push(result.file);
  }

  for (const [code, own] of Object.entries(files.localeBlogs ?? {})) {
    if (locales.registry && (code === locales.registry.default.code || !locales.registry.locales.some((l) => l.code === code))) {
      errors.push(at(postsDirOf(code), { line: 1, column: 1 }, `Blog posts ${code}`, catalogue.UnknownBlogLocale(postsDirOf(code))));
    } else errors.push(...checkPostTranslations(files.localBlog, own, code));
  }
  if (locales.registry) errors.push(...checkPostTranslations(files.localBlog, files.localBlog, locales.registry.default.code, true));
  const taxonomy = validTaxonomy(files.blogTaxonomy);
  let translated: TranslationsCheck["translations"] = new Map();
  let translationSources: TranslationsCheck["sources"] = new Map();
  if (locales.registry) {
    const translations = checkTranslations(files.json, locales.registry, {
      pageSchema,
      pages,
      sections,
      pageExists: (file) => files.json.has(file),
      collections: Object.fromEntries(collectionNames.filter((n) => !brokenIds[n]).map((n) => [n, { items: collections[n], source: collectionSources[n] }])),
      ...(siteResult.success && { site: { value: siteResult.data, source: siteSource } }),
      ...(taxonomy && { taxonomy }),
      media: [...media.assets].map(([id, value]) => ({ id, value, source: media.sources.get(id)! })),
    });
    errors.push(...translations.errors);
    warnings.push(...translations.warnings);
    completeness.push(...translations.completeness);
    translated = translations.translations;
    translationSources = translations.sources;
  }
  const legal = locales.registry ? checkLegalTranslations(collections.legal as LegalDocument[], files.legalTranslations ?? {}, locales.registry) : undefined;
  if (legal) {
    errors.push(...legal.errors);
    warnings.push(...legal.warnings);
    completeness.push(...legal.completeness);
  }
  const uiStrings = locales.registry ? checkUiStrings(files.json, locales.registry) : undefined;
  if (uiStrings) {
    errors.push(...uiStrings.errors);
    warnings.push(...uiStrings.warnings);
  }

  // The whole site. With an invalid site config, links and routes are still checked; only
  // rendering needs a valid one.
  const content: SiteContent = {
    site: siteResult.success ? siteResult.data : (files.site.value as SiteConfig),
    collections: collections as Collections,
    pages,
    sections: new Map(sections.map((s) => [s.id, s.section])),
    collectionSources,
    siteSource,
    blog: blog ?? files.localBlog.index,
    media: media.assets,
    mediaSources: media.sources,
    ...(remoteMedia && { remoteMedia }),
  };
  const { table: defaultTable, errors: routeErrors } = buildRouteTable(content);
  // Filed by the file translated: a page file's entry is that page's translation, and so on.
  const translation = (locale: string, file: string) => translated.get(locale)?.get(file);
  const localised = new Map<string, LocaleContent>();
  if (locales.registry && siteResult.success) {
    for (const locale of builtLocales(locales.registry).slice(1)) {
      const chain = [locale.code, ...fallbackChain(locales.registry, locale.code)];
      const shared = {
        collection: (l: string, name: CollectionName) => translation(l, collectionFile(name)) as CollectionTranslation | undefined,
        site: (l: string) => translation(l, SITE_SETTINGS) as SiteTranslation | undefined,
        taxonomy: (l: string) => translation(l, TAXONOMY_FILE) as TaxonomyTranslation | undefined,
        media: (l: string, id: string) => translation(l, manifestFile(id)) as SiteTranslation | undefined,
        legal: (l: string, id: string) => legal?.translations.get(l)?.get(id),
        section: (l: string, id: string) => translation(l, sectionFile(id)) as PageTranslation | undefined,
      };
      // A remote blog's terms and posts are its own: the local taxonomy and posts are only the local blog's.
      const own = blog ? undefined : (files.localeBlogs?.[locale.code]?.index ?? withoutPosts(files.localBlog.index));
      localised.set(locale.code, localeContent(content, chain, shared, blog ? undefined : taxonomy?.value, own, pageSchema));
    }
  }
  // Which collection texts each page's list blocks show: they are its own, deciding it and no other page.
  const reads = localised.size > 0 ? await readsOf(defaultTable, content) : new Map<string, BlockReads>();
  // Every published locale's routes beside the default's: links and redirects are checked in the default's.
  const fallbacks: FallbackReport[] = [];
  const table = locales.registry
    ? addLocaleRoutes(defaultTable, locales.registry, pageSchema, {
        page: (locale, file) => translation(locale, file) as PageTranslation | undefined,
        ui: (locale) => uiStrings?.translated.get(locale),
        listed: (locale, entry) => listedTexts(reads.get(entry.path), localised.get(locale)!),
        item: (locale, collection, item) => localised.get(locale)?.item(collection, item) ?? item,
        thin: (locale, collection, item) => isThinTerm(localised.get(locale)!.content.blog, collection, item),
        shown: (locale, block, index, item) => shownText(block, index, localised.get(locale)!, item),
        fallback: (report) => fallbacks.push(report),
        clash: ({ locale, file, path, other }) => {
          const source = translationSources.get(locale)?.get(file);
          if (source) errors.push(located(source, ["path"], fileLabeller(source.file.replace(/^content\//, "")), catalogue.TranslatedPathTaken(path, other)));
        },
        ...(!blog && { posts: { pages: content.pages.filter((p) => p.page.each?.collection === "blog-posts"), of: (locale: string) => localised.get(locale)?.posts } }),
      })
    : defaultTable;
  if (locales.registry) {
    warnings.push(...fallbackWarnings(fallbacks, locales.registry, (locale, file) => translationSources.get(locale)?.get(file)));
    warnings.push(...sharedTextWarnings(localised, locales.registry));
  }
  const pending = pendingPaths(invalidPages);
  errors.push(...routeErrors.filter((e) => !(e.code === catalogue.RedirectTargetMissing.code && pending(redirectTarget(content, e)))));
  if (!table.notFound.some((n) => n.prefix === "/") && !invalidPages.some((p) => p.notFoundFor === "/")) {
    errors.push(at("content/pages", { line: 1, column: 1 }, "Pages", catalogue.NoNotFoundPage()));
  }
  const links = checkLinks(content, defaultTable, [...invalidPages, ...templates, ...sections, ...invalidSections], pending);
  errors.push(...links.errors);
  warnings.push(...links.warnings);
  if (locales.registry) errors.push(...checkLocalePrefixes(locales.registry, content));
  if (!siteResult.success) return { table, locales: locales.registry, errors, warnings, completeness, pages: new Map() };
  const contents = new Map([...localised].map(([code, l]) => [code, l.content]));
  const loaded = await loadPages((entry) => (entry.locale ? contents.get(entry.locale.code)! : content), table, loadRoute);
  errors.push(...loaded.errors);
  return { content, table, locales: locales.registry, errors, warnings, completeness, pages: loaded.pages, localised: contents };
}

/** Each default-locale route's collection reads, by path (i18n/collection-reads.ts). */
async function readsOf(table: RouteTable, content: SiteContent): Promise<Map<string, BlockReads>> {
  const reads = new Map<string, BlockReads>();
  for (const entry of table.routes.values()) reads.set(entry.path, await collectionReads(entry, content));
  return reads;
}

/** What a route's list blocks show from collections, as the locale shows it. */
function listedTexts(reads: BlockReads | undefined, locale: LocaleContent): ShownText[] {
  return (reads ?? []).flatMap((block, index) =>
    block.flatMap((read) => {
      const text = locale.collectionText(read.collection, read.path);
      return text ? [{ block: index, ...text }] : [];
    }),
  );
}

/** The blog's taxonomy and its file, when valid (the blog's own check reports what is not). */
export function validTaxonomy(text: string | undefined): { value: LocalTaxonomy; source: SourceFile } | undefined {
  if (text === undefined) return undefined;
  const { source } = parseJsonSource(TAXONOMY_FILE, text, "Blog taxonomy");
  const parsed = source && localTaxonomySchema.safeParse(source.data);
  return source && parsed?.success ? { value: parsed.data, source } : undefined;
}

/** A locale with no posts of its own: the blog's terms, none with a post. */
const withoutPosts = (blog: BlogIndex): BlogIndex => ({
  posts: [],
  categories: blog.categories.map((c) => ({ ...c, count: 0 })),
  tags: blog.tags.map((t) => ({ ...t, count: 0 })),
  authors: blog.authors,
});

/** A collection file ({ "items": [...] }): parsed, validated, duplicates left out. */
function checkCollection(name: CollectionName, text: string | undefined): { items: unknown[]; errors: ContentError[]; source?: SourceFile; brokenIds?: ReadonlySet<string> } {
  const file = collectionFile(name);
  const label = titleCase(name);
  if (text === undefined) return { items: [], errors: [at(file, { line: 1, column: 1 }, label, catalogue.MissingCollectionFile(file))] };
  const { source, errors } = parseJsonSource(file, text, label);
  if (!source) return { items: [], errors };
  const key = idField(name);
  const labeller = itemLabeller(label, (source.data as { items?: unknown })?.items, "items", key);
  const parsed = collectionFileSchema(name).safeParse(source.data);
  if (!parsed.success) return { items: [], errors: parsed.error.issues.map((i) => issueToError(i, source, labeller)), source, brokenIds: new Set(idsAsWritten(source.data, key)) };
  // The route table reports a redirect listed twice, and locates redirects by index.
  if (name === "redirects") return { items: parsed.data.items, errors, source };
  // A duplicate is reported once, here, and left out of the site, so it does not also show
  // up as a duplicate route.
  const seen = new Set<string>();
  const items = parsed.data.items.filter((item, i) => {
    const id = (item as Record<string, string>)[key]!;
    if (!seen.has(id)) return seen.add(id);
    errors.push(located(source, ["items", i, key], labeller, catalogue.DuplicateId(name, key, id)));
    return false;
  });
  return { items, errors, source };
}

/** The ids a collection file's items are written with, whatever else is wrong with them. */
function idsAsWritten(data: unknown, key: string): string[] {
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.flatMap((item) => (typeof (item as Record<string, unknown> | null)?.[key] === "string" ? [(item as Record<string, string>)[key]!] : [])) : [];
}

/** A page file with errors of its own: what could still be read of it. */
interface InvalidPage {
  label: string;
  path?: string;
  notFoundFor?: string;
  /** Missing when the file is not valid JSON. */
  source?: SourceFile;
}

/** A page file: parsed and validated against the page schema with every block's props schema. */
function checkPageFile(
  file: string,
  text: string,
  pageSchema: PageSchema,
  knownIds: Record<string, ReadonlySet<string>>,
  brokenIds: Record<string, ReadonlySet<string>> = {},
): { page: PageFile; errors: ContentError[] } | { invalid: InvalidPage; errors: ContentError[] } {
  const label = `Page ${titleCase(file.replace(/^.*\//, "").replace(/\.json$/, ""))}`;
  const { source, data, errors } = checkBlocksFile(file, text, label, pageSchema, knownIds, brokenIds);
  if (!source) {
    return { invalid: { path: /"path"\s*:\s*"([^"]*)"/.exec(text)?.[1], notFoundFor: /"notFoundFor"\s*:\s*"([^"]*)"/.exec(text)?.[1], label }, errors };
  }
  if (data) return { page: { label, page: data, source }, errors };
  const raw = source.data as { path?: unknown; notFoundFor?: unknown } | null;
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return { invalid: { path: str(raw?.path), notFoundFor: str(raw?.notFoundFor), source, label }, errors };
}

/** A page template (content/page-templates/): checked as a page's blocks and meta are; its links with the pages'. */
function checkTemplateFile(file: string, text: string, schema: PageTemplateSchema, knownIds: Record<string, ReadonlySet<string>>, brokenIds: Record<string, ReadonlySet<string>>) {
  const label = `Page template ${titleCase(file.replace(/^.*\//, "").replace(/\.json$/, ""))}`;
  const { source, errors } = checkBlocksFile(file, text, label, schema, knownIds, brokenIds);
  return { errors, ...(source && { file: { label, source } }) };
}

/** A reusable section (content/sections/<id>.json): its blocks checked as a page's are; its links with the pages'. */
function checkSectionFile(file: string, text: string, schema: SectionSchema, knownIds: Record<string, ReadonlySet<string>>, brokenIds: Record<string, ReadonlySet<string>>) {
  const id = sectionIdOf(file);
  const label = `Section ${titleCase(id)}`;
  const { source, data, errors } = checkBlocksFile(file, text, label, schema, knownIds, brokenIds, { nested: true });
  return data && source ? { section: { id, label, section: data, source }, errors } : { invalid: { label, ...(source && { source }) }, errors };
}

/**
 * A file of blocks (a page, a page template or a section) against its schema: an unknown block type is
 * reported on its `type` alone, keys must be unique. `data` when valid; `source` when it parsed.
 */
function checkBlocksFile<S extends z.ZodType<{ blocks: unknown[] }>>(
  file: string,
  text: string,
  label: string,
  schema: S,
  knownIds: Record<string, ReadonlySet<string>>,
  brokenIds: Record<string, ReadonlySet<string>>,
  /** `nested`: the file is a section, where a section block is refused (on its type alone, as an unknown type is). */
  { nested = false }: { nested?: boolean } = {},
): { source?: SourceFile; data?: z.infer<S>; errors: ContentError[] } {
  const { source, errors } = parseJsonSource(file, text, label);
  if (!source) return { errors };
  const labeller = pageLabeller(label, source.data);
  const unknownBlocks = new Set<number>();
  const rawBlocks = (source.data as { blocks?: unknown })?.blocks;
  if (Array.isArray(rawBlocks)) {
    rawBlocks.forEach((b, i) => {
      const type = (b as { type?: unknown } | null)?.type;
      const refused = nested && type === SECTION_BLOCK;
      if (isBlockType(type) && !refused) return;
      unknownBlocks.add(i);
      errors.push(located(source, ["blocks", i, "type"], labeller, refused ? catalogue.SectionInSection() : catalogue.UnknownBlockType(type, blockTypes)));
    });
  }
  const parsed = withKnownIds(knownIds, () => schema.safeParse(source.data), brokenIds);
  if (parsed.success) {
    const keys = new Set<string>();
    parsed.data.blocks.forEach((block, i) => {
      const key = (block as { key?: string }).key;
      if (key === undefined) return;
      if (keys.has(key)) errors.push(located(source, ["blocks", i, "key"], labeller, catalogue.DuplicateBlockKey(key)));
      keys.add(key);
      for (const place of duplicateItemKeys(block, ["blocks", i])) errors.push(located(source, place.path, labeller, catalogue.DuplicateItemKey(place.key)));
    });
    return { source, data: parsed.data, errors };
  }
  // An unknown block's own props are not reported on top of its type, nor an item its collection file reports.
  const issues = parsed.error.issues.filter(
    (i) => !(i.path[0] === "blocks" && unknownBlocks.has(i.path[1] as number)) && !(i.code === "custom" && (i.params as { brokenReference?: boolean } | undefined)?.brokenReference),
  );
  errors.push(...issues.map((i) => issueToError(i, source, labeller)));
  return { source, errors };
}

/** Every list item, at any depth of a block, whose key an earlier item of its list already has (schemas/fields.ts itemKey). */
function duplicateItemKeys(value: unknown, path: (string | number)[]): { key: string; path: (string | number)[] }[] {
  if (typeof value !== "object" || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const own = Array.isArray(value)
    ? itemKeysOf(value).flatMap((key, i, keys) => (key !== undefined && keys.indexOf(key) < i ? [{ key, path: [...path, i, "key"] }] : []))
    : [];
  return [...own, ...entries.flatMap(([k, v]) => duplicateItemKeys(v, [...path, k]))];
}

/** Matches the paths of pages that exist but have errors of their own (":id" matches any item). */
function pendingPaths(invalid: InvalidPage[]): (path: string | undefined) => boolean {
  const patterns = invalid
    .map((p) => p.path)
    .filter((p): p is string => typeof p === "string" && p.startsWith("/"))
    .map((p) => p.split("/"));
  const matches = (pattern: string[], segments: string[]) =>
    pattern.length === segments.length &&
    pattern.every((part, i) => part === segments[i] || (part === ":id" && segments[i] !== ""));
  return (path) => path !== undefined && patterns.some((pattern) => matches(pattern, path.split("/")));
}

function redirectTarget(content: SiteContent, e: ContentError): string | undefined {
  const index = Number(/^\/items\/(\d+)\/to$/.exec(e.pointer)?.[1]);
  return Number.isInteger(index) ? content.collections.redirects[index]?.to : undefined;
}

function pageLabeller(root: string, data: unknown): Labeller {
  return itemLabeller(root, (data as { blocks?: unknown })?.blocks, "blocks", "type", "block");
}

const titleCase = (s: string) => s.split(/[-_]/).map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(" ");

/**
 * Every `href` that is a site path must lead to a page or a redirect, and so must every
 * `[text](/path)` link of a form field's `label` (a consent box's link to /privacy). A link to a
 * redirect works, but is a detour: a warning names the page to link to instead.
 */
/** `others`: files with blocks beside the valid pages (invalid pages, page templates). */
function checkLinks(content: SiteContent, table: RouteTable, others: { label: string; source?: SourceFile }[], pending: (path: string) => boolean): { errors: ContentError[]; warnings: ContentError[] } {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const known = [...table.routes.keys(), ...table.redirects.keys()];
  // `labelsLink`: the forms collection, whose field labels are shown with their links.
  const visit = (value: unknown, p: PropertyKey[], source: SourceFile, label: Labeller, labelsLink = false) => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...p, i], source, label, labelsLink));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (typeof v !== "string") {
          visit(v, [...p, k], source, label, labelsLink);
          continue;
        }
        const links = k === "href" ? [v].filter((href) => href.startsWith("/")) : k === "label" && labelsLink ? labelLinks(v) : [];
        for (const link of links) {
          const target = link.replace(/[?#].*$/, "") || "/";
          const redirect = table.routes.has(target) ? undefined : table.redirects.get(target);
          if (redirect !== undefined) warnings.push(located(source, [...p, k], label, catalogue.LinkToRedirect(target, redirect)));
          else if (!table.routes.has(target) && !pending(target)) {
            errors.push(located(source, [...p, k], label, catalogue.BrokenLink(target, closestHint(target, known))));
          }
        }
      }
    }
  };
  visit(content.site, [], content.siteSource, fileLabeller("Site settings"));
  for (const file of [...content.pages, ...others]) {
    if (file.source) visit(file.source.data, [], file.source, pageLabeller(file.label, file.source.data));
  }
  for (const [name, source] of Object.entries(content.collectionSources)) {
    visit(source.data, [], source, itemLabeller(titleCase(name), (source.data as { items?: unknown }).items, "items", idField(name as keyof Collections)), name === "forms");
  }
  return { errors, warnings };
}

/** A page or redirect of the default locale must not live where another locale's pages will (/hi, /hi/…). */
function checkLocalePrefixes(registry: LocaleRegistry, content: SiteContent): ContentError[] {
  const errors: ContentError[] = [];
  const prefixes = registry.locales.map((l) => ({ code: l.code, prefix: localePrefix(registry, l.code) })).filter((l) => l.prefix !== "");
  const under = (path: string) => prefixes.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  for (const { page, source, label } of content.pages) {
    const clash = under(page.path);
    if (clash) errors.push(located(source, ["path"], pageLabeller(label, source.data), catalogue.LocalePrefixTaken(page.path, clash.prefix, clash.code)));
  }
  const redirects = content.collectionSources.redirects;
  content.collections.redirects.forEach((redirect, i) => {
    const clash = under(redirect.from);
    if (clash && redirects) {
      const label = itemLabeller("Redirects", (redirects.data as { items?: unknown }).items, "items", "from");
      errors.push(located(redirects, ["items", i, "from"], label, catalogue.LocalePrefixTaken(redirect.from, clash.prefix, clash.code)));
    }
  });
  return errors;
}

/** Stage 3 for every route: loads its blocks' data, as the build will, and keeps it. */
async function loadPages(
  contentOf: (entry: RouteEntry) => SiteContent,
  table: RouteTable,
  loadRoute: (entry: RouteEntry) => boolean,
): Promise<{ pages: Map<string, PageData>; errors: ContentError[] }> {
  const pages = new Map<string, PageData>();
  const errors: ContentError[] = [];
  for (const entry of table.routes.values()) {
    if (!loadRoute(entry)) continue;
    const { data, failures } = await loadPage(entry, contentOf(entry), table);
    if (data) pages.set(entry.path, data);
    const { source, label } = entry.file;
    for (const failure of failures) {
      const kind = failure.kind === "placeholder" ? catalogue.UnknownItemField(failure.reason) : catalogue.BlockDataFailed(entry.path, failure.reason);
      const error = located(source, failure.path, pageLabeller(label, source.data), kind);
      // A template page's placeholder fails alike for every item: once is enough.
      if (!errors.some((e) => e.file === error.file && e.pointer === error.pointer && e.message === error.message)) errors.push(error);
    }
  }
  return { pages, errors };
}
