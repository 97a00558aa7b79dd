/** Picks the blog source for the build and the server: WordPress when WORDPRESS_URL is set, else local files. */
import { localSource } from "./local.ts";
import type { BlogSource } from "./source.ts";
import { wordpressSource } from "./wordpress.ts";

export const wordpressUrl = (env: NodeJS.ProcessEnv = process.env) => env.WORDPRESS_URL?.trim() || undefined;

export function blogSource(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): BlogSource {
  const url = wordpressUrl(env);
  return url ? wordpressSource({ url }) : localSource(root);
}
