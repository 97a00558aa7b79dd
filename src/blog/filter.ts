import type { PostSummary } from "./summary.ts";

/**
 * The blog list's filter (spec §5): a case-insensitive substring match on the title, the
 * excerpt or any tag, combined with the category ("" means All).
 */
export function filterPosts(posts: PostSummary[], { q, category }: { q: string; category: string }): PostSummary[] {
  const needle = q.trim().toLowerCase();
  return posts.filter(
    (p) =>
      (category === "" || p.category === category) &&
      (needle === "" || p.title.toLowerCase().includes(needle) || p.excerpt.toLowerCase().includes(needle) || p.tags.some((t) => t.toLowerCase().includes(needle))),
  );
}
