import type { IslandTexts } from "../../page/ui-strings.ts";

/** The list's words that are not the block's own, given to the island in the page's language. */
export const BLOG_LIST_TEXTS = ["blog.tags"] as const;
export type BlogListTexts = IslandTexts<(typeof BLOG_LIST_TEXTS)[number]>;
