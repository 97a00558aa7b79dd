import { z } from "zod";
import { image, shared, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    title: text(80).describe('e.g. "Trusted by"'),
    logos: z
      .array(
        z.strictObject({
          name: shared(text(40)).describe("The company's name, shown as a wordmark when it has no logo"),
          logo: image.optional().describe("The company's logo, shown 40px high"),
        }),
      )
      .min(1)
      .max(12),
    tone,
  }).describe("A strip of client logos (or their names), e.g. Trusted by"),
});
