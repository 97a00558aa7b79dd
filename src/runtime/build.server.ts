/**
 * Build-time outputs derived from the route table: the list of paths to prerender, the
 * manifest the server answers redirects and unknown paths from, the sitemap and robots.txt,
 * the finishing of every prerendered page (finish-page.server.ts), and precompression.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { finishPage, readPageAssets } from "./finish-page.server.ts";
import { PENDING_POST_FILE, PENDING_POST_PATH } from "./pending-post.ts";
import { precompress } from "./compress.server.ts";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { resolveForm } from "../forms/resolve.ts";
import { siteContent } from "./content.server.ts";
import { wordpressUrl } from "../blog/sources.server.ts";

const lastmod = (item: Record<string, unknown> | undefined) =>
  typeof item?.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(item.date) ? item.date : undefined;
import type { SiteContent } from "./content/model.ts";

export interface SiteManifest {
  redirects: Record<string, string>;
  /** Longest prefix first. `page` is the prerendered path whose files answer with 404. */
  notFound: { prefix: string; page: string }[];
  /** Set when the blog comes from WordPress: the server asks it about posts newer than the build. */
  blog?: { wordpressUrl: string };
}

/** build/forms.json: what the form API serves, so the server never reads content at run time. */
export interface FormsManifest {
  /** Who is notified of enquiries and applications (site.config.ts contact.email). */
  agency: { name: string; email: string };
  forms: ResolvedForm[];
}

export function formsManifest({ site, collections }: Pick<SiteContent, "site" | "collections">): FormsManifest {
  return {
    agency: { name: site.name, email: site.contact.email },
    forms: collections.forms.map((form) => resolveForm(form, collections)),
  };
}

export async function prerenderPaths(): Promise<string[]> {
  const { table } = await siteContent();
  // Redirect sources are prerendered too: a static host without the server follows their
  // meta refresh. With WordPress, the page for posts published after the build as well.
  return [...table.routes.keys(), ...table.redirects.keys(), ...(wordpressUrl() ? [PENDING_POST_PATH] : [])];
}

export async function writeSiteFiles(buildDirectory: string) {
  const { content, table } = await siteContent();
  const manifest: SiteManifest = {
    redirects: Object.fromEntries(table.redirects),
    notFound: table.notFound.map(({ prefix, entry }) => ({ prefix, page: entry.path })),
    ...(wordpressUrl() ? { blog: { wordpressUrl: wordpressUrl()! } } : {}),
  };
  await mkdir(buildDirectory, { recursive: true });
  await writeFile(path.join(buildDirectory, "site-manifest.json"), JSON.stringify(manifest, null, 2));
  await writeFile(path.join(buildDirectory, "forms.json"), JSON.stringify(formsManifest(content), null, 2));

  const origin = content.site.url;
  const today = new Date().toISOString().slice(0, 10);
  const urls = [...table.routes.values()]
    .filter((e) => !e.file.page.meta.noindex && e.file.page.notFoundFor === undefined)
    // Pages rendered for a dated item (blog posts) were last changed on that date.
    .map((e) => `  <url><loc>${origin}${e.path === "/" ? "/" : e.path}</loc><lastmod>${lastmod(e.item) ?? today}</lastmod></url>`);
  const client = path.join(buildDirectory, "client");
  await writeFile(
    path.join(client, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
  );
  await writeFile(path.join(client, "robots.txt"), `User-agent: *\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`);

  // React Router's SPA fallback and .data files serve its client-side router, which no page
  // loads: a link is a page load of static HTML (docs/architecture.md, "How a page loads").
  const built = await readdir(client, { recursive: true, withFileTypes: true });
  await rm(path.join(client, PENDING_POST_FILE), { force: true });
  for (const data of built.filter((e) => e.isFile() && e.name.endsWith(".data"))) await rm(path.join(data.parentPath, data.name));

  // Every prerendered page gets its last step: styles in <head>, the islands runtime.
  const assets = readPageAssets(buildDirectory);
  for (const page of built.filter((e) => e.isFile() && e.name.endsWith(".html") && e.name !== PENDING_POST_FILE)) {
    const file = path.join(page.parentPath, page.name);
    await writeFile(file, finishPage(await readFile(file, "utf8"), assets));
  }
  // The page for posts newer than the build goes where the server looks for it.
  const pending = path.join(client, PENDING_POST_PATH.slice(1));
  if (existsSync(pending)) {
    await rename(path.join(pending, "index.html"), path.join(client, PENDING_POST_FILE));
    await rm(pending, { recursive: true });
  }

  // Last, so every file written above is compressed too.
  const started = performance.now();
  const { files, bytes, brotliBytes } = await precompress(client);
  console.log(`Precompressed ${files} files: ${kb(bytes)} → ${kb(brotliBytes)} brotli in ${Math.round(performance.now() - started)} ms`);
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
