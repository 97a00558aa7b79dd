import { z } from "zod";
import { action, image, text } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    eyebrow: text(60).optional().describe("Small label above the title"),
    title: text(120).describe("The page's main heading (h1)"),
    subtitle: text(400),
    actions: z.array(action).max(3).default([]),
    showClaims: z.boolean().default(false).describe("Show the site's four headline figures under the text"),
    image: image.optional().describe("An illustration or photo for the page's opening: the first picture visitors see, loaded before any other"),
    imageSide: z
      .enum(["right", "background"])
      .default("right")
      .describe("right: beside the text (under it on phones); background: behind the text, darkened so the text stays readable"),
  }).describe("The page's opening section with its main heading, a text and buttons"),
});
