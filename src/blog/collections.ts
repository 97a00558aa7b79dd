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
