/**
 * Serves the prerendered site: files from build/client, redirects from the content's
 * redirect table as real 301s, and unknown paths with the matching not-found page and
 * status 404. Every link is a page load of static HTML (no client-side router asks for
 * data). The build is the one
 * app.liveBuild serves now (server/build/live.ts): a new one is picked up without a restart.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { ASSET_CACHE, MEDIA_HEADERS, MEDIA_PREFIX } from "../../src/runtime/static-host.server.ts";
import { inlineScriptHashes } from "../../src/runtime/security-policy.ts";
import { PREVIEW_PAGE, type Release } from "../build/live.ts";
import { sitePath } from "./site-path.ts";
import { isStudioPath } from "../../src/runtime/studio-paths.ts";

export { inlineScriptHashes };

export interface SitePluginOptions {
  buildDir: string;
  /**
   * Serve the studio's screens (/admin and under it, in every build): only with STUDIO=1 or in
   * local mode. Otherwise each of those paths is the site's 404 page, as if it were not there.
   */
  studioPages?: boolean;
}

const HTML_CACHE = "no-cache";

/** The prerendered file of a page's path, relative to the client folder. */
export const htmlFile = (page: string) => (page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
const FILE_CACHE = "public, max-age=3600";

export const sitePlugin = fp(async function site(app: FastifyInstance, { buildDir, studioPages = false }: SitePluginOptions) {
  // preCompressed: the build wrote .br and .gz beside every text file (src/runtime/compress.server.ts).
  // Each answer names its release's client folder as the root (server/build/live.ts).
  await app.register(fastifyStatic, { root: path.join(buildDir, "client"), serve: false, cacheControl: false, etag: true, lastModified: true, preCompressed: true });

  const helpers = new WeakMap<Release, ReturnType<typeof helpersFor>>();
  const helpersFor = ({ client: root, manifest, notFoundPages, policyFor }: Release) => {
    const isFile = (rel: string) => {
      // Static hosts' configuration (src/runtime/static-host.server.ts): not pages of the site.
      if (rel === "_redirects" || rel === "_headers") return false;
      try {
        return statSync(path.join(root, rel)).isFile();
      } catch {
        return false;
      }
    };
    const notFoundFor = (p: string) =>
      manifest.notFound.find(({ prefix }) => prefix === "/" || p === prefix || p.startsWith(prefix + "/"))?.page ?? "/404";
    // Each page's CSP allows exactly the inline scripts that page carries.
    // Only the page editor's preview (in admin builds alone) may be framed, and only by the site itself (live.ts).
    const send = (reply: FastifyReply, rel: string, cache: string, status = 200, from = root) => {
      if (rel.endsWith(".html")) reply.header("Content-Security-Policy", policyFor(rel));
      if (rel === PREVIEW_PAGE) reply.header("X-Frame-Options", "SAMEORIGIN");
      return reply.code(status).header("Cache-Control", cache).header("Vary", "Accept-Encoding").sendFile(rel, from);
    };
    return { manifest, notFoundPages, isFile, notFoundFor, send };
  };
  const helpersOf = (release: Release) => {
    if (!helpers.has(release)) helpers.set(release, helpersFor(release));
    return helpers.get(release)!;
  };

  // Any other method on a site path (POST /contact, DELETE /), and a URL the router cannot
  // read (server/app.ts, frameworkErrors): the same not-found page, of the release served now.
  // Sent as text, not a file stream: a reply made for a URL the router could not read has no route.
  const notFoundHtml = new WeakMap<Release, string>();
  const sendNotFoundPage = (reply: FastifyReply) => {
    const release = app.liveBuild.current();
    const page = htmlFile(helpersOf(release).notFoundFor("/"));
    if (!notFoundHtml.has(release)) notFoundHtml.set(release, readFileSync(path.join(release.client, page), "utf8"));
    return reply.code(404).header("Cache-Control", HTML_CACHE).header("Content-Security-Policy", release.policyFor(page)).type("text/html; charset=utf-8").send(notFoundHtml.get(release));
  };
  app.decorate("sendNotFoundPage", sendNotFoundPage);
  app.setNotFoundHandler((_request, reply) => sendNotFoundPage(reply));

  app.get("/*", async (request, reply) => {
    // One release answers the whole request, even if the build is switched meanwhile.
    const { manifest, notFoundPages, isFile, notFoundFor, send } = helpersOf(app.liveBuild.current());
    const parsed = sitePath(request.url);
    if (parsed.kind === "invalid") return send(reply, htmlFile(notFoundFor("/")), HTML_CACHE, 404);
    const { path: p, search } = parsed;
    if (!studioPages && isStudioPath(p.replace(/\/+$/, "").toLowerCase())) return sendNotFoundPage(reply);

    const target = manifest.redirects[p.length > 1 ? p.replace(/\/+$/, "") : p];
    if (target !== undefined) return reply.code(301).header("Cache-Control", FILE_CACHE).redirect(target + search, 301);
    if (parsed.slashless !== undefined) return reply.redirect(parsed.slashless + search, 301);

    if (p.startsWith(MEDIA_PREFIX) && isFile(p.slice(1))) return reply.headers({ ...MEDIA_HEADERS, Vary: "Accept-Encoding" }).sendFile(p.slice(1), app.liveBuild.current().client);
    if (p !== "/" && isFile(p.slice(1))) {
      return send(reply, p.slice(1), p.startsWith("/assets/") ? ASSET_CACHE : FILE_CACHE);
    }
    // An asset of the build switched out a moment ago, asked for by a page of that build.
    const olderRoot = p.startsWith("/assets/") ? app.liveBuild.assetRoot(p.slice(1)) : undefined;
    if (olderRoot) return send(reply, p.slice(1), ASSET_CACHE, 200, olderRoot);
    if (isFile(htmlFile(p))) return send(reply, htmlFile(p), HTML_CACHE, notFoundPages.has(p) ? 404 : 200);
    return send(reply, htmlFile(notFoundFor(p)), HTML_CACHE, 404);
  });
});

declare module "fastify" {
  interface FastifyInstance {
    /** Answers with the site-wide not-found page (status 404). */
    sendNotFoundPage(reply: FastifyReply): FastifyReply;
  }
}
