/** Picks the blog source for the build and the server: WordPress when WORDPRESS_URL is set, else local files. */
import type { BlogIndex } from "../../schemas/blog.ts";
import { localSource } from "./local.ts";
import type { BlogSource } from "./source.ts";
import { wordpressSource } from "./wordpress.ts";

export const wordpressUrl = (env: NodeJS.ProcessEnv = process.env) => env.WORDPRESS_URL?.trim() || undefined;

export function blogSource(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): BlogSource {
  const url = wordpressUrl(env);
  return url ? wordpressSource({ url }) : localSource(root);
}

/** With WORDPRESS_URL, the studio checks drafts against the blog the build would use, fetched once a minute at most; undefined without it. */
export function remoteBlog(): () => Promise<BlogIndex | undefined> {
  let cached: { at: number; index: Promise<BlogIndex> } | undefined;
  return async () => {
    if (!wordpressUrl()) return undefined;
    if (!cached || Date.now() - cached.at > 60_000) cached = { at: Date.now(), index: blogSource().index() };
    return cached.index;
  };
}
