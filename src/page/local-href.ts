/**
 * A site path in the page's locale, for the links an island renders in the browser. The build
 * moves every link of a localised page's HTML into its locale (runtime/i18n/local-links.ts);
 * what an island renders later (the services dropdown once opened, the blog filter's cards)
 * is moved here, by the prefix its <html data-locale-prefix> names (/hi). At build time, and
 * on a page of the default locale, the path stays as it is.
 */
export const LOCALE_PREFIX_ATTR = "data-locale-prefix";

export function localHref(path: string): string {
  if (typeof document === "undefined" || !path.startsWith("/")) return path;
  const prefix = document.documentElement.getAttribute(LOCALE_PREFIX_ATTR);
  if (!prefix) return path;
  return path === "/" ? prefix : prefix + path;
}
