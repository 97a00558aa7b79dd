/**
 * The one interface both blog sources implement (src/blog/wordpress.ts, src/blog/local.ts).
 * Blocks, pages and the server only ever talk to a `BlogSource`, never to WordPress or
 * the files directly.
 */
import { CatalogueError } from "../errors/catalogue-error.ts";
import type { BlogIndex, BlogPost } from "../../schemas/blog.ts";

export interface BlogSource {
  readonly kind: "wordpress" | "local";
  /** Every post (newest first, all pages of them), category, tag and author: what the build prerenders. */
  index(): Promise<BlogIndex>;
  /**
   * One post by slug: the post, or null when the source says it does not exist.
   * Throws a BlogSourceError when the source cannot answer (network, server error).
   */
  post(slug: string): Promise<BlogPost | null>;
  /** Whether a post exists, asked cheaply (the server's check for posts newer than the build). */
  exists(slug: string): Promise<boolean>;
  /**
   * A short text that changes whenever a post is published, edited, unpublished or trashed,
   * asked cheaply: the server polls it (WORDPRESS_POLL_SECONDS) and rebuilds when it differs
   * from the one the build recorded. Sources that cannot change by themselves have none.
   */
  stamp?(): Promise<string>;
}

/** A source that could not answer: an error of the catalogue (code, title, message, hint). */
export class BlogSourceError extends CatalogueError {}

/** Posts newest first; ties keep a stable order by slug. */
export const byNewest = (a: BlogPost, b: BlogPost) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? 1 : -1);
