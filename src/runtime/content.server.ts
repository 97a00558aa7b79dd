/**
 * The runtime's door to content (build time and dev server only): checked content, the
 * route table, and what each path answers. A content error stops the build here with the
 * checker's full report.
 */
import type { BlogIndex } from "../../schemas/blog.ts";
import site from "../../site.config.ts";
import { BlogSourceError } from "../blog/source.ts";
import { blogSource, wordpressUrl } from "../blog/sources.server.ts";
import { resolveForm } from "../forms/resolve.ts";
import { checkContent, type CheckResult } from "./content/check.ts";
import { ContentCheckFailed } from "./content/errors.ts";
import type { SiteContent } from "./content/model.ts";
import { pageData, type PageData } from "./page-data.ts";
import { PENDING_POST_PATH } from "./pending-post.ts";
import { matchPath, type RouteTable } from "./route-table.ts";

let cached: Promise<{ content: SiteContent; table: RouteTable }> | undefined;

/** Reads and checks content once per build; the dev server re-reads it on every request. */
export function siteContent(): Promise<{ content: SiteContent; table: RouteTable }> {
  if (cached && process.env.NODE_ENV !== "development") return cached;
  cached = remoteBlog().then((blog) => checkContent({ root: process.cwd(), site, blog })).then((result: CheckResult) => {
    if (result.errors.length > 0 || !result.content || !result.table) throw new ContentCheckFailed(result.errors);
    return { content: result.content, table: result.table };
  });
  return cached;
}

/**
 * With WORDPRESS_URL, the whole blog is fetched once before the route table is built, so
 * every post, category, tag and author page is prerendered. An unreachable WordPress fails
 * the build with the source's title, message and hint.
 */
async function remoteBlog(): Promise<BlogIndex | undefined> {
  const url = wordpressUrl();
  if (!url) return undefined;
  const started = performance.now();
  try {
    const index = await blogSource().index();
    console.log(`Blog: ${index.posts.length} posts, ${index.categories.length} categories, ${index.tags.length} tags from ${url} (${Math.round(performance.now() - started)} ms)`);
    return index;
  } catch (error) {
    if (error instanceof BlogSourceError) throw new Error(`\n${error.toString()}\n`, { cause: error });
    throw error;
  }
}

export type Resolution = { redirect: string } | PageData;

export async function resolvePath(pathname: string): Promise<Resolution> {
  const { content, table } = await siteContent();
  const match = matchPath(table, decodeURIComponent(pathname));
  if (match.kind === "redirect") return { redirect: match.to };
  if (match.kind === "page") return pageData(match.entry, content, table);
  if (!match.entry) throw new Error(`No not-found page covers ${pathname}`);
  return pageData(match.entry, content, table, { notFound: true, pending: pathname === PENDING_POST_PATH });
}

/** What the persistent shell (navigation, footer) needs from content. */
export async function shellData() {
  const { content } = await siteContent();
  const { collections, site } = content;
  const newsletterId = site.footer.newsletter?.form;
  const newsletter = newsletterId === undefined ? undefined : collections.forms.find((f) => f.id === newsletterId);
  if (newsletterId !== undefined && !newsletter) {
    throw new Error(`site.config.ts footer.newsletter.form: no form has the id "${newsletterId}" (content/collections/forms.json).`);
  }
  return {
    services: collections.services.map(({ id, title, icon }) => ({ id, title, icon })),
    ...(newsletter && { newsletter: resolveForm(newsletter, collections) }),
  };
}

export type ShellData = Awaited<ReturnType<typeof shellData>>;
