import { z } from "zod";
import { image, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    image,
    caption: text(300).optional().describe("Shown under the image"),
    width: z
      .enum(["content", "wide", "full"])
      .default("content")
      .describe("content: as wide as a text column; wide: as wide as the page's sections; full: edge to edge"),
    tone,
  }).describe("A picture on its own, with an optional caption"),
});
