import { z } from "zod";
import type { BlogCategory, BlogTag, BlogUser } from "../../../schemas/blog.ts";
import { link, text } from "../../../schemas/fields.ts";
import { toSummary } from "../../blog/summary.ts";
import { termPosts } from "../../blog/collections.ts";
import { defineBlock, pageLocale } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    kind: z.enum(["category", "tag", "author"]).describe("What the template page iterates: blog-categories, blog-tags or blog-authors"),
    fallbackDescription: text(120).describe('Shown when the category, tag or author has no description, e.g. "All articles in this category"'),
    emptyText: text(120).describe('Shown when there are no posts, e.g. "No articles found in this category."'),
    readMoreLabel: text(40).default("Read More"),
    back: link.describe("e.g. All Categories → /blog/categories"),
  }).describe("A blog category, tag or author page: its name, description and posts (on a template page over blog-categories, blog-tags or blog-authors)"),
  /** The category, tag or author this page is for (the template's item) and its posts, newest first. */
  load: ({ kind }, context) => {
    const { item, blog } = context;
    if (!item) throw new Error(`The blog-archive block needs a template page iterating blog-${kind === "category" ? "categories" : `${kind}s`}.`);
    const slug = String(item.slug);
    const posts = termPosts(blog, kind, slug);
    const entity = item as BlogCategory | BlogTag | BlogUser;
    const author = kind === "author" ? (entity as BlogUser) : undefined;
    return { name: entity.name, slug, description: entity.description, avatar: author?.avatar_urls[96], picture: author?.picture, posts: posts.map((p) => toSummary(p, pageLocale(context))) };
  },
});
