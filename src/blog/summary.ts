/** What a post card needs: the post without its content, so list pages stay small. */
import type { BlogPost } from "../../schemas/blog.ts";
import { formatDate } from "../page/format.ts";

export type PostSummary = Pick<
  BlogPost,
  "id" | "title" | "excerpt" | "date" | "category" | "categorySlug" | "tags" | "tagSlugs" | "image" | "imageAlt" | "imageSrcSet" | "picture" | "author" | "authorSlug"
> & {
  /** The date as the page's locale writes it, formatted at build time (page/format.ts). */
  dateText: string;
};

/** @param locale the page's: the card's date is written in it */
export function toSummary(p: BlogPost, locale: string): PostSummary {
  const { id, title, excerpt, date, category, categorySlug, tags, tagSlugs, image, imageAlt, imageSrcSet, picture, author, authorSlug } = p;
  return { id, title, excerpt, date, dateText: formatDate(date, locale), category, categorySlug, tags, tagSlugs, image, imageAlt, imageSrcSet, ...(picture && { picture }), author, authorSlug };
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

/** Fills {count}-style placeholders in a content text. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
