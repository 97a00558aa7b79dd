/**
 * Serves the prerendered site: files from build/client, redirects from the content's
 * redirect table as real 301s, and unknown paths with the matching not-found page and
 * status 404. Client navigation asks for `{path}.data`; an unknown one gets the not-found
 * page's data, so the app shows the same page it would on a full load.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { SiteManifest } from "../../src/runtime/build.server.ts";
import { PREVIEW_PATH } from "../../src/editor/model.ts";
import { contentSecurityPolicy } from "./security.ts";
import { sitePath } from "./site-path.ts";

export interface SitePluginOptions {
  buildDir: string;
}

const HTML_CACHE = "no-cache";
const ASSET_CACHE = "public, max-age=31536000, immutable";
const FILE_CACHE = "public, max-age=3600";

export const sitePlugin = fp(async function site(app: FastifyInstance, { buildDir }: SitePluginOptions) {
  const root = path.join(buildDir, "client");
  const manifestFile = path.join(buildDir, "site-manifest.json");
  if (!existsSync(manifestFile)) {
    throw new Error(`No build found at ${buildDir} (missing site-manifest.json). Run "npm run build" first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as SiteManifest;
  const notFoundPages = new Set(manifest.notFound.map((n) => n.page));

  // preCompressed: the build wrote .br and .gz beside every text file (src/runtime/compress.server.ts).
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, etag: true, lastModified: true, preCompressed: true });

  const isFile = (rel: string) => {
    try {
      return statSync(path.join(root, rel)).isFile();
    } catch {
      return false;
    }
  };
  const notFoundFor = (p: string) =>
    manifest.notFound.find(({ prefix }) => prefix === "/" || p === prefix || p.startsWith(prefix + "/"))?.page ?? "/404";
  const htmlFile = (page: string) => (page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
  const dataFile = (page: string) => (page === "/" ? "_root.data" : `${page.slice(1)}.data`);

  // Each page's CSP allows exactly the inline scripts that page carries. Only the page
  // editor's preview (in admin builds alone) may be framed, and only by the site itself.
  const policies = new Map<string, string>();
  const framedBySelf = (rel: string) => rel === `${PREVIEW_PATH.slice(1)}/index.html`;
  const policyFor = (rel: string) => {
    let policy = policies.get(rel);
    if (policy === undefined) {
      policy = contentSecurityPolicy(inlineScriptHashes(readFileSync(path.join(root, rel), "utf8")), app.https, { framedBy: framedBySelf(rel) ? "self" : "none" });
      policies.set(rel, policy);
    }
    return policy;
  };

  const send = (reply: FastifyReply, rel: string, cache: string, status = 200) => {
    if (rel.endsWith(".html")) reply.header("Content-Security-Policy", policyFor(rel));
    if (framedBySelf(rel)) reply.header("X-Frame-Options", "SAMEORIGIN");
    return reply.code(status).header("Cache-Control", cache).header("Vary", "Accept-Encoding").sendFile(rel);
  };

  // Any other method on a site path (POST /contact, DELETE /), and a URL the router cannot
  // read (server/app.ts, frameworkErrors): the same not-found page.
  // Sent as text, not a file stream: a reply made for a URL the router could not read has no route.
  const notFoundPage = htmlFile(notFoundFor("/"));
  const notFoundHtml = readFileSync(path.join(root, notFoundPage), "utf8");
  const sendNotFoundPage = (reply: FastifyReply) =>
    reply.code(404).header("Cache-Control", HTML_CACHE).header("Content-Security-Policy", policyFor(notFoundPage)).type("text/html; charset=utf-8").send(notFoundHtml);
  app.decorate("sendNotFoundPage", sendNotFoundPage);
  app.setNotFoundHandler((_request, reply) => sendNotFoundPage(reply));

  app.get("/*", async (request, reply) => {
    const parsed = sitePath(request.url);
    if (parsed.kind === "invalid") return send(reply, htmlFile(notFoundFor("/")), HTML_CACHE, 404);
    const { path: p, search } = parsed;

    // Data for client navigation.
    if (p.endsWith(".data")) {
      const rel = p.slice(1);
      if (isFile(rel)) return send(reply, rel, HTML_CACHE);
      const page = p === "/_root.data" ? "/" : p.slice(0, -".data".length);
      return send(reply, dataFile(notFoundFor(page)), HTML_CACHE);
    }

    const target = manifest.redirects[p.length > 1 ? p.replace(/\/+$/, "") : p];
    if (target !== undefined) return reply.code(301).header("Cache-Control", FILE_CACHE).redirect(target + search, 301);
    if (parsed.slashless !== undefined) return reply.redirect(parsed.slashless + search, 301);

    if (p !== "/" && isFile(p.slice(1))) {
      return send(reply, p.slice(1), p.startsWith("/assets/") ? ASSET_CACHE : FILE_CACHE);
    }
    if (isFile(htmlFile(p))) return send(reply, htmlFile(p), HTML_CACHE, notFoundPages.has(p) ? 404 : 200);
    return send(reply, htmlFile(notFoundFor(p)), HTML_CACHE, 404);
  });
});

/** sha256 hashes of a page's inline scripts (JSON-LD data blocks are not scripts the browser runs). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/ld\+json"/.test(match[1] ?? "")) continue;
    hashes.add("sha256-" + createHash("sha256").update(match[2] ?? "").digest("base64"));
  }
  return [...hashes];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Answers with the site-wide not-found page (status 404). */
    sendNotFoundPage(reply: FastifyReply): FastifyReply;
  }
}
