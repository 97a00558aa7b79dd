/**
 * The routes `npm run bench` measures: one of every kind, in every locale the sitemap has. A
 * kind is a pattern of the default locale's paths; its version in another locale is the first
 * page of the sitemap that is that locale's version (its own hreflang alternate) of a page of
 * that kind (its x-default), so a translated path (/hi/sampark for /contact) or a post only
 * translated in part is found all the same. Pages in fallback are not in the sitemap, so not
 * measured: a locale is measured where it is really translated.
 */
export type Kind = readonly [name: string, pattern: RegExp];

/** One route of every kind: the first path of the sitemap matching each pattern. */
export const ROUTE_KINDS: readonly Kind[] = [
  ["home", /^\/$/],
  ["about", /^\/about$/],
  ["services", /^\/services$/],
  ["a service", /^\/services\/web-development$/],
  ["SEO page", /^\/services\/seo-services$/],
  ["contact", /^\/contact$/],
  ["careers", /^\/careers$/],
  ["privacy", /^\/privacy$/],
  ["blog", /^\/blog$/],
  ["a post", /^\/blog\/(?!categories$|tags$|category\/|tag\/|author\/)[^/]+$/],
  ["a category", /^\/blog\/category\/[^/]+$/],
  ["a tag", /^\/blog\/tag\/[^/]+$/],
  ["an author", /^\/blog\/author\/[^/]+$/],
];

interface SitemapEntry {
  path: string;
  /** hreflang → path, x-default among them; empty for a page with no versions. */
  alternates: Map<string, string>;
}

export function sitemapEntries(xml: string): SitemapEntry[] {
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "") || "/";
  return [...xml.matchAll(/<url>([^]*?)<\/url>/g)].map(([, body]) => ({
    path: pathOf(/<loc>([^<]+)<\/loc>/.exec(body!)![1]!),
    alternates: new Map([...body!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, pathOf(m[2]!)])),
  }));
}

/**
 * @param only kinds to keep, by name: "home" is the home page in every locale, "home (hi)" only Hindi's
 * @returns [name, path]: the default locale's kinds first, then each other locale's, named "home (hi)"
 */
export function benchRoutes(xml: string, kinds: readonly Kind[], only?: readonly string[]): [string, string][] {
  const entries = sitemapEntries(xml);
  const locales = [...new Set(entries.flatMap((e) => [...e.alternates].filter(([lang, p]) => lang !== "x-default" && p === e.path && p !== e.alternates.get("x-default")).map(([lang]) => lang)))];
  const found: [string, string][] = [];
  const missing: string[] = [];
  for (const locale of [undefined, ...locales]) {
    for (const [kind, pattern] of kinds) {
      const name = locale ? `${kind} (${locale})` : kind;
      if (only && !only.includes(kind) && !only.includes(name)) continue;
      const entry = locale
        ? entries.find((e) => e.alternates.get(locale) === e.path && pattern.test(e.alternates.get("x-default") ?? ""))
        : entries.find((e) => pattern.test(e.path));
      if (entry) found.push([name, entry.path]);
      else missing.push(name);
    }
  }
  for (const name of missing) console.warn(`bench: no page of kind "${name}" in the sitemap; skipped.`);
  return found;
}
