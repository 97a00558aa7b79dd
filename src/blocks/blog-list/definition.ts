import { z } from "zod";
import { text, tone } from "../../../schemas/fields.ts";
import { toSummary } from "../../blog/summary.ts";
import { defineBlock, pageLocale } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    searchLabel: text(60).default("Search articles").describe("Accessible name of the search box"),
    searchPlaceholder: text(60).default("Search articles..."),
    allLabel: text(30).default("All").describe("The first category button, showing every post"),
    filterLabel: text(60).default("Filter by category").describe("Accessible name of the category buttons"),
    countOne: text(60).default("Showing 1 article").describe("The count line for one result"),
    countMany: text(60).default("Showing {count} articles").describe("The count line; {count} is the number of results"),
    tagLimit: z.number().int().min(0).max(5).default(2).describe("Tags shown per card (the spec: at most 2)"),
    readMoreLabel: text(40).default("Read More"),
    empty: z
      .strictObject({
        title: text(80).default("No Articles Found"),
        text: text(200).default("Try adjusting your search terms or category filter"),
        clearLabel: text(40).default("Clear Filters"),
      })
      .prefault({})
      .describe("Shown when no post matches the search and category"),
    tone,
  }).describe("Every blog post with a search box and category filter buttons"),
  load: (_props, context) => {
    const { blog } = context;
    // Filter buttons: the categories that have posts, in the source's order.
    const used = new Set(blog.posts.map((p) => p.category));
    const categories = [...new Set([...blog.categories.map((c) => c.name), ...used])].filter((name) => used.has(name));
    return { posts: blog.posts.map((p) => toSummary(p, pageLocale(context))), categories };
  },
});
