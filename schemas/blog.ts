/**
 * The blog as the site sees it, whichever source feeds it (WordPress REST or local files):
 * the spec's "Remote blog post as mapped", category, tag and user, plus a few fields the
 * pages need for links and metadata (slugs, image alt text, read time). Both sources map
 * into these shapes at their boundary; nothing downstream sees raw WordPress JSON.
 *
 * Below them: the local source's own files (content/blog/posts/{slug}.md frontmatter and
 * content/blog/taxonomy.json), which the content checker validates.
 */
import { z } from "zod";
import { image, slug, text } from "./fields.ts";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Write the date as YYYY-MM-DD, e.g. 2025-03-14" });

export const blogPostSchema = z.object({
  id: z.string().min(1).describe("The post's slug: /blog/{id}"),
  title: z.string().describe("Plain text: entities decoded, tags stripped"),
  excerpt: z.string().describe("Plain text, markup stripped"),
  content: z.string().describe("Sanitised HTML"),
  author: z.string().describe('Author name, or "Unknown"'),
  date: isoDate.describe("Date part only"),
  category: z.string().describe('First category name, or "Uncategorized"'),
  tags: z.array(z.string()).default([]).describe("Tag names"),
  image: z.string().describe("Featured image URL, or the default image"),
  featured: z.literal(false).describe("No post is ever marked featured"),
  // Extensions of the spec's shape: what links, metadata and the post header need.
  authorSlug: z.string().optional().describe("For /blog/author/{slug}; missing when the source hides the author"),
  authorAvatar: z.string().optional().describe("96px avatar URL"),
  authorDescription: z.string().default(""),
  categorySlug: z.string().optional().describe("For /blog/category/{slug}; missing for Uncategorized fallbacks"),
  tagSlugs: z.array(z.string()).default([]).describe("Same order as tags"),
  imageAlt: z.string().default(""),
  imageSrcSet: z.string().default("").describe("The featured image's responsive sources (srcset: 'url 768w, ...'); empty when there is one file"),
  description: z.string().describe("Meta description: the excerpt, cut at about 160 characters"),
  readMinutes: z.number().int().min(1).describe("Reading time computed from the content"),
  protected: z.boolean().default(false).describe("Password-protected in WordPress: no content or excerpt"),
  translationKey: z.string().optional().describe("Local posts: the key its translations share (content/blog/posts/<locale>/), when not its slug"),
  picture: image.optional().describe("The featured image as the site serves it: a local post's from the media library (the default one when it has none), a WordPress post's taken in by the build; shown instead of `image`"),
  authorPicture: image.optional().describe("Local posts: the author's portrait from the media library; shown instead of `authorAvatar`"),
});

export const blogTermSchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1),
  name: z.string(),
  description: z.string().default(""),
  count: z.number().int().min(0),
});

export const blogUserSchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1),
  name: z.string(),
  description: z.string().default(""),
  avatar_urls: z.object({ 96: z.string().optional() }).default({}),
  picture: image.optional().describe("Local authors: their portrait from the media library; shown instead of avatar_urls"),
});

export type BlogPost = z.infer<typeof blogPostSchema>;
export type BlogCategory = z.infer<typeof blogTermSchema>;
export type BlogTag = z.infer<typeof blogTermSchema>;
export type BlogUser = z.infer<typeof blogUserSchema>;

/** Everything the build needs from a source: posts newest first, and every term and author. */
export interface BlogIndex {
  posts: BlogPost[];
  categories: BlogCategory[];
  tags: BlogTag[];
  authors: BlogUser[];
}

export const emptyBlogIndex = (): BlogIndex => ({ posts: [], categories: [], tags: [], authors: [] });

// ---- The local source's files ------------------------------------------------------------

/** Frontmatter of content/blog/posts/{slug}.md. The file name is the slug. */
export const localPostFrontmatterSchema = z.strictObject({
  title: text(140).describe("The post's title, plain text"),
  excerpt: text(400).describe("One or two sentences shown on cards and under the title"),
  // YAML turns an unquoted 2025-03-14 into a Date: accept both and keep the date part.
  date: z.preprocess((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v), isoDate),
  author: slug.describe("Slug of an author in content/blog/taxonomy.json"),
  category: slug.describe("Slug of a category in content/blog/taxonomy.json"),
  tags: z.array(slug).max(8).default([]).describe("Slugs of tags in content/blog/taxonomy.json"),
  image: image.optional().describe("Featured image from the media library; the default one when left out"),
  status: z.enum(["published", "draft"]).default("published").describe("Drafts are checked but not published"),
  translationKey: slug
    .optional()
    .describe("What links a post's translations, one file per locale: the same key in each. Left out, it is the file name (a translation named as the post it translates)"),
  // Written by the blog admin (/admin, server/studio/documents/posts.ts); hand-written posts may leave them out.
  id: z.string().regex(/^\d{10,16}$/, { error: "The id is the post's creation time in milliseconds, e.g. 1735689600000" }).optional().describe("Set by the admin: the creation timestamp, kept when the file is renamed"),
  featured: z.boolean().optional().describe("Set in the admin; the site never shows a Featured section (spec §2)"),
});

const localTermSchema = z.strictObject({
  slug,
  name: text(60),
  description: z.string().trim().max(300).default(""),
});

export const localTaxonomySchema = z.strictObject({
  $schema: z.string().optional(),
  categories: z.array(localTermSchema),
  tags: z.array(localTermSchema),
  authors: z.array(
    localTermSchema.extend({
      avatar: image.optional().describe("The author's portrait, shown 96px round on their page and beside their posts"),
    }),
  ),
});

export type LocalPostFrontmatter = z.infer<typeof localPostFrontmatterSchema>;
export type LocalTaxonomy = z.infer<typeof localTaxonomySchema>;

/** The blog's entity lists that template pages can iterate ("each": { "collection": ... }). */
export const blogCollectionNames = ["blog-posts", "blog-categories", "blog-tags", "blog-authors"] as const;
export type BlogCollectionName = (typeof blogCollectionNames)[number];
