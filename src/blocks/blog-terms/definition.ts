import { z } from "zod";
import { text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    list: z.enum(["categories", "tags"]).describe("Which terms to list; each card links to /blog/category/{slug} or /blog/tag/{slug}"),
    noDescription: text(60).default("No description.").describe("Shown for a term without a description"),
    countOne: text(40).default("1 post"),
    countMany: text(40).default("{count} posts").describe("{count} is the number of posts"),
    tone,
  }).describe("All blog categories or tags as cards linking to their pages"),
  load: ({ list }, { blog }) => blog[list].map(({ slug, name, description, count }) => ({ slug, name, description, count })),
});
