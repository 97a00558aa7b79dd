/** The blog's entity lists as template pages iterate them: each item with the key its path uses. */
import { type BlogCollectionName, type BlogIndex, blogCollectionNames } from "../../schemas/blog.ts";

export const isBlogCollection = (name: string): name is BlogCollectionName => (blogCollectionNames as readonly string[]).includes(name);

export function blogItems(blog: BlogIndex, name: BlogCollectionName): { key: string; item: Record<string, unknown> }[] {
  switch (name) {
    case "blog-posts":
      return blog.posts.map((p) => ({ key: p.id, item: p }));
    case "blog-categories":
      return blog.categories.map((c) => ({ key: c.slug, item: c }));
    case "blog-tags":
      return blog.tags.map((t) => ({ key: t.slug, item: t }));
    case "blog-authors":
      return blog.authors.map((a) => ({ key: a.slug, item: a }));
  }
}

/** The blog's entity lists a template page of terms iterates: categories, tags, authors. */
const TERM_KINDS = { "blog-categories": "category", "blog-tags": "tag", "blog-authors": "author" } as const;

/** A category's, tag's or author's posts (by slug), in the blog's order: what its page lists. */
export function termPosts(blog: Pick<BlogIndex, "posts">, kind: "category" | "tag" | "author", slug: string) {
  return blog.posts.filter((p) => (kind === "category" ? p.categorySlug === slug : kind === "tag" ? p.tagSlugs.includes(slug) : p.authorSlug === slug));
}

/**
 * Whether a template page's item is a category, tag or author with no post in this blog: its
 * page would say only "no articles found", so it is noindex, out of the sitemap and of the
 * alternates (a soft 404 otherwise), in every locale.
 */
export function isThinTerm(blog: Pick<BlogIndex, "posts">, collection: string, item: Record<string, unknown>): boolean {
  const kind = TERM_KINDS[collection as keyof typeof TERM_KINDS];
  return kind !== undefined && termPosts(blog, kind, String(item.slug)).length === 0;
}
