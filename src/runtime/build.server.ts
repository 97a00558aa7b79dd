/**
 * Build-time outputs derived from the route table: the list of paths to prerender, the
 * manifest the server answers redirects and unknown paths from, the sitemap and robots.txt,
 * _redirects and _headers for static hosts, the finishing of every prerendered page
 * (finish-page.server.ts), and precompression.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isStudioPath } from "./studio-paths.ts";
import { finishPage, readPageAssets } from "./finish-page.server.ts";
import { PENDING_POST_FILE, PENDING_POST_PATH } from "./pending-post.ts";
import { precompress } from "./compress.server.ts";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { resolveForm, resolveLocalForm } from "../forms/resolve.ts";
import { type FormStrings, formStringsOf } from "../page/form-strings.ts";
import { UI_STRINGS } from "../page/ui-strings.ts";
import { type CheckedSite, contentAt, shellAt, siteContent } from "./content.server.ts";
import { POST_HTML_FILE, postHtmlMemo } from "../blog/post-html-memo.server.ts";
import { wordpressUrl } from "../blog/sources.server.ts";
import { formsApiOrigin } from "../forms/api-url.server.ts";
import { isIndexable, type RouteTable } from "./route-table.ts";
import { alternatesOf, builtLocales } from "./i18n/locale-routes.ts";
import type { LocaleRegistry } from "../../schemas/locales.ts";
import type { BuiltLocale } from "../../schemas/studio-submissions.ts";
import { inlineScriptHashes, policyOrigins } from "./security-policy.ts";
import { headersFile, redirectsFile } from "./static-host.server.ts";
import { buildSiteMedia } from "./media/site-media.server.ts";
import { analyticsOn } from "../analytics/setting.ts";
import { replacedBuildDirectory } from "./replaced-build.server.ts";

const lastmod = (item: Record<string, unknown> | undefined) =>
  typeof item?.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(item.date) ? item.date : undefined;
import type { SiteContent } from "./content/model.ts";

export interface SiteManifest {
  redirects: Record<string, string>;
  /** Longest prefix first. `page` is the prerendered path whose files answer with 404. */
  notFound: { prefix: string; page: string }[];
  /**
   * Set when the blog comes from WordPress: the server asks it about posts newer than the
   * build, and polls its stamp (src/blog/source.ts) to rebuild when it differs from this one.
   */
  blog?: { wordpressUrl: string; stamp?: string };
  /** Set when forms post to another origin (FORMS_API_URL at build time): pages may connect and post there. */
  formsApi?: string;
}

/** build/forms.json: what the form API serves, so the server never reads content at run time. */
export interface FormsManifest {
  /** Who is notified of enquiries and applications (the site settings' contact.email). */
  agency: { name: string; email: string };
  forms: ResolvedForm[];
  /** Built with FORMS_API_URL: the pages post from the site's origin, which the API then allows (CORS). */
  cors?: { origin: string };
  /** The built locales, the default first: a submission's `?locale=` is one of them, named in its notification. */
  locales?: BuiltLocale[];
  /**
   * Each built locale's forms (labels, notices) and form texts but the default's, by code: a
   * submission from a page of the locale is answered in its language, a no-JavaScript result
   * page included (server/plugins/forms.ts).
   */
  inLocale?: Record<string, FormsInLocale>;
}

export interface FormsInLocale {
  /** The locale's language and direction: the result page's `<html lang dir>`. */
  lang: string;
  dir: "ltr" | "rtl";
  strings: FormStrings;
  forms: ResolvedForm[];
}

/** @param checked with the locales' content and UI strings, the forms of each locale too */
export function formsManifest({ site, collections }: Pick<SiteContent, "site" | "collections">, registry?: LocaleRegistry, checked?: Pick<CheckedSite, "table" | "localised">): FormsManifest {
  const inLocale = registry && checked && formsInLocales(registry, checked);
  return {
    agency: { name: site.name, email: site.contact.email },
    ...(registry && { locales: builtLocales(registry).map(({ code, name }) => ({ code, name })) }),
    ...(inLocale && Object.keys(inLocale).length > 0 && { inLocale }),
    forms: collections.forms.map((form) => resolveForm(form, collections, site)),
    ...(formsApiOrigin() && { cors: { origin: new URL(site.url).origin } }),
  };
}

function formsInLocales(registry: LocaleRegistry, { table, localised }: Pick<CheckedSite, "table" | "localised">): Record<string, FormsInLocale> {
  return Object.fromEntries(
    [...localised].map(([code, content]) => {
      const locale = registry.locales.find((l) => l.code === code);
      const strings = formStringsOf(table.catalogues?.get(code) ?? UI_STRINGS);
      return [code, { lang: code, dir: locale?.direction ?? "ltr", strings, forms: content.collections.forms.map((form) => resolveLocalForm(form, content)) }];
    }),
  );
}

/**
 * Whether the pages load the analytics collector: unless ANALYTICS=off, and only where the
 * server that counts is the pages' own origin (not a static host's build, FORMS_API_URL).
 */
export const collectsAnalytics = () => analyticsOn() && !formsApiOrigin();

/** Whether a prerendered path is a page the collector counts: a route of the site, not a not-found page (the server refuses both). */
export function isCountedPage(table: RouteTable, page: string): boolean {
  const entry = table.routes.get(page);
  return entry !== undefined && entry.file.page.notFoundFor === undefined;
}

export async function prerenderPaths(): Promise<string[]> {
  const { table } = await siteContent();
  // Redirect sources are prerendered too: a static host without the server follows their
  // meta refresh. With WordPress, the page for posts published after the build as well.
  return [...table.routes.keys(), ...table.redirects.keys(), ...(wordpressUrl() ? [PENDING_POST_PATH] : [])];
}

/** What the server answers redirects and unknown paths from (build/site-manifest.json). */
export function siteManifest(table: RouteTable, blogStamp?: string): SiteManifest {
  const wordpress = wordpressUrl();
  const formsApi = formsApiOrigin();
  return {
    redirects: Object.fromEntries(table.redirects),
    notFound: table.notFound.map(({ prefix, entry }) => ({ prefix, page: entry.path })),
    ...(wordpress ? { blog: { wordpressUrl: wordpress, ...(blogStamp !== undefined && { stamp: blogStamp }) } } : {}),
    ...(formsApi ? { formsApi } : {}),
  };
}

/** Today's date on the UTC calendar, as a sitemap's lastmod writes it. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The sitemap. A page's lastmod is its item's date (a blog post's), else the day its data last
 * changed (`pages`, see changedOn), else `today`: a build never says a page changed when it did not.
 */
export function sitemap({ site }: Pick<SiteContent, "site">, table: RouteTable, today = todayUtc(), pages: PageRecords = {}): string {
  const url = (path: string) => site.url + (path === "/" ? "/" : path);
  let alternates = false;
  const urls = [...table.routes.values()]
    .filter(isIndexable)
    // Pages rendered for a dated item (blog posts) were last changed on that date.
    .map((e) => {
      // Each translated version lists every version, itself included (reciprocal, as Google asks).
      const links = alternatesOf(table, e).map((a) => `\n    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${url(a.path)}"/>`);
      if (links.length > 0) alternates = true;
      return `  <url><loc>${url(e.path)}</loc><lastmod>${lastmod(e.item) ?? pages[e.path]?.changed ?? today}</lastmod>${links.join("")}${links.length > 0 ? "\n  " : ""}</url>`;
    });
  const xhtml = alternates ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join("\n")}\n</urlset>\n`;
}

const robots = ({ site }: Pick<SiteContent, "site">) => `User-agent: *\nDisallow: /admin\n\nSitemap: ${site.url}/sitemap.xml\n`;

/**
 * build/pages.json: every prerendered path with the hash of the data its HTML was rendered
 * from, the day that hash last changed (the sitemap's lastmod), and for pages (not redirect
 * sources) the hashes of their inline scripts (_headers).
 */
export type PageRecords = Record<string, { data: string; changed?: string; scripts?: string[] }>;

/** The day a path's data last changed: the earlier release's day while its hash is the same, else today. */
export const changedOn = (before: PageRecords[string] | undefined, data: string, today = todayUtc()) => (before?.data === data && before.changed) || today;

/**
 * What each prerendered path's files are a function of, besides the bundle: the shell's data
 * (the root loader) and its own (the route loader: the page data the content check loaded,
 * or a redirect), hashed. An incremental rebuild renders a path again only when this changes.
 */
export async function dataHashes(checked: CheckedSite): Promise<Record<string, string>> {
  const { table, pages } = checked;
  // undefined is kept apart from a missing key: React Router's data encoding keeps it too.
  const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v === undefined ? "\u0000undefined" : v));
  // The shell is the same for every page of a locale: serialised once per locale's content.
  const shells = new Map<SiteContent, string>();
  const shellOf = (path: string) => {
    const content = contentAt(checked, path);
    if (!shells.has(content)) shells.set(content, json(shellAt(checked, path)));
    return shells.get(content)!;
  };
  const hash = (path: string, value: unknown) => createHash("sha256").update(shellOf(path)).update("\u0000").update(json(value)).digest("base64url");
  const hashes: Record<string, string> = {};
  for (const page of table.routes.keys()) {
    if (!pages.has(page)) throw new Error(`The content check loaded no data for ${page}.`);
    hashes[page] = hash(page, pages.get(page));
  }
  for (const [from, to] of table.redirects) hashes[from] = hash(from, { redirect: to });
  return hashes;
}

/**
 * The files derived from the route table and the finished pages, relative to the build
 * directory: what the server and static hosts read besides the pages themselves, and the
 * sanitised post HTML the next incremental rebuild starts from.
 */
export function siteFiles({ content, table, blogStamp, localised }: CheckedSite, pages: PageRecords): Record<string, string> {
  const manifest = siteManifest(table, blogStamp);
  const scripts = new Map(Object.entries(pages).flatMap(([page, { scripts }]) => (scripts ? [[page, scripts] as const] : [])));
  return {
    "site-manifest.json": JSON.stringify(manifest, null, 2),
    "forms.json": JSON.stringify(formsManifest(content, table.locales, { table, localised }), null, 2),
    "pages.json": JSON.stringify(pages),
    "client/sitemap.xml": sitemap(content, table, undefined, pages),
    "client/robots.txt": robots(content),
    "client/_redirects": redirectsFile(manifest),
    "client/_headers": headersFile(manifest, scripts, policyOrigins(manifest)),
    [POST_HTML_FILE]: postHtmlMemo.save(),
  };
}

/** The URL path a prerendered HTML file answers, e.g. blog/x/index.html → /blog/x. */
export const pagePath = (file: string) => "/" + file.split(path.sep).join("/").replace(/(?:^|\/)index\.html$/, "");

export async function writeSiteFiles(buildDirectory: string) {
  const site = await siteContent();
  const { table } = site;
  const client = path.join(buildDirectory, "client");

  const hashes = await dataHashes(site);
  const replaced = replacedBuildDirectory();
  const before = replaced ? ((await readFile(path.join(replaced, "pages.json"), "utf8").then(JSON.parse, () => ({}))) as PageRecords) : {};
  const pages: PageRecords = Object.fromEntries(Object.entries(hashes).map(([page, data]) => [page, { data, changed: changedOn(before[page], data) }]));
  // React Router's SPA fallback and .data files serve its client-side router, which no page
  // loads: a link is a page load of static HTML (docs/architecture.md, "How a page loads").
  const built = await readdir(client, { recursive: true, withFileTypes: true });
  await rm(path.join(client, PENDING_POST_FILE), { force: true });
  for (const data of built.filter((e) => e.isFile() && e.name.endsWith(".data"))) await rm(path.join(data.parentPath, data.name));

  // Every prerendered page gets its last step: styles in <head>, the islands runtime.
  const assets = readPageAssets(buildDirectory);
  const analytics = collectsAnalytics();
  const finished: string[] = [];
  for (const entry of built) {
    if (!entry.isFile() || !entry.name.endsWith(".html") || entry.name === PENDING_POST_FILE) continue;
    const file = path.join(entry.parentPath, entry.name);
    const page = pagePath(path.relative(client, file));
    const html = finishPage(await readFile(file, "utf8"), assets, { studio: isStudioPath(page), analytics: analytics && isCountedPage(table, page) });
    await writeFile(file, html);
    finished.push(html);
    if (table.routes.has(page)) pages[page]!.scripts = inlineScriptHashes(html);
  }
  // The images the pages name, encoded or taken from the cache of earlier builds.
  await buildSiteMedia(client, finished, site.content);
  // The page for posts newer than the build goes where the server looks for it.
  const pending = path.join(client, PENDING_POST_PATH.slice(1));
  if (existsSync(pending)) {
    await rename(path.join(pending, "index.html"), path.join(client, PENDING_POST_FILE));
    await rm(pending, { recursive: true });
  }
  for (const [file, text] of Object.entries(siteFiles(site, pages))) await writeFile(path.join(buildDirectory, file), text);

  // Last, so every file written above is compressed too.
  const started = performance.now();
  const { files, bytes, brotliBytes } = await precompress(client);
  console.log(`Precompressed ${files} files: ${kb(bytes)} → ${kb(brotliBytes)} brotli in ${Math.round(performance.now() - started)} ms`);
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
