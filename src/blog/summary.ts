/** What a post card needs: the post without its content, so list pages stay small. */
import type { BlogPost } from "../../schemas/blog.ts";

export type PostSummary = Pick<
  BlogPost,
  "id" | "title" | "excerpt" | "date" | "category" | "categorySlug" | "tags" | "tagSlugs" | "image" | "imageAlt" | "imageSrcSet" | "picture" | "author" | "authorSlug"
>;

export function toSummary(p: BlogPost): PostSummary {
  const { id, title, excerpt, date, category, categorySlug, tags, tagSlugs, image, imageAlt, imageSrcSet, picture, author, authorSlug } = p;
  return { id, title, excerpt, date, category, categorySlug, tags, tagSlugs, image, imageAlt, imageSrcSet, ...(picture && { picture }), author, authorSlug };
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

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "March 14, 2025" from "2025-03-14", the same at build time and in every browser. Spelled
 * out by hand: the site is in English, and a browser's first Intl.DateTimeFormat loads
 * locale data (about 15 ms of a phone's start-up, in the middle of hydration).
 */
export function formatDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
}

/** Fills {count}-style placeholders in a content text. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
