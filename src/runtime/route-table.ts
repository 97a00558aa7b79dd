/**
 * The route table: every path the site answers, built from content pages, template pages
 * expanded over their collection, the redirect table and the not-found pages.
 * Problems (duplicate paths, redirects that chain, loop or lead nowhere) come back as
 * located content errors, so the checker fails the build on them.
 */
import { blogItems, isBlogCollection, isThinTerm } from "../blog/collections.ts";
import { errors as catalogue, type ErrorData } from "../errors/catalogue.ts";
import { type ContentError, located } from "../content-files/errors.ts";
import { fileLabeller } from "../content-files/issues.ts";
import { closest } from "../content-files/closest.ts";
import type { PageFile, SiteContent } from "./content/model.ts";
import type { LocaleRegistry } from "../../schemas/locales.ts";
import type { UiCatalogue } from "../page/ui-strings.ts";

export interface RouteEntry {
  path: string;
  file: PageFile;
  /** The collection item a template page is rendered for. */
  item?: Record<string, unknown>;
  /**
   * Set on the routes of a locale other than the default (i18n/locale-routes.ts): its code, the
   * default-locale path it is a version of, whether it is a fallback (its main content not
   * translated) and then the language it is shown in, and each block's language where it is
   * not the locale's (i18n/page-language.ts).
   */
  locale?: { code: string; source: string; fallback: boolean; shownIn?: string; blocks?: (string | undefined)[] };
  /** A category, tag or author page with no post in its locale (blog/collections.ts isThinTerm): noindex, and the language switcher passes it by. */
  thin?: true;
}

export interface RouteTable {
  routes: Map<string, RouteEntry>;
  redirects: Map<string, string>;
  /** Longest prefix first: the page shown (with status 404) for unknown paths under it. */
  notFound: { prefix: string; entry: RouteEntry }[];
  /** The locale registry, once the routes of every published locale are added (i18n/locale-routes.ts). */
  locales?: LocaleRegistry;
  /** Each built locale's UI strings but the default's (whose are the source): i18n/ui-strings.ts. */
  catalogues?: ReadonlyMap<string, UiCatalogue>;
  /** Each built locale's but the default's: where a path its pages' blocks write is in the locale (i18n/locale-routes.ts localPath). */
  localPaths?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Each built locale's pages with a path of their own: [the page's path, its path in the locale] (/services/:id → /hi/sevaen/:id), for islands (page/local-href.ts). */
  localPatterns?: ReadonlyMap<string, readonly (readonly [string, string])[]>;
}

export function buildRouteTable(content: SiteContent): { table: RouteTable; errors: ContentError[] } {
  const errors: ContentError[] = [];
  const routes = new Map<string, RouteEntry>();
  const notFound: RouteTable["notFound"] = [];

  const add = (entry: RouteEntry, pointer: readonly PropertyKey[]) => {
    const existing = routes.get(entry.path);
    if (existing) {
      errors.push(located(entry.file.source, pointer, fileLabeller(entry.file.label), catalogue.DuplicateRoute(entry.path, existing.file.source.file)));
      return;
    }
    routes.set(entry.path, entry);
  };

  for (const file of content.pages) {
    const { page } = file;
    if (page.each) {
      const except = new Set(page.each.except);
      for (const { key, item } of templateItems(content, page.each.collection)) {
        if (except.has(key)) continue;
        add({ path: page.path.replace(":id", key), file, item, ...(isThinTerm(content.blog, page.each.collection, item) && { thin: true as const }) }, ["path"]);
      }
    } else {
      add({ path: page.path, file }, ["path"]);
    }
    if (page.notFoundFor !== undefined) {
      notFound.push({ prefix: page.notFoundFor, entry: { path: page.path, file } });
    }
  }
  notFound.sort((a, b) => b.prefix.length - a.prefix.length);

  const redirects = new Map<string, string>();
  const redirectSource = content.collectionSources.redirects;
  const at = (i: number, field: "from" | "to", e: ErrorData): ContentError => ({
    ...e,
    file: redirectSource?.file ?? "content/collections/redirects.json",
    ...(redirectSource?.locate(["items", i, field]) ?? { line: 1, column: 1 }),
    pointer: `/items/${i}/${field}`,
    label: `Redirects → item ${i + 1} (${content.collections.redirects[i]!.from}) → ${field}`,
  });
  content.collections.redirects.forEach(({ from }, i) => {
    if (redirects.has(from)) errors.push(at(i, "from", catalogue.DuplicateRedirect(from)));
    else if (routes.has(from)) errors.push(at(i, "from", catalogue.RedirectHidesPage(from, routes.get(from)!.file.source.file)));
    redirects.set(from, content.collections.redirects[i]!.to);
  });
  content.collections.redirects.forEach(({ from, to }, i) => {
    if (redirects.has(to)) {
      const chain = [from, to];
      let next = redirects.get(to);
      while (next !== undefined && !chain.includes(next)) {
        chain.push(next);
        next = redirects.get(next);
      }
      errors.push(at(i, "to", next !== undefined ? catalogue.RedirectLoop([...chain, next]) : catalogue.RedirectChain(chain)));
    } else if (!routes.has(to)) {
      errors.push(at(i, "to", catalogue.RedirectTargetMissing(to, closestHint(to, routes.keys()))));
    }
  });

  return { table: { routes, redirects, notFound }, errors };
}

/** Whether search engines are to index a route: not a page marked noindex, a not-found page, or a thin one. */
export const isIndexable = (entry: RouteEntry): boolean => !entry.file.page.meta.noindex && entry.file.page.notFoundFor === undefined && !entry.thin;

/** What a template page iterates: a content collection, or one of the blog's entity lists (by slug). */
export function templateItems(content: Pick<SiteContent, "blog" | "collections">, name: string): { key: string; item: Record<string, unknown> }[] {
  if (isBlogCollection(name)) return blogItems(content.blog, name);
  const items = content.collections[name as keyof SiteContent["collections"]] as { id: string }[];
  return items.map((item) => ({ key: item.id, item }));
}

/** Suggests the known path closest to a mistyped one. */
export function closestHint(path: string, known: Iterable<string>): string {
  const best = closest(path, known);
  return best ? `Did you mean ${best}?` : "Use the path of an existing page or redirect (see the route list printed by npm run content:check -- --routes).";
}

/** Finds what answers a path: a page, a redirect, or the not-found page for its prefix. */
export function matchPath(table: RouteTable, path: string):
  | { kind: "page"; entry: RouteEntry }
  | { kind: "redirect"; to: string }
  | { kind: "not-found"; entry: RouteEntry | undefined } {
  const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const entry = table.routes.get(normalised);
  if (entry && !entry.file.page.notFoundFor) return { kind: "page", entry };
  const to = table.redirects.get(normalised);
  if (to !== undefined) return { kind: "redirect", to };
  const fallback = table.notFound.find(({ prefix }) => prefix === "/" || normalised === prefix || normalised.startsWith(prefix + "/"));
  return { kind: "not-found", entry: fallback?.entry };
}
