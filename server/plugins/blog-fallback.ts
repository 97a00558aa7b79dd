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
import { wordpressApi } from "../../src/blog/wordpress-api.ts";
import type { BlogSource } from "../../src/blog/source.ts";
import type { Release } from "../build/live.ts";
import { inlineScriptHashes } from "./site.ts";
import { contentSecurityPolicy } from "./security.ts";

export interface BlogFallbackOptions {
  buildDir: string;
  /** For tests: the source to ask instead of the build's WordPress. */
  source?: Pick<BlogSource, "exists">;
}

const FALLBACK = "__spa-fallback.html";
const POST_PATH = /^\/blog\/([a-z0-9][a-z0-9-]*)$/;
const CHECK_TIMEOUT_MS = 3000;
const REMEMBER_MS = 30_000;

export const blogFallbackPlugin = fp(async function blogFallback(app: FastifyInstance, { source }: BlogFallbackOptions) {
  // A rebuild keeps the blog's source: the WordPress of the build served at start.
  const url = app.liveBuild.current().manifest.blog?.wordpressUrl;
  if (!url && !source) return; // The local blog has no posts newer than the build.
  // Only the question "does it exist", so the HTML sanitiser of ../../src/blog/wordpress.ts never loads.
  const blog = source ?? wordpressApi({ url: url!, timeoutMs: CHECK_TIMEOUT_MS });
  const origin = url ? new URL(url).origin : undefined;

  // The fallback page of the release being served (a rebuild switches releases, server/build/live.ts).
  const fallbacks = new WeakMap<Release, { html: string; policy: string }>();
  const fallbackOf = (release: Release) => {
    let fallback = fallbacks.get(release);
    if (!fallback) {
      const file = path.join(release.client, FALLBACK);
      if (!existsSync(file)) throw new Error(`${FALLBACK} is missing from ${release.client}: rebuild the site.`);
      const html = readFileSync(file, "utf8");
      fallback = { html, policy: withOrigin(contentSecurityPolicy(inlineScriptHashes(html), app.https), origin) };
      fallbacks.set(release, fallback);
    }
    return fallback;
  };
  fallbackOf(app.liveBuild.current());

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

  const prerendered = (client: string, slug: string) => {
    try {
      return statSync(path.join(client, "blog", slug, "index.html")).isFile();
    } catch {
      return false;
    }
  };

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const slug = POST_PATH.exec(request.url.split("?")[0]!)?.[1];
    const release = app.liveBuild.current();
    if (!slug || prerendered(release.client, slug)) return;
    if ((await exists(slug)) === false) return; // The site plugin answers with Post Not Found (404).
    const fallback = fallbackOf(release);
    return reply.code(200).header("Cache-Control", "no-cache").header("Content-Security-Policy", fallback.policy).type("text/html; charset=utf-8").send(fallback.html);
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
