/**
 * A document's draft rendered as a page of the site, for its preview link.
 *
 * Why this renderer: the preview must be the page as visitors would get it. The site has one
 * renderer, React Router's server build with the site's entry.server (islands, styles moved to
 * <head>, the islands runtime), which prerenders every page and which the incremental rebuild
 * keeps as `renderer/` to render changed pages after publishing (server/build/rebuild.ts). The
 * preview asks that very build of the release being served, with only its loaders' answers
 * replaced by the draft's: the page's data as the content checker loads it (the build's own
 * path, page-data.ts's loadBlocks) with the draft in place of its file, and the shell's from
 * the same content. The editor's in-browser preview (client-render.tsx) renders the same
 * components but without the prerender's islands and finishing, and only in admin builds.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { type CollectionName, collectionNames } from "../../../schemas/collections/index.ts";
import { checkSite } from "../../../src/runtime/content/check.ts";
import { collectionFile, type ContentFiles, readContent, withFile } from "../../../src/runtime/content/read.ts";
import { SITE_SETTINGS } from "../../../schemas/site.ts";
import { TAXONOMY_FILE } from "../../../src/blog/local-check.ts";
import { localBlogWriter } from "./posts.ts";
import type { RouteEntry, RouteTable } from "../../../src/runtime/route-table.ts";
import type { SiteContent } from "../../../src/runtime/content/model.ts";
import { loadBlocks, loadContext, loadPage, type PageData } from "../../../src/runtime/page-data.ts";
import { errors } from "../../../src/errors/catalogue.ts";
import type { RebuildKit } from "../../../src/runtime/incremental.server.ts";
import { shellDataFrom } from "../../../src/shell/data.ts";
import type { BlogIndex } from "../../../schemas/blog.ts";
import { importRenderer } from "../../build/rebuild.ts";
import { isPostFile, postLocaleOf, slugOf } from "./kinds.ts";
import { isSectionFile, translationOf } from "../../../src/editor/server/store.ts";
import { withStaleMarks } from "../../../src/runtime/i18n/stale-marks.ts";
import { expandSections, sectionIdOf, sectionsPlacedBy } from "../../../src/runtime/sections.ts";

export type Rendered = { kind: "page"; html: string } | { kind: "unrenderable"; reason: string };

export interface DraftToRender {
  /** The folder holding content/. */
  root: string;
  file: string;
  /** The draft's value; undefined: the file as it is (no draft, or it was published). */
  data: unknown;
  blog?: BlogIndex;
}

/**
 * Which route to load to show a page's or a post's file: the page itself (a template page's
 * first item), or the post's own page. Only it is loaded (the checker's stage 3), as the page
 * editor's check loads only the page it checks.
 */
function routesShowing(file: string) {
  // The settings show on every page: their preview link opens the home page.
  if (file === SITE_SETTINGS) return { load: (entry: RouteEntry) => entry.path === "/", best: () => "/" };
  if (isPostFile(file)) {
    const id = slugOf(file);
    const locale = postLocaleOf(file);
    const isPost = (entry: RouteEntry) => entry.file.page.each?.collection === "blog-posts" && entry.locale?.code === locale && entry.item?.id === id;
    let page: string | undefined;
    return { load: (entry: RouteEntry) => isPost(entry) && (page ??= entry.path) === entry.path, best: () => page };
  }
  let page: string | undefined;
  // A page's translation shows on the page in its locale.
  const translation = translationOf(file);
  if (translation) {
    const inLocale = (entry: RouteEntry) => entry.file.source.file === translation.source && entry.locale?.code === translation.locale;
    return { load: (entry: RouteEntry) => inLocale(entry) && (page ??= entry.path) === entry.path, best: () => page, translation };
  }
  // A section shows on the first page placing it.
  const shows = isSectionFile(file) ? (entry: RouteEntry) => !entry.locale && sectionsPlacedBy(entry.file.page.blocks).includes(sectionIdOf(file)) : (entry: RouteEntry) => entry.file.source.file === file;
  return { load: (entry: RouteEntry) => shows(entry) && (page ??= entry.path) === entry.path, best: () => page };
}

/** The collections a route's blocks read as they load: each read noted, whatever the block makes of it. */
async function collectionsRead(entry: RouteEntry, content: SiteContent): Promise<Set<string | symbol>> {
  const read = new Set<string | symbol>();
  const collections = new Proxy(content.collections, {
    get: (target, name, receiver) => {
      read.add(name);
      return Reflect.get(target, name, receiver);
    },
  });
  await loadBlocks(expandSections(entry.file.page.blocks, content.sections).map((e) => e.block), { ...loadContext(entry, content), collections });
  return read;
}

/**
 * A page that shows the collection, in the site's own language: its first item's own page
 * (/services/web-development), else the first page whose blocks read it (the values on /about).
 */
async function routeShowingCollection(collection: CollectionName, content: SiteContent, table: RouteTable): Promise<RouteEntry | undefined> {
  const routes = [...table.routes.values()].filter((entry) => !entry.locale);
  const itemPage = routes.find((entry) => entry.file.page.each?.collection === collection);
  if (itemPage) return itemPage;
  const tried = new Set<string>();
  for (const entry of routes) {
    // A template page's items read the same collections: one of them tells for all.
    if (tried.has(entry.file.source.file)) continue;
    tried.add(entry.file.source.file);
    if ((await collectionsRead(entry, content)).has(collection)) return entry;
  }
  return undefined;
}

type Shown = { ok: true; address: string; page: PageData; content: SiteContent; locale?: string } | { ok: false; reason: string };

/** The page that shows the file, loaded from the content with the draft in place. */
async function pageShowing(file: string, files: ContentFiles, blog: BlogIndex | undefined): Promise<Shown> {
  const collection = collectionNames.find((name) => collectionFile(name) === file);
  if (!collection) {
    const shown = routesShowing(file);
    const check = await checkSite(files, { blog, loadRoute: shown.load });
    const address = shown.best();
    const page = address === undefined ? undefined : check.pages.get(address);
    if (!check.content || address === undefined || !page) return { ok: false, reason: check.errors[0]?.message ?? "The draft shows on no page." };
    if ("translation" in shown && shown.translation) {
      // The page in its locale, its shell too, with the texts translated from an older English marked.
      const { source, locale } = shown.translation;
      const content = check.localised?.get(locale) ?? check.content;
      const texts = check.completeness.find((c) => c.page === source && c.locale === locale)?.texts ?? [];
      return { ok: true, address, page: withStaleMarks(page, check.table!.routes.get(address)!, texts, content.sections), content, locale };
    }
    return { ok: true, address, page, content: check.content };
  }
  // Checked without loading a page; then only the page that shows the collection is loaded.
  const check = await checkSite(files, { blog, loadRoute: () => false });
  if (!check.content || !check.table) return { ok: false, reason: check.errors[0]?.message ?? "The draft shows on no page." };
  const entry = await routeShowingCollection(collection, check.content, check.table);
  if (!entry) return { ok: false, reason: "No page of the site shows this collection." };
  const { data, failures } = await loadPage(entry, check.content, check.table);
  if (!data) return { ok: false, reason: errors.BlockDataFailed(entry.path, failures[0]?.reason ?? "it did not load").message };
  return { ok: true, address: entry.path, page: data, content: check.content };
}

/**
 * Renderers already imported, by the identity of their renderer/index.js file. An ES module
 * stays in memory once imported, so each release's copy would pile up with every publish; but
 * an incremental rebuild hard-links the renderer into its new release unchanged (the same
 * inode), so every release since the last full build shares one import.
 */
const renderers = new Map<string, Promise<{ build: ServerBuild; kit: RebuildKit }>>();

function rendererOf(releaseDir: string) {
  const { dev, ino } = statSync(path.join(releaseDir, "renderer", "index.js"));
  const key = `${dev}:${ino}`;
  if (!renderers.has(key)) {
    renderers.set(
      key,
      importRenderer(releaseDir).catch((error: unknown) => {
        renderers.delete(key); // tried again next time (a build being replaced)
        throw error;
      }),
    );
  }
  return renderers.get(key)!;
}

/**
 * The content with the draft in place of its file. A page's or a collection's is its JSON. A
 * post's is the Markdown the blog writer would write for its fields (and the taxonomy with the
 * terms it would add), the local blog checked again with them in memory; a post with no draft
 * is its file as it is. Either way the post is shown whatever its status: it is the one previewed.
 */
async function contentWithDraft(root: string, file: string, data: unknown): Promise<{ ok: true; files: ContentFiles } | { ok: false; reason: string }> {
  if (!isPostFile(file)) {
    const files = await readContent(root);
    return { ok: true, files: data === undefined ? files : withFile(files, file, JSON.stringify(data)) };
  }
  const locale = postLocaleOf(file);
  const writer = localBlogWriter(root, locale === undefined ? {} : { locale });
  const blogInMemory = new Map<string, string>();
  if (data === undefined) {
    const text = await writer.textOf(slugOf(file));
    if (text === undefined) return { ok: false, reason: "The post no longer exists." }; // said to anyone with the link: no path
    blogInMemory.set(file, text);
  } else {
    const written = await writer.wouldWrite(slugOf(file), data);
    if (!written.ok) return { ok: false, reason: Object.values(written.failure.fields ?? {})[0] ?? written.failure.error.message };
    blogInMemory.set(file, written.value.text);
    if (written.value.taxonomyText !== undefined) blogInMemory.set(TAXONOMY_FILE, written.value.taxonomyText);
  }
  return { ok: true, files: await readContent(root, { blogInMemory }) };
}

/** Imports the release's renderer ahead of its first use. */
export const warmRenderer = async (releaseDir: string): Promise<void> => void (await rendererOf(releaseDir));

/** Renders the draft with the release's renderer (`releaseDir`: its folder, holding renderer/). */
export async function renderDraft(releaseDir: string, { root, file, data, blog }: DraftToRender): Promise<Rendered> {
  const drafted = await contentWithDraft(root, file, data);
  if (!drafted.ok) return { kind: "unrenderable", reason: drafted.reason };
  const shown = await pageShowing(file, drafted.files, blog);
  if (!shown.ok) return { kind: "unrenderable", reason: shown.reason };
  return renderPage(releaseDir, shown);
}

/**
 * Renders one route of a checked site with the release's renderer: `page` is its data as the
 * checker loaded it, `content` the content it shows (its locale's, for a page in another
 * language: its menu and footer in that language) and `locale` that language's code.
 */
export async function renderPage(releaseDir: string, { address, page, content, locale }: { address: string; page: PageData; content: SiteContent; locale?: string }): Promise<Rendered> {
  const shell = shellDataFrom(content, locale);
  const { build, kit } = await rendererOf(releaseDir);
  // The same route modules, with the draft's data as their loaders' answers.
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [id, route?.module.loader ? { ...route, module: { ...route.module, loader: () => (id === "root" ? shell : page) } } : route]),
  );
  const handler = createRequestHandler({ ...build, routes, prerender: [address] }, "production");
  const response = await handler(new Request(`http://localhost${address === "/" ? "/" : `${address}/`}`));
  const html = await response.text();
  if (response.status !== 200) return { kind: "unrenderable", reason: `The renderer answered ${response.status}.` };
  return { kind: "page", html: kit.finishPage(html, kit.readPageAssets(releaseDir)) };
}

/** The banner every preview carries, in its own colours (white on near-black: 16:1). */
export const PREVIEW_BANNER = "Preview of an unpublished draft";
const BANNER_HTML =
  `<div role="status" data-studio-preview style="position:sticky;top:0;z-index:2147483647;margin:0;padding:0.6rem 1rem;` +
  `background:#1a202c;color:#ffffff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center">${PREVIEW_BANNER}</div>`;

/** Marks a rendered page as a preview: never indexed (whatever the page's own robots tag said), with the banner first in <body>. */
export function asPreview(html: string): string {
  return html
    .replace(/<meta name="robots"[^>]*>/g, "")
    .replace(/<head>/, '<head><meta name="robots" content="noindex">')
    .replace(/<body([^>]*)>/, (body) => `${body}${BANNER_HTML}`);
}
