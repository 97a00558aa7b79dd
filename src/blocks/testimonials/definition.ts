import { z } from "zod";
import { heading, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    heading,
    intervalMs: z.number().int().min(2000).default(5000).describe("Time each testimonial is shown before the next"),
    tone,
  }).describe("A carousel of client testimonials"),
  load: (_props, { collections }) => collections.testimonials,
});
