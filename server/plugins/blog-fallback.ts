/**
 * Posts published after the build. For an unknown /blog/{slug}, the site plugin would answer
 * 404; when the blog comes from WordPress, this plugin first asks WordPress whether the slug
 * exists. If it does (or WordPress cannot answer right now), the visitor gets the SPA
 * fallback page and the app fetches the post in the browser, with its loading and error
 * states. Only a definite "no such post" from the source ends in the 404 page.
 *
 * It also lets the browser reach WordPress: the build's pages allow only their own origin
 * in the Content-Security-Policy, so the WordPress origin is added to connect-src (the
 * post fetch) and img-src (its images).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { wordpressSource } from "../../src/blog/wordpress.ts";
import type { BlogSource } from "../../src/blog/source.ts";
import type { SiteManifest } from "../../src/runtime/build.server.ts";
import { inlineScriptHashes } from "./site.ts";
import { contentSecurityPolicy } from "./security.ts";

export interface BlogFallbackOptions {
  buildDir: string;
  /** For tests: the source to ask instead of the build's WordPress. */
  source?: BlogSource;
}

const FALLBACK = "__spa-fallback.html";
const POST_PATH = /^\/blog\/([a-z0-9][a-z0-9-]*)$/;
const CHECK_TIMEOUT_MS = 3000;
const REMEMBER_MS = 30_000;

export const blogFallbackPlugin = fp(async function blogFallback(app: FastifyInstance, { buildDir, source }: BlogFallbackOptions) {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, "site-manifest.json"), "utf8")) as SiteManifest;
  const url = manifest.blog?.wordpressUrl;
  if (!url && !source) return; // The local blog has no posts newer than the build.
  const client = path.join(buildDir, "client");
  if (!existsSync(path.join(client, FALLBACK))) throw new Error(`${FALLBACK} is missing from ${client}: rebuild the site.`);
  const blog = source ?? wordpressSource({ url: url!, timeoutMs: CHECK_TIMEOUT_MS });
  const origin = url ? new URL(url).origin : undefined;

  const fallbackHtml = readFileSync(path.join(client, FALLBACK), "utf8");
  const fallbackPolicy = withOrigin(contentSecurityPolicy(inlineScriptHashes(fallbackHtml), app.https), origin);

  // Recent answers, so a burst of visits to one new post asks WordPress once.
  const answers = new Map<string, { exists: boolean | "unknown"; at: number }>();
  async function exists(slug: string): Promise<boolean | "unknown"> {
    const known = answers.get(slug);
    if (known && Date.now() - known.at < REMEMBER_MS) return known.exists;
    const answer = await blog.exists(slug).catch((error: unknown) => {
      app.log.warn({ slug, error: String(error) }, "blog source could not say whether a post exists");
      return "unknown" as const;
    });
    if (answers.size > 1000) answers.clear();
    answers.set(slug, { exists: answer, at: Date.now() });
    return answer;
  }

  const prerendered = (slug: string) => {
    try {
      return statSync(path.join(client, "blog", slug, "index.html")).isFile();
    } catch {
      return false;
    }
  };

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const slug = POST_PATH.exec(request.url.split("?")[0]!)?.[1];
    if (!slug || prerendered(slug)) return;
    if ((await exists(slug)) === false) return; // The site plugin answers with Post Not Found (404).
    return reply.code(200).header("Cache-Control", "no-cache").header("Content-Security-Policy", fallbackPolicy).type("text/html; charset=utf-8").send(fallbackHtml);
  });

  if (origin) {
    app.addHook("onSend", async (_request, reply) => {
      const policy = reply.getHeader("Content-Security-Policy");
      if (typeof policy === "string") reply.header("Content-Security-Policy", withOrigin(policy, origin));
    });
  }
});

/** Adds an origin to the directives the blog needs (fetching posts, showing their images). */
export function withOrigin(policy: string, origin: string | undefined): string {
  if (!origin) return policy;
  return policy
    .split("; ")
    .map((d) => (/^(?:connect-src|img-src) /.test(d) && !d.split(" ").includes(origin) ? `${d} ${origin}` : d))
    .join("; ");
}
