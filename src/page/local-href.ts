/**
 * A site path in the page's locale, for the links an island renders in the browser. The build
 * moves every link of a localised page's HTML into its locale (runtime/i18n/local-links.ts);
 * what an island renders later (the services dropdown once opened, the blog filter's cards)
 * is moved here, by the prefix its <html data-locale-prefix> names (/hi), or to a page's own
 * path in the locale where <html data-locale-paths> lists one ([["/contact", "/hi/sampark"],
 * ["/services/:id", "/hi/sevaen/:id"]]). At build time, and on a page of the default locale,
 * the path stays as it is.
 */
export const LOCALE_PREFIX_ATTR = "data-locale-prefix";
export const LOCALE_PATHS_ATTR = "data-locale-paths";

export function localHref(path: string): string {
  if (typeof document === "undefined" || !path.startsWith("/")) return path;
  const html = document.documentElement;
  const prefix = html.getAttribute(LOCALE_PREFIX_ATTR);
  if (!prefix) return path;
  const own = ownPath(path, JSON.parse(html.getAttribute(LOCALE_PATHS_ATTR) ?? "[]") as [string, string][]);
  return own ?? (path === "/" ? prefix : prefix + path);
}

/** The path in the locale of a page with a path of its own (its ":id" kept), if `path` is one's. */
export function ownPath(path: string, patterns: readonly (readonly [string, string])[]): string | undefined {
  const [bare = path, rest = ""] = /^([^?#]*)(.*)$/.exec(path)?.slice(1) ?? [];
  const segments = bare.split("/");
  for (const [source, local] of patterns) {
    const parts = source.split("/");
    if (parts.length !== segments.length || !parts.every((p, i) => p === segments[i] || (p === ":id" && segments[i] !== ""))) continue;
    const id = segments[parts.indexOf(":id")];
    return (id === undefined ? local : local.replace(":id", id)) + rest;
  }
  return undefined;
}
