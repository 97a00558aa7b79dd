/**
 * The blog source as the browser sees it: WordPress when the build had WORDPRESS_URL (Vite
 * bakes it in as __WORDPRESS_URL__), otherwise none, since local posts exist only at build
 * time. Loaded on demand, so pages that never fetch a post carry none of this code.
 */
import type { BlogSource } from "./source.ts";

declare const __WORDPRESS_URL__: string | undefined;

export const remoteBlogUrl: string = typeof __WORDPRESS_URL__ === "string" ? __WORDPRESS_URL__ : "";

export async function browserBlogSource(): Promise<BlogSource | undefined> {
  if (!remoteBlogUrl) return undefined;
  const { wordpressSource } = await import("./wordpress.ts");
  return wordpressSource({ url: remoteBlogUrl, timeoutMs: 10_000 });
}
