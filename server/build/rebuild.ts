/**
 * The incremental rebuild: a new release made from the one being served, in which only the
 * pages whose data changed are rendered again, then switched in (./releases.ts).
 *
 * 1. The served release is copied by hard links (unchanged files stay byte for byte).
 * 2. Its kept server build (`renderer/`, scripts/lib/keep-server-build.ts) is loaded: the
 *    same route modules and entry.server the full build prerendered with. Its rebuildKit
 *    (src/runtime/incremental.server.ts) reads content and fetches the blog again.
 * 3. A path's files are a function of the bundle (unchanged) and of its loaders' data: the
 *    shell's and the page's, which the content check has just loaded for every route. Their
 *    hash (dataHashes) is compared with the one pages.json recorded; a path whose hash is the
 *    same is left alone. The others (the post, the blog list, its category, tag and author
 *    pages, Home's latest posts, the posts whose related articles changed...) are asked of
 *    React Router's request handler as its prerender does (`{path}.data`, then the HTML with
 *    that data), finished with the full build's finishPage (the same page-assets.json), and
 *    compressed; like the full build, the release keeps no `.data` files (no client-side
 *    router reads them). Pages that no longer exist are removed. The page for posts newer
 *    than the build (WordPress), the sitemap, _redirects, _headers and manifests are derived
 *    again too.
 * 4. Nothing changed: the copy is dropped. Otherwise it is switched in.
 *
 * Leans on two things React Router's prerender does (both checked, failing with this file's
 * name): the server build accepts build-time headers when IS_RR_BUILD_REQUEST=yes, and
 * renders only paths listed in `build.prerender` (new posts are added to that list).
 */
import { existsSync } from "node:fs";
import { readFile, rm, rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { PageRecords, SiteManifest } from "../../src/runtime/build.server.ts";
import type { RebuildKit } from "../../src/runtime/incremental.server.ts";
import { fail } from "../errors.ts";
import { pinReleaseHolding } from "./pins.ts";
import { currentRelease, linkCopy, lockReleases, pruneReleases, replaceFile, startRelease, switchTo } from "./releases.ts";
import { errors } from "../../src/errors/catalogue.ts";

export interface RebuildOptions {
  buildDir: string;
  /** Render every page, changed or not (a check that incremental output equals the full build's). */
  all?: boolean;
  log?: (line: string) => void;
  /** Where the server build comes from: loaded from the release (the default), or kept by a warm worker (keptRenderer). */
  renderer?: RendererSource;
}

/** The server build and its kit for a release, and whether it was already loaded (a warm worker's). */
export type RendererSource = (dir: string) => Promise<{ build: ServerBuild; kit: RebuildKit; kept: boolean }>;

export interface RebuildResult {
  /** The release switched to; undefined when nothing changed. */
  release?: string;
  rendered: string[];
  removed: string[];
  /** Image variants of replaced or deleted images that no page names any more: not in the new release. */
  mediaRemoved: string[];
  unchanged: number;
  ms: number;
  /** Posts whose HTML was sanitised in this rebuild, and those taken from the release's memo. */
  postHtml: { sanitized: number; remembered: number };
  /** "kept": the server build was loaded by an earlier rebuild of the same worker, not loaded again. */
  renderer: "loaded" | "kept";
}

/** rebuild.js's exit code for "try again later", and the prefix of its last line (./rebuild-main.ts). */
export const EXIT_RETRY = 75;
export const RESULT_PREFIX = "rebuild-result ";

const RENDERER = "renderer/index.js";
const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** React Router's data file for a path (build/client/{path}.data, "/" → _root.data). */
export const dataPath = (page: string) => (page === "/" ? "/_root.data" : `${page}.data`);
const htmlPath = (page: string) => (page === "/" ? "/index.html" : `${page}/index.html`);

export async function rebuild({ buildDir, all = false, log = console.log, renderer = loadRenderer }: RebuildOptions): Promise<RebuildResult> {
  const started = performance.now();
  const from = currentRelease(buildDir);
  if (!from) fail(errors.NotAReleaseLink, buildDir);
  const unlock = lockReleases(buildDir, "incremental rebuild");
  const target = await startRelease(buildDir);
  try {
    const copying = performance.now();
    await linkCopy(from, target.dir);
    log(`Rebuild: release copied (hard links) in ${Math.round(performance.now() - copying)} ms`);
    const result = await renderChanges(target.dir, from, all, log, renderer);
    if (result.rendered.length === 0 && result.removed.length === 0 && result.files.length === 0 && result.mediaRemoved.length === 0) {
      await rm(target.dir, { recursive: true, force: true });
      log(`Rebuild: nothing changed (${result.unchanged} pages checked in ${seconds(started)})`);
      return { rendered: [], removed: [], mediaRemoved: [], unchanged: result.unchanged, ms: performance.now() - started, postHtml: result.postHtml, renderer: result.renderer };
    }
    const release = await target.complete();
    await switchTo(buildDir, release);
    await pruneReleases(buildDir);
    log(
      `Rebuild: ${result.rendered.length} pages rendered, ${result.removed.length} removed, ${result.unchanged} unchanged` +
        `${result.files.length ? `, ${result.files.join(", ")} written` : ""}${result.mediaRemoved.length ? `, ${result.mediaRemoved.length} image files no page names removed` : ""} in ${seconds(started)} → ${path.basename(release)}`,
    );
    return { release, rendered: result.rendered, removed: result.removed, mediaRemoved: result.mediaRemoved, unchanged: result.unchanged, ms: performance.now() - started, postHtml: result.postHtml, renderer: result.renderer };
  } catch (error) {
    await rm(target.dir, { recursive: true, force: true });
    throw error;
  } finally {
    unlock();
  }
}

/** Renders into the release being written, `dir`, with the server build of the complete release it copies, `codeFrom`. */
async function renderChanges(dir: string, codeFrom: string, all: boolean, log: (line: string) => void, renderer: RendererSource) {
  const client = path.join(dir, "client");
  const manifest = JSON.parse(await readFile(path.join(dir, "site-manifest.json"), "utf8")) as SiteManifest;
  const pages = JSON.parse(await readFile(path.join(dir, "pages.json"), "utf8")) as PageRecords;
  // The blog's source and the forms' API are the build's: the rebuild changes content, not settings.
  if (manifest.blog) process.env.WORDPRESS_URL = manifest.blog.wordpressUrl;
  else delete process.env.WORDPRESS_URL;
  if (manifest.formsApi) process.env.FORMS_API_URL = manifest.formsApi;
  else delete process.env.FORMS_API_URL;

  const phases: string[] = [];
  let phase = performance.now();
  const lap = (what: string) => {
    phases.push(`${what} ${Math.round(performance.now() - phase)} ms`);
    phase = performance.now();
  };
  // Not the copy's: modules imported from a folder still to be renamed would lose their path.
  const { build, kit, kept } = await renderer(codeFrom);
  kit.postHtmlMemo.restore(await readFile(path.join(dir, kit.POST_HTML_FILE), "utf8").catch(() => undefined));
  lap(kept ? "server build kept from an earlier rebuild" : "server build loaded");
  // A kept build has read the content before: this rebuild reads and checks it again.
  kit.forgetSiteContent();
  const countedBefore = kit.postHtmlMemo.counts();
  const paths = await kit.prerenderPaths();
  const countedAfter = kit.postHtmlMemo.counts();
  const postHtml = { sanitized: countedAfter.sanitized - countedBefore.sanitized, remembered: countedAfter.remembered - countedBefore.remembered };
  lap(`content checked and blog fetched (post HTML: ${postHtml.sanitized} sanitised, ${postHtml.remembered} remembered)`);
  const site = await kit.siteContent();
  const { table } = site;
  const hashes = await kit.dataHashes(site);
  // React Router renders only the paths its build lists; a new post is one more.
  const { createRequestHandler } = await import("react-router");
  const handler = createRequestHandler({ ...build, prerender: paths }, "production");

  const changed: string[] = [];
  const write = async (rel: string, text: string) => {
    const file = path.join(client, rel);
    // Its compressed copies belong to the old text: gone, then made again (or not, if small).
    await Promise.all([unlink(`${file}.br`).catch(() => undefined), unlink(`${file}.gz`).catch(() => undefined)]);
    await replaceFile(file, text);
    changed.push(file);
  };

  const assets = kit.readPageAssets(dir);
  const analytics = kit.collectsAnalytics();
  /** A path's finished HTML, rendered as React Router's prerender renders it. */
  const render = async (page: string) => {
    const data = await respond(handler, `http://localhost${dataPath(page)}`, page, "data", [200, 202]);
    const response = await respond(handler, `http://localhost${page === "/" ? "/" : `${page}/`}`, page, "html", [200, ...REDIRECT], {
      "X-React-Router-Prerender-Data": encodeURI(data.text),
    });
    const html = REDIRECT.has(response.status) ? redirectPage(response.location ?? "", page === "/" ? "/" : `${page}/`, response.status) : response.text;
    return kit.finishPage(html, assets, { analytics: analytics && kit.isCountedPage(table, page) });
  };

  const rendered: string[] = [];
  const renderedHtml: string[] = [];
  let unchanged = 0;
  for (const page of paths) {
    if (page === kit.PENDING_POST_PATH) continue;
    if (!all && pages[page]?.data === hashes[page]) {
      unchanged++;
      continue;
    }
    const finished = await render(page);
    await write(htmlPath(page).slice(1), finished);
    renderedHtml.push(finished);
    pages[page] = { data: hashes[page]!, changed: kit.changedOn(pages[page], hashes[page]!), ...(table.routes.has(page) && { scripts: kit.inlineScriptHashes(finished) }) };
    rendered.push(page);
  }

  lap(`${paths.length - rendered.length} pages unchanged, ${rendered.length} rendered`);
  // Only the rendered pages can name an image the release does not have yet.
  const media = await kit.buildSiteMedia(client, renderedHtml, site.content, log, { prune: true });
  lap(`images: ${media.encoded} encoded, ${media.cached} from the cache, ${media.pruned.length} no longer named removed`);

  // Pages of the old build that the route table no longer has (a trashed post).
  const now = new Set(paths);
  const removed = Object.keys(pages).filter((p) => !now.has(p));
  for (const page of removed) {
    delete pages[page];
    for (const rel of [dataPath(page), htmlPath(page)]) {
      for (const suffix of ["", ".br", ".gz"]) await unlink(path.join(client, rel + suffix)).catch(() => undefined);
    }
    await rmdir(path.join(client, page)).catch(() => undefined); // only if nothing else is in it
  }

  // The page for posts newer than the build (WordPress only) carries the shell's data.
  const files: string[] = [];
  if (paths.includes(kit.PENDING_POST_PATH)) {
    const pending = await render(kit.PENDING_POST_PATH);
    if (all || pending !== (await readFile(path.join(client, kit.PENDING_POST_FILE), "utf8").catch(() => undefined))) {
      await write(kit.PENDING_POST_FILE, pending);
      files.push(kit.PENDING_POST_FILE);
    }
  }
  for (const [rel, text] of Object.entries(kit.siteFiles(site, pages))) {
    if ((await readFile(path.join(dir, rel), "utf8").catch(() => undefined)) === text) continue;
    if (rel.startsWith("client/")) await write(rel.slice("client/".length), text);
    else await replaceFile(path.join(dir, rel), text);
    files.push(path.basename(rel));
  }
  lap("site files derived");
  await kit.precompressFiles(changed);
  lap(`${changed.length} files compressed`);
  log(`Rebuild: ${phases.join(", ")}`);
  if (rendered.length > 0) log(`Rebuild: rendered ${rendered.slice(0, 8).join(", ")}${rendered.length > 8 ? `, and ${rendered.length - 8} more` : ""}`);
  return { rendered, removed, unchanged, files, mediaRemoved: media.pruned, postHtml, renderer: kept ? ("kept" as const) : ("loaded" as const) };
}

async function loadRenderer(dir: string): Promise<{ build: ServerBuild; kit: RebuildKit; kept: boolean }> {
  // Build-time headers (the prerendered data, SPA mode) are honoured only with this set.
  process.env.IS_RR_BUILD_REQUEST = "yes";
  return { ...(await importRenderer(dir)), kept: false };
}

/**
 * For a long-lived worker (./rebuild-main.ts): the server build loaded by its first rebuild,
 * kept for the next ones. The releases it rebuilds are hard-link copies of one full build, so
 * their server builds are the same files; a deploy brings a new build, and a new worker
 * (./scheduler.ts compares buildIdOf).
 */
export function keptRenderer(): RendererSource {
  let loaded: Promise<{ build: ServerBuild; kit: RebuildKit }> | undefined;
  return async (dir) => {
    if (loaded) return { ...(await loaded), kept: true };
    loaded = loadRenderer(dir);
    // A failed load is not kept: the next rebuild tries again.
    return { ...(await loaded.catch((error: unknown) => ((loaded = undefined), Promise.reject(error)))), kept: false };
  };
}

/** The release's kept server build and the kit its entry.server exports (also the studio's previews'). */
export async function importRenderer(dir: string): Promise<{ build: ServerBuild; kit: RebuildKit }> {
  const file = path.join(dir, RENDERER);
  if (!existsSync(file)) fail(errors.NoRenderer, file);
  // Its chunks load lazily from this release for as long as the process runs.
  pinReleaseHolding(file);
  const build = (await import(pathToFileURL(file).href)) as ServerBuild & { entry: { module: { rebuildKit?: RebuildKit } } };
  const kit = build.entry?.module?.rebuildKit;
  if (!kit || !Array.isArray(build.prerender)) fail(errors.RendererNotRecognised, file);
  return { build, kit };
}

async function respond(handler: (request: Request) => Promise<Response>, url: string, page: string, what: string, ok: number[], headers: Record<string, string> = {}) {
  const response = await handler(new Request(url, { headers }));
  const text = await response.text();
  if (!ok.includes(response.status)) fail(errors.RenderFailed, page, what, response.status, text.slice(0, 300));
  return { status: response.status, text, location: response.headers.get("Location") ?? undefined };
}

/** The page React Router's prerender writes for a redirect, to the byte (its escapeHtml included). */
function redirectPage(location: string, from: string, status: number): string {
  const escape = (text: string) => text.replace(/[&><\u2028\u2029]/g, (c) => ({ "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" })[c]!);
  const delay = status === 302 ? 2 : 0;
  return `<!doctype html>
<head>
<title>Redirecting to: ${escape(location)}</title>
<meta http-equiv="refresh" content="${delay};url=${escape(location)}">
<meta name="robots" content="noindex">
</head>
<body>
	<a href="${escape(location)}">
    Redirecting from <code>${escape(from)}</code> to <code>${escape(location)}</code>
  </a>
</body>
</html>`;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
