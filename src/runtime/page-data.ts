/**
 * What a route's loader returns: the page's head tags and its blocks with their loaded
 * data. The checker computes it once for every route (a block whose data cannot load fails
 * the build rather than a visitor) and the build renders from that; the page editor's
 * preview loads a draft's blocks with the same `loadBlocks`.
 */
import { blocks, type BlockType } from "../blocks/registry.ts";
import type { LoadContext } from "../blocks/define.tsx";
import type { SiteContent } from "./content/model.ts";
import { isIndexable, type RouteEntry, type RouteTable } from "./route-table.ts";
import { breadcrumbList, organization, shortTitle } from "./structured-data.ts";
import { absoluteUrl } from "../page/absolute-url.ts";
import { alternatesOf, isMultilingual, localeOf, localPath, prefixed, sourcePathOf, versionsOf } from "./i18n/locale-routes.ts";
import { localePrefix, ogLocale } from "../../schemas/locales.ts";
import type { UiCatalogue } from "../page/ui-strings.ts";
import { resolveImages, sharedPicture } from "../page/media/resolve.ts";
import type { MediaAsset } from "../page/media/variants.ts";
import { type ExpandedBlock, expandSections } from "./sections.ts";
import { withoutItemKeys } from "../../schemas/block-key.ts";

export interface RenderedBlock {
  type: BlockType;
  props: Record<string, unknown>;
  data: unknown;
  /** The language the block is mostly in, where it is not the page's (an untranslated block): its `lang`. */
  lang?: string;
  /** In a translation's preview only: how many of its texts are translated from an older English (i18n/stale-marks.ts). */
  stale?: number;
}

export interface Head {
  title: string;
  description: string;
  canonical: string;
  image: string;
  noindex: boolean;
  jsonLd: Record<string, unknown>[];
  /** Set when the site builds more than one locale (i18n/locale-routes.ts); the head and <html> say it then. */
  language?: PageLanguage;
}

export interface PageLanguage {
  /** The page's locale (BCP 47) and its text direction: <html lang dir>. */
  lang: string;
  dir: "ltr" | "rtl";
  /** Its versions that really are translated, itself included, and x-default: hreflang links (absolute URLs). */
  alternates: { hreflang: string; href: string }[];
  /** Open Graph's og:locale (hi_IN) and og:locale:alternate: its own locale's and each other version's. */
  og: { locale: string; alternates: string[] };
  /** Its locale's path prefix ("" for the default, /hi): islands put the links they render under it (page/local-href.ts). */
  prefix: string;
  /** Its locale's pages with a path of their own, [source pattern, local pattern]: islands' links to them follow (page/local-href.ts). */
  paths?: readonly (readonly [string, string])[];
  /** The default-locale path this page is a version of: the navigation marks its links by it. */
  source: string;
  /** The same page in each built locale where it is translated (and in this one): the language switcher. */
  versions: { lang: string; name: string; path: string }[];
  /** A not-found page: its versions are each locale's home, which the switcher turns into the same path there. */
  notFound?: true;
  /** The runtime's texts in this locale (i18n/ui-strings.ts); the source's when absent. */
  strings?: UiCatalogue;
}

export interface PageData {
  path: string;
  notFound: boolean;
  /** Stands in for a path the build did not know (page/context.tsx): its blocks may look it up in the browser. */
  pending: boolean;
  head: Head;
  blocks: RenderedBlock[];
  /** A page in fallback (its main content not translated): the language its text is shown in, named in the page's language, for the note saying so. */
  fallback?: { lang: string; name: string };
}

/** Why part of a page could not load, and where in the page file that part is written. */
export interface LoadFailure {
  path: (string | number)[];
  kind: "block" | "placeholder";
  reason: string;
}

type BlockResult = { block: RenderedBlock; jsonLd: Record<string, unknown>[] } | { failure: LoadFailure };

/**
 * Loads each block's data (its definition's `load`) and structured data. A block that fails
 * is reported with its index, so one bad block does not hide the others. A definition that
 * cannot be imported is not the content's fault (the code is broken or gone): that throws, and
 * the caller answers as it does for any failure of its own.
 */
export async function loadBlocks(list: readonly Record<string, unknown>[], context: LoadContext): Promise<BlockResult[]> {
  return Promise.all(
    // The block's key, and its list items', name them for translations (schemas/block-key.ts): not props of the block.
    list.map(async ({ type, key: _key, ...content }, index): Promise<BlockResult> => {
      const props = withoutItemKeys(content);
      const definition = await blocks[type as BlockType].definition();
      try {
        const data = definition.load ? await definition.load(props as never, context) : undefined;
        const jsonLd = definition.jsonLd?.(props as never, data as never, context) ?? [];
        return { block: { type: type as BlockType, props, data }, jsonLd };
      } catch (error) {
        return { failure: { path: ["blocks", index], kind: "block", reason: error instanceof Error ? error.message : String(error) } };
      }
    }),
  );
}

export const loadContext = (entry: RouteEntry, content: SiteContent): LoadContext => ({
  site: content.site,
  collections: content.collections,
  item: entry.item,
  path: entry.path,
  blog: content.blog,
  media: renderableMedia(content),
  ...(content.sourceCollections && { sourceCollections: content.sourceCollections }),
  ...(entry.locale && { locale: entry.locale.code }),
});

/** A route's page data, or what kept it from loading. */
export async function loadPage(entry: RouteEntry, content: SiteContent, table: RouteTable): Promise<{ data?: PageData; failures: LoadFailure[] }> {
  const { page } = entry.file;
  const { site } = content;
  // A section's blocks stand in its reference's place; what fails in one is located at the reference.
  const expanded = expandSections(page.blocks, content.sections);
  const results = await loadBlocks(expanded.map((e) => e.block), loadContext(entry, content));
  const failures = results.flatMap((r, i) => ("failure" in r ? [{ ...r.failure, path: ["blocks", expanded[i]!.origin] }] : []));
  const title = fill(page.meta.title, entry, ["meta", "title"], failures);
  const description = fill(page.meta.description, entry, ["meta", "description"], failures);
  if (failures.length > 0) return { failures };
  const loaded = results as Exclude<BlockResult, { failure: LoadFailure }>[];
  const noindex = !isIndexable(entry);
  const url = (path: string) => site.url + (path === "/" ? "/" : path);
  // A page shown in fallback is canonical to its source: the version search engines should index.
  const canonical = url(entry.locale?.fallback ? entry.locale.source : entry.path);
  const language = isMultilingual(table) ? pageLanguage(table, entry, url) : undefined;
  return {
    failures,
    data: {
      path: entry.path,
      notFound: false,
      pending: false,
      head: {
        title: title.includes(site.name) ? title : `${title} | ${site.name}`,
        description,
        canonical,
        // A post is shared with its own picture.
        image: absoluteUrl(site.url, page.meta.image ?? sharedPicture(entry.item, renderableMedia(content)) ?? "/og/default.jpg"),
        noindex,
        jsonLd: noindex
          ? []
          : asWorksOfThisPage(canonical, language?.lang, [
              organization(site),
              ...breadcrumbList(sourcePathOf(entry), site, (p) => titleOf(table, p), localeAt(table, entry), language?.strings?.["shell.home"]),
              ...loaded.flatMap((r) => r.jsonLd),
              ...(page.meta.jsonLd ?? []).map((item) => namingThisPage(item, url(sourcePathOf(entry)), canonical)),
            ]),
        ...(language && { language }),
      },
      // Each image use with its asset's facts beside it, for the Picture component.
      blocks: withLanguages(loaded.map((r) => resolveImages(r.block, renderableMedia(content))), expanded, entry),
      ...(entry.locale?.fallback && entry.locale.shownIn && { fallback: { lang: entry.locale.shownIn, name: languageName(entry.locale.shownIn, entry.locale.code) } }),
    },
  };
}

const renderable = new WeakMap<SiteContent, ReadonlyMap<string, MediaAsset>>();
/** The images pages draw: the library's and a remote blog's featured images, one map per content (locale). */
function renderableMedia(content: SiteContent): ReadonlyMap<string, MediaAsset> {
  if (!content.remoteMedia) return content.media ?? new Map();
  if (!renderable.has(content)) renderable.set(content, new Map([...(content.media ?? []), ...content.remoteMedia]));
  return renderable.get(content)!;
}

/** Each block with the language it is in, where that is not its page's (i18n/page-language.ts). */
const withLanguages = (list: RenderedBlock[], expanded: readonly ExpandedBlock[], entry: RouteEntry): RenderedBlock[] => {
  const languages = entry.locale?.blocks;
  return languages ? list.map((b, i) => (languages[expanded[i]!.origin] ? { ...b, lang: languages[expanded[i]!.origin] } : b)) : list;
};

/** A language's name in another: "en" in Hindi is अंग्रेज़ी. */
const languageName = (code: string, inLocale: string): string => new Intl.DisplayNames([inLocale], { type: "language" }).of(code) ?? code;

/** Where a default-locale path is in a route's locale: /about → /hi/about on a Hindi page. */
const localeAt = (table: RouteTable, entry: RouteEntry) => (path: string) =>
  entry.locale ? (localPath(table, entry.locale.code, path) ?? prefixed(localePrefix(table.locales!, entry.locale.code), path)) : path;

/**
 * A page's own structured data is written once, with the URL of its page in the default locale
 * (https://…/services/seo-services#service); on its version in another locale that URL, and
 * any fragment of it, is this page's own canonical one.
 */
function namingThisPage<T>(value: T, source: string, canonical: string): T {
  if (source === canonical) return value;
  if (typeof value === "string") return (value === source || value.startsWith(`${source}#`) ? canonical + value.slice(source.length) : value) as T;
  if (Array.isArray(value)) return value.map((v) => namingThisPage(v, source, canonical)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, namingThisPage(v, source, canonical)])) as T;
  return value;
}

/**
 * The works among a page's structured data (a post, an FAQ) are this page's: their main entity
 * of page is its canonical URL (a Hindi post's is the Hindi page), and on a multilingual site
 * they say the language they are in.
 */
const WORKS = new Set(["BlogPosting", "Article", "FAQPage", "WebPage", "CollectionPage"]);
function asWorksOfThisPage(canonical: string, lang: string | undefined, jsonLd: Record<string, unknown>[]): Record<string, unknown>[] {
  return jsonLd.map((item) =>
    WORKS.has(item["@type"] as string)
      ? { ...item, ...(!("mainEntityOfPage" in item) && { mainEntityOfPage: canonical }), ...(lang && !("inLanguage" in item) && { inLanguage: lang }) }
      : item,
  );
}

function pageLanguage(table: RouteTable, entry: RouteEntry, url: (path: string) => string): PageLanguage {
  const code = localeOf(table, entry);
  const locales = table.locales!.locales;
  const locale = locales.find((l) => l.code === code)!;
  const alternates = alternatesOf(table, entry);
  const others = alternates.flatMap(({ hreflang }) => locales.filter((l) => l.code === hreflang && l.code !== code));
  return {
    lang: code,
    dir: locale.direction,
    alternates: alternates.map(({ hreflang, path }) => ({ hreflang, href: url(path) })),
    og: { locale: ogLocale(locale), alternates: others.map(ogLocale) },
    prefix: localePrefix(table.locales!, code),
    ...(table.localPatterns?.get(code)?.length && { paths: table.localPatterns.get(code)! }),
    source: sourcePathOf(entry),
    versions: versionsOf(table, entry).map((v) => ({ lang: v.code, name: v.name, path: v.path })),
    ...(entry.file.page.notFoundFor !== undefined && { notFound: true as const }),
    ...(table.catalogues?.has(code) && { strings: table.catalogues.get(code)! }),
  };
}

/** The not-found page's data as shown, with status 404, for an unknown path under its prefix. */
export const asNotFound = (data: PageData, { pending = false } = {}): PageData => ({
  ...data,
  notFound: true,
  pending,
  head: { ...data.head, noindex: true, jsonLd: [] },
});

/** Fills {field} placeholders from the template item; an unknown field is a load failure. */
function fill(text: string, entry: RouteEntry, path: LoadFailure["path"], failures: LoadFailure[]): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, field: string) => {
    const value = entry.item?.[field];
    if (typeof value === "string") return value;
    failures.push({ path, kind: "placeholder", reason: field });
    return placeholder;
  });
}

function titleOf(table: RouteTable, path: string): string | undefined {
  const entry = table.routes.get(path);
  if (!entry) return undefined;
  return shortTitle(fill(entry.file.page.meta.title, entry, [], []));
}
