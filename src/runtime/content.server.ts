/**
 * The runtime's door to content (build time and dev server only): checked content, the
 * route table, and what each path answers. A content error stops the build here with the
 * checker's full report.
 */
import type { BlogIndex } from "../../schemas/blog.ts";
import { postHtmlMemo } from "../blog/post-html-memo.server.ts";
import { BlogSourceError } from "../blog/source.ts";
import { blogSource, wordpressUrl } from "../blog/sources.server.ts";
import { pipelineBlogImages } from "./media/blog-images.server.ts";
import { mediaCacheDir } from "./media/pipeline.server.ts";
import type { MediaManifest } from "../../schemas/media.ts";
import { checkContent } from "./content/check.ts";
import { ContentCheckFailed } from "../content-files/errors.ts";
import type { SiteContent } from "./content/model.ts";
import { asNotFound, type PageData } from "./page-data.ts";
import { PENDING_POST_PATH } from "./pending-post.ts";
import { matchPath, type RouteTable } from "./route-table.ts";
import { type ShellData, shellDataFrom } from "../shell/data.ts";
import { localiseLinks } from "./i18n/local-links.ts";
import { localPath } from "./i18n/locale-routes.ts";

export type { ShellData } from "../shell/data.ts";

export interface CheckedSite {
  content: SiteContent;
  table: RouteTable;
  /** Every route's data, loaded once by the checker: prerendering reads it from here. */
  pages: ReadonlyMap<string, PageData>;
  /** Each built locale's content other than the default's (i18n/locale-content.ts): its pages' shell shows it. */
  localised: ReadonlyMap<string, SiteContent>;
  /** The blog source's change stamp, taken just before the blog was fetched (src/blog/source.ts). */
  blogStamp?: string;
}

let cached: Promise<CheckedSite> | undefined;

/** Reads and checks content once per build; the dev server re-reads it on every request. */
export function siteContent(): Promise<CheckedSite> {
  if (cached && process.env.NODE_ENV !== "development") return cached;
  postHtmlMemo.startRead();
  cached = remoteBlog().then(async ({ blog, stamp, remoteMedia }) => {
    const result = await checkContent({ root: process.cwd(), blog, remoteMedia });
    if (result.errors.length > 0 || !result.content || !result.table) throw new ContentCheckFailed(result.errors);
    return { content: result.content, table: result.table, pages: result.pages, localised: result.localised ?? new Map(), ...(stamp !== undefined && { blogStamp: stamp }) };
  });
  return cached;
}

/** The next siteContent() reads and checks again: a warm rebuild worker's next rebuild (server/build/rebuild.ts). */
export function forgetSiteContent(): void {
  cached = undefined;
}

/**
 * With WORDPRESS_URL, the whole blog is fetched once before the route table is built, so
 * every post, category, tag and author page is prerendered. An unreachable WordPress fails
 * the build with the source's title, message and hint. Its stamp comes first: a change made
 * while the index is fetched then shows as a stamp newer than the build's. The posts' featured
 * images are then taken in (media/blog-images.server.ts): one that cannot be had is the default
 * image, never a failed build.
 */
async function remoteBlog(): Promise<{ blog?: BlogIndex; stamp?: string; remoteMedia?: ReadonlyMap<string, MediaManifest> }> {
  const url = wordpressUrl();
  if (!url) return {};
  const started = performance.now();
  try {
    const source = blogSource();
    const stamp = await source.stamp?.();
    const index = await source.index();
    console.log(`Blog: ${index.posts.length} posts, ${index.categories.length} categories, ${index.tags.length} tags from ${url} (${Math.round(performance.now() - started)} ms)`);
    const imagesStarted = performance.now();
    const { blog, media } = await pipelineBlogImages(index, { cacheDir: mediaCacheDir(process.cwd()), log: (line) => console.warn(`Warning: ${line}`) });
    console.log(`Blog images: ${media.size} taken in (${Math.round(performance.now() - imagesStarted)} ms)`);
    return { blog, remoteMedia: media, ...(stamp !== undefined && { stamp }) };
  } catch (error) {
    if (error instanceof BlogSourceError) throw new Error(`\n${error.toString()}\n`, { cause: error });
    throw error;
  }
}

export type Resolution = { redirect: string } | PageData;

export async function resolvePath(pathname: string): Promise<Resolution> {
  const { table, pages } = await siteContent();
  const match = matchPath(table, decodeURIComponent(pathname));
  if (match.kind === "redirect") return { redirect: match.to };
  if (!match.entry) throw new Error(`No not-found page covers ${pathname}`);
  const data = pages.get(match.entry.path);
  if (!data) throw new Error(`No page data for ${match.entry.path}`);
  return match.kind === "page" ? data : asNotFound(data, { pending: pathname === PENDING_POST_PATH });
}

/**
 * A page of a locale other than the default has its links moved into its locale
 * (i18n/local-links.ts); any other page's HTML is returned as it is.
 */
export async function keepLinksInLocale(pathname: string, html: string): Promise<string> {
  const { table } = await siteContent();
  const match = matchPath(table, decodeURIComponent(pathname));
  const entry = match.kind === "redirect" ? undefined : match.entry;
  if (!entry?.locale || !table.locales) return html;
  const code = entry.locale.code;
  return localiseLinks(html, (path) => localPath(table, code, path));
}

/** What the persistent shell (navigation, footer) needs from content, in the locale of the page at `pathname`. */
export async function shellData(pathname: string): Promise<ShellData> {
  return shellAt(await siteContent(), pathname);
}

/** The shell of the page at `pathname`, from checked content: the build hashes what the root loader gives. */
export function shellAt(checked: CheckedSite, pathname: string): ShellData {
  return shellDataFrom(contentAt(checked, pathname), localeCodeAt(checked, pathname));
}

/** The locale of a path's page, when it is not the default's. */
const localeCodeAt = ({ table }: CheckedSite, pathname: string) => {
  const match = matchPath(table, decodeURIComponent(pathname));
  return match.kind === "redirect" ? undefined : match.entry?.locale?.code;
};

/** The content a path's page shows: its locale's (collections, site config, taxonomy), or the default's. */
export function contentAt(checked: CheckedSite, pathname: string): SiteContent {
  const code = localeCodeAt(checked, pathname);
  return (code !== undefined && checked.localised.get(code)) || checked.content;
}
