/** What a post card needs: the post without its content, so list pages stay small. */
import type { BlogPost } from "../../schemas/blog.ts";

export type PostSummary = Pick<
  BlogPost,
  "id" | "title" | "excerpt" | "date" | "category" | "categorySlug" | "tags" | "tagSlugs" | "image" | "imageAlt" | "imageSrcSet" | "author" | "authorSlug"
>;

export function toSummary(p: BlogPost): PostSummary {
  const { id, title, excerpt, date, category, categorySlug, tags, tagSlugs, image, imageAlt, imageSrcSet, author, authorSlug } = p;
  return { id, title, excerpt, date, category, categorySlug, tags, tagSlugs, image, imageAlt, imageSrcSet, author, authorSlug };
}

/** Posts that share the category or tags of `post`, best match first, then newest. */
export function relatedPosts(post: BlogPost, all: BlogPost[], limit: number): BlogPost[] {
  const score = (p: BlogPost) =>
    (p.categorySlug !== undefined && p.categorySlug === post.categorySlug ? 2 : 0) + p.tagSlugs.filter((t) => post.tagSlugs.includes(t)).length;
  return all
    .filter((p) => p.id !== post.id)
    .map((p) => ({ p, s: score(p) }))
    .filter(({ s }) => s > 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, limit)
    .map(({ p }) => p);
}

// Made once, on first use: creating a DateTimeFormat costs milliseconds, a page lists dozens of dates.
let dateFormat: Intl.DateTimeFormat | undefined;

/** "March 14, 2025" from "2025-03-14", the same at build time and in every browser. */
export function formatDate(date: string): string {
  dateFormat ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** Fills {count}-style placeholders in a content text. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
