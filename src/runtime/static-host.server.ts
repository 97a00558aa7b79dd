/**
 * What the Fastify server answers beyond plain files, written as files a static host reads
 * (Netlify's `_redirects` and `_headers` format): every redirect as a 301, the not-found page
 * of each prefix with status 404, each page's Content-Security-Policy, the security headers
 * and the caching of hashed assets. docs/deploy.md says which hosts read them and how.
 *
 * Rules follow the server's order: a redirect wins over a file (each redirect source also
 * has a prerendered file for client navigation, so its rule is forced with `!`), a not-found
 * page answers 404 at its own path too (forced), and an unknown path under a prefix gets that
 * prefix's not-found page unless a file exists there (not forced: files shadow the rule).
 * Headers: a later rule overrides an earlier one for the same header, so the not-found
 * policies of the prefixes come first, shortest prefix first, and each page's own after them.
 */
import { contentSecurityPolicy, HSTS, type PolicyOrigins, SECURITY_HEADERS } from "./security-policy.ts";

export interface StaticHostManifest {
  redirects: Record<string, string>;
  /** Longest prefix first. */
  notFound: { prefix: string; page: string }[];
}

/** Where a page's HTML is in build/client, as a host resolves a rewrite target. */
export const pageFile = (page: string) => (page === "/" ? "/index.html" : `${page}/index.html`);

export const ASSET_CACHE = "public, max-age=31536000, immutable";

/**
 * The media library's files (/_media/, named by content hash: cached for good). Opened on
 * their own, an SVG among them is a document: this policy runs no script in it, loads nothing
 * from elsewhere and sandboxes it, whatever intake's sanitiser missed.
 */
export const MEDIA_PREFIX = "/_media/";
export const MEDIA_HEADERS = {
  "Cache-Control": ASSET_CACHE,
  "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  "X-Content-Type-Options": "nosniff",
} as const;

export function redirectsFile(manifest: StaticHostManifest): string {
  const lines = ["# Written by the build (src/runtime/static-host.server.ts). Redirects, the studio's screens, then pages that answer 404, then unknown paths."];
  for (const [from, to] of Object.entries(manifest.redirects)) lines.push(`${from} ${to} 301!`);
  // The studio needs its server: on a static host its screens are the site's 404 page, forced over their files.
  const siteNotFound = pageFile(manifest.notFound.find(({ prefix }) => prefix === "/")?.page ?? "/404");
  lines.push(`/admin ${siteNotFound} 404!`, `/admin/* ${siteNotFound} 404!`);
  for (const { page } of manifest.notFound) lines.push(`${page} ${pageFile(page)} 404!`);
  for (const { prefix, page } of manifest.notFound) lines.push(`${prefix === "/" ? "/*" : `${prefix}/*`} ${pageFile(page)} 404`);
  return lines.join("\n") + "\n";
}

/**
 * `pages`: every prerendered page (not the redirect sources) with the hashes of its inline
 * scripts, as the build finished it.
 */
export function headersFile(manifest: StaticHostManifest, pages: ReadonlyMap<string, readonly string[]>, origins: PolicyOrigins): string {
  // Static hosts serve over https.
  const policy = (page: string) => contentSecurityPolicy(pages.get(page) ?? [], true, origins);
  const block = (pattern: string, headers: Record<string, string>) => [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  const byShortestPrefix = [...manifest.notFound].sort((a, b) => a.prefix.length - b.prefix.length);
  for (const { page } of manifest.notFound) {
    if (!pages.has(page)) throw new Error(`The not-found page ${page} was not prerendered, so _headers has no policy for it.`);
  }
  return [
    "# Written by the build (src/runtime/static-host.server.ts). A later rule overrides an earlier one.",
    block("/*", { ...SECURITY_HEADERS, "Strict-Transport-Security": HSTS }),
    ...byShortestPrefix.map(({ prefix, page }) => block(prefix === "/" ? "/*" : `${prefix}/*`, { "Content-Security-Policy": policy(page) })),
    block("/assets/*", { "Cache-Control": ASSET_CACHE }),
    block(`${MEDIA_PREFIX}*`, MEDIA_HEADERS),
    ...[...pages.keys()].sort().map((page) => block(page, { "Content-Security-Policy": policy(page) })),
  ].join("\n") + "\n";
}
