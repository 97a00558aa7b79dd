/**
 * Every route of the default locale again under each published locale's prefix (/hi,
 * /hi/services/web-development, /hi/blog/tag/x), with the page localised (localise.ts), and the
 * redirects and not-found prefixes alike: /hi/seo-services → /hi/services/seo-services, an
 * unknown path under /hi gets /hi's 404. Draft locales are checked, never routed.
 *
 * A localised route is a fallback when its main content is not translated (page-language.ts:
 * its title, and most of its text, a legal document's body and the collection texts its list
 * blocks show included), or when it renders a post of the default locale that has no
 * translation in it, or any item of a remote blog (WordPress), whose posts exist in their
 * source language only. Such a page is marked noindex: it is left out of the sitemap and the
 * alternates, its canonical URL is its source's, and it says so (page-data.ts). On any page,
 * a block mostly in another language carries that language's `lang`. The shell's texts (site
 * config) and the blog taxonomy's show on every page: they decide none (the shell marks an
 * untranslated one with its `lang`, the checker lists them).
 *
 * With the local blog, a locale's post routes are its own posts (blog/post-translations.ts):
 * each at its own slug, a version of the post it translates, and the default's posts it has
 * no translation of at theirs, in fallback. Every path a block writes (the default's, or a
 * post's own /blog/<slug>) has its place in the locale in `localPaths`: the links of the
 * locale's pages are moved there.
 */
import { fallbackChain, type LocaleRegistry, localePrefix } from "../../../schemas/locales.ts";
import type { PageSchema } from "../../../schemas/page.ts";
import type { PageTranslation } from "../../../schemas/translations.ts";
import { isBlogCollection } from "../../blog/collections.ts";
import { isIndexable, type RouteEntry, type RouteTable } from "../route-table.ts";
import type { PageFile } from "../content/model.ts";
import type { PostTranslations } from "../../blog/post-translations.ts";
import { localisePage } from "./localise.ts";
import { judgePage, type PageVerdict, type ShownText } from "./page-language.ts";
import { pageTexts } from "./page-texts.ts";
import { translatedPath } from "./translated-paths.ts";
import { resolveCatalogue, type UiCatalogue } from "../../page/ui-strings.ts";

/** The locales that are built: the default first, then every other published one. */
export function builtLocales(registry: LocaleRegistry) {
  return [registry.default, ...registry.locales.filter((l) => l.code !== registry.default.code && l.status === "published")];
}

/** A default-locale path under a locale's prefix: "/" → "/hi", "/about" → "/hi/about". */
export function prefixed(prefix: string, path: string): string {
  if (prefix === "") return path;
  return path === "/" ? prefix : prefix + path;
}

export interface Translations {
  /** A page file's translation into a locale, if any (translations-check.ts). */
  page: (locale: string, pageFile: string) => PageTranslation | undefined;
  /** A locale's UI strings by key, if it has a catalogue (ui-strings-check.ts). */
  ui: (locale: string) => Partial<Record<string, string>> | undefined;
  /** The collection texts a route's list blocks (and its template item) show, per block, in the language shown (i18n/collection-reads.ts). */
  listed?: (locale: string, entry: RouteEntry) => ShownText[];
  /** A template page's item in a locale (i18n/locale-content.ts): the service a Hindi service page shows, in Hindi. */
  item?: (locale: string, collection: string, item: Record<string, unknown>) => Record<string, unknown>;
  /** With the local blog: the template pages of the blog's posts, and each locale's own posts linked to the default's (i18n/locale-content.ts). */
  posts?: { pages: readonly PageFile[]; of: (locale: string) => PostTranslations | undefined };
  /**
   * The text a block shows that is not one of its own props (a legal document's body, the post
   * of a post page), with the language it is shown in; `item` is the template item and its language.
   */
  shown?: (locale: string, block: Record<string, unknown>, index: number, item?: { value: Record<string, unknown>; locale: string }) => ShownText | undefined;
  /** Whether a template page's item is a term with no post in the locale's blog (blog/collections.ts isThinTerm). */
  thin?: (locale: string, collection: string, item: Record<string, unknown>) => boolean;
  /** Told of each route of a locale in fallback, and why: the checker says it in words. */
  fallback?: (report: FallbackReport) => void;
  /** Told of a page whose translated path (its translation's `path`) another page of the locale already has; the first keeps it. */
  clash?: (clash: { locale: string; file: string; path: string; other: string }) => void;
}

export interface FallbackReport {
  locale: string;
  /** The page file, and the route's path in the locale and its source. */
  file: string;
  path: string;
  source: string;
  /** What made it a fallback: its own texts (the verdict), or its item (a post not translated). */
  because: "page" | "item";
  verdict: PageVerdict;
}

/** @returns the table with every published locale's routes added; the default's are unchanged */
export function addLocaleRoutes(table: RouteTable, registry: LocaleRegistry, schema: PageSchema, translations: Translations): RouteTable {
  const catalogues = new Map<string, UiCatalogue>();
  const routes = new Map(table.routes);
  const redirects = new Map(table.redirects);
  const notFound = [...table.notFound];
  const localPaths = new Map<string, Map<string, string>>();
  const localPatterns = new Map<string, [string, string][]>();
  for (const locale of builtLocales(registry).slice(1)) {
    const prefix = localePrefix(registry, locale.code);
    const chain = [locale.code, ...fallbackChain(registry, locale.code)];
    catalogues.set(locale.code, resolveCatalogue(chain, translations.ui));
    const posts = translations.posts?.of(locale.code);
    const paths = new Map<string, string>();
    localPaths.set(locale.code, paths);
    const patterns: [string, string][] = [];
    localPatterns.set(locale.code, patterns);
    /** A source path under the prefix that leads to its page's translated path (301). */
    const moved = new Map<string, string>();
    // A page's localised version is the same for each of its items: made once per page file.
    const localised = new Map<string, ReturnType<typeof localisePage>>();
    const texts = new Map<string, ReturnType<typeof pageTexts>>();
    const textsOf = (file: PageFile) => texts.get(file.source.file) ?? texts.set(file.source.file, pageTexts(schema, file.page)).get(file.source.file)!;
    /** @param own a locale's own post: its item as it is, its path written with its own slug, `source` the default-locale path it is a version of */
    const localise = (entry: RouteEntry, own?: { source: string; fallback: boolean }): RouteEntry => {
      const file = entry.file;
      // The page's own path in this locale, if its translation gives one (a fallback locale's is not this one's).
      const translated = translations.page(locale.code, file.source.file)?.path;
      let result = localised.get(file.source.file);
      if (!result) {
        result = localisePage(schema, file.page, chain, (code) => translations.page(code, file.source.file));
        localised.set(file.source.file, result);
        if (translated !== undefined && translated !== file.page.path) patterns.push([file.page.path, prefixed(prefix, translated)]);
      }
      // A remote blog's items, and the default's posts the locale has not translated, are in their source language.
      const sourceItem = file.page.each !== undefined && isBlogCollection(file.page.each.collection) && (!posts || file.page.each.collection === "blog-posts");
      const itemFallback = own ? own.fallback : sourceItem;
      const each = file.page.each;
      const item = !own && entry.item && each && translations.item ? translations.item(locale.code, each.collection, entry.item) : entry.item;
      const itemLocale = itemFallback ? registry.default.code : locale.code;
      const shown = file.page.blocks.flatMap((block, i) => {
        const text = translations.shown?.(locale.code, block as Record<string, unknown>, i, item && { value: item, locale: itemLocale });
        return text ? [text] : [];
      });
      shown.push(...(translations.listed?.(locale.code, entry) ?? []));
      const verdict = judgePage(locale.code, file.page.blocks.length, textsOf(file), result.fallbacks, shown);
      // A post not translated is a fallback by design, whatever else it shows.
      const because = itemFallback ? "item" : verdict.fallback ? "page" : undefined;
      const fallback = because !== undefined;
      const meta = fallback ? { ...result.page.meta, noindex: true } : result.page.meta;
      const path = prefixed(prefix, translated === undefined ? entry.path : translatedPath(translated, file.page.path, entry.path));
      if (path !== prefixed(prefix, entry.path)) moved.set(prefixed(prefix, entry.path), path);
      const source = own?.source ?? entry.path;
      paths.set(entry.path, path);
      paths.set(source, path);
      if (because) translations.fallback?.({ locale: locale.code, file: file.source.file, path, source, because, verdict });
      const languages = verdict.blocks.some((l) => l !== undefined) ? { blocks: verdict.blocks } : {};
      const { thin: _thinInSource, ...rest } = entry;
      const thin = item !== undefined && each !== undefined && translations.thin?.(locale.code, each.collection, item) === true;
      return {
        ...rest,
        ...(thin && { thin: true as const }),
        ...(item && { item }),
        path,
        file: { ...file, page: { ...file.page, ...result.page, meta } },
        locale: { code: locale.code, source, fallback, ...(fallback && { shownIn: verdict.shownIn ?? registry.default.code }), ...languages },
      };
    };
    const isPostRoute = (entry: RouteEntry) => posts !== undefined && entry.file.page.each?.collection === "blog-posts";
    const add = (entry: RouteEntry) => {
      const other = routes.get(entry.path);
      if (other && other.file.source.file !== entry.file.source.file) {
        translations.clash?.({ locale: locale.code, file: entry.file.source.file, path: entry.path, other: other.file.source.file });
      } else routes.set(entry.path, entry);
    };
    for (const entry of table.routes.values()) if (!isPostRoute(entry)) add(localise(entry));
    for (const file of posts ? translations.posts!.pages : []) {
      const except = new Set(file.page.each?.except);
      const at = (slug: string) => file.page.path.replace(":id", slug);
      for (const { post, translates } of posts!.own) {
        if (except.has(post.id)) continue;
        const entry = localise({ path: at(post.id), file, item: post }, { source: at(translates ?? post.id), fallback: false });
        add(entry);
        // A translation with a slug of its own: the source's slug under the prefix leads to it.
        if (translates !== undefined && translates !== post.id) moved.set(prefixed(prefix, at(translates)), entry.path);
      }
      for (const post of posts!.untranslated) {
        if (except.has(post.id)) continue;
        add(localise({ path: at(post.id), file, item: post }, { source: at(post.id), fallback: true }));
      }
    }
    // Redirects lead where their target is in the locale; a moved page's source path too, unless a page has it.
    for (const [from, to] of table.redirects) {
      const hidden = routes.get(prefixed(prefix, from));
      if (hidden) translations.clash?.({ locale: locale.code, file: hidden.file.source.file, path: hidden.path, other: `the redirect from ${from}` });
      redirects.set(prefixed(prefix, from), paths.get(to) ?? prefixed(prefix, to));
      paths.set(from, prefixed(prefix, from));
    }
    for (const [from, to] of moved) if (!routes.has(from) && !redirects.has(from)) redirects.set(from, to);
    for (const { prefix: under, entry } of table.notFound) notFound.push({ prefix: paths.get(under) ?? prefixed(prefix, under), entry: localise(entry) });
  }
  notFound.sort((a, b) => b.prefix.length - a.prefix.length);
  return { routes, redirects, notFound, locales: registry, catalogues, localPaths, localPatterns };
}

/**
 * Where a link written in a page (a default-locale path, or a post's /blog/<own slug>) leads in
 * a locale: the locale's version of that page, its redirect, or undefined when it has none.
 * In the default locale every path is its own.
 */
export function localPath(table: RouteTable, code: string, path: string): string | undefined {
  if (!table.locales || code === table.locales.default.code) return path;
  return table.localPaths?.get(code)?.get(path);
}

/** A route's locale code: its own, or the default's. */
export const localeOf = (table: RouteTable, entry: RouteEntry): string => entry.locale?.code ?? table.locales?.default.code ?? "";

/** The default-locale path a route shows in its locale (its own path for the default's routes). */
export const sourcePathOf = (entry: RouteEntry): string => entry.locale?.source ?? entry.path;

export interface Alternate {
  /** BCP 47 code, or x-default (the default locale's page). */
  hreflang: string;
  path: string;
}

const indexes = new WeakMap<RouteTable, Map<string, RouteEntry[]>>();

/**
 * The versions of a page that really are translated (its source in the default locale, and
 * every locale where it is not in fallback), plus x-default, when there are two or more;
 * none for a page that is noindex itself. The same list on each of them: reciprocal.
 */
export function alternatesOf(table: RouteTable, entry: RouteEntry): Alternate[] {
  if (!table.locales || !isIndexable(entry)) return [];
  let index = indexes.get(table);
  if (!index) {
    index = new Map();
    for (const e of table.routes.values()) {
      if (!isIndexable(e)) continue;
      const source = sourcePathOf(e);
      index.set(source, [...(index.get(source) ?? []), e]);
    }
    indexes.set(table, index);
  }
  const versions = index.get(sourcePathOf(entry)) ?? [];
  if (versions.length < 2) return [];
  const defaultCode = table.locales.default.code;
  const source = versions.find((v) => !v.locale);
  return [
    ...versions.map((v) => ({ hreflang: v.locale?.code ?? defaultCode, path: v.path })),
    ...(source ? [{ hreflang: "x-default", path: source.path }] : []),
  ];
}

/** Whether the site builds more than one locale: only then do pages name their language's alternates. */
export const isMultilingual = (table: RouteTable): boolean => table.locales !== undefined && builtLocales(table.locales).length > 1;

/**
 * What the language switcher offers on a page, in the registry's order: the page in each built
 * locale where it is translated, and the page itself (a page in fallback offers its source,
 * never another fallback). Where a locale has no such version, or only a thin one (a tag with no
 * post in it), the nearest page above it that it has (an English-only post → the Hindi blog), so
 * the switcher never vanishes; from a not-found page, the locale's home.
 */
export function versionsOf(table: RouteTable, entry: RouteEntry): { code: string; name: string; path: string }[] {
  if (!table.locales) return [];
  const offered = (code: string, source: string) => {
    const path = localPath(table, code, source);
    const version = path === undefined ? undefined : table.routes.get(path);
    return version === entry || (version !== undefined && !version.locale?.fallback && !version.thin) ? version : undefined;
  };
  const source = entry.file.page.notFoundFor !== undefined ? "/" : sourcePathOf(entry);
  // The page's path, then each path above it: /blog/a-post, /blog, /.
  const nearest = source.split("/").map((_, i, parts) => parts.slice(0, parts.length - i).join("/") || "/");
  return builtLocales(table.locales).flatMap((locale) => {
    const version = nearest.map((path) => offered(locale.code, path)).find((v) => v !== undefined);
    return version ? [{ code: locale.code, name: locale.name, path: version.path }] : [];
  });
}
