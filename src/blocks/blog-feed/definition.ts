import { z } from "zod";
import { action, heading, text, tone } from "../../../schemas/fields.ts";
import { toSummary } from "../../blog/summary.ts";
import { defineBlock, pageLocale } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    heading: heading.optional(),
    limit: z.number().int().min(1).max(12).default(3).describe("How many of the newest posts to show"),
    readMoreLabel: text(40).default("Read More"),
    more: action.optional().describe("A link under the cards, e.g. View All Posts → /blog"),
    tone,
  }).describe("The newest blog posts as cards, with a link to the blog"),
  load: ({ limit }, context) => context.blog.posts.slice(0, limit).map((p) => toSummary(p, pageLocale(context))),
});
