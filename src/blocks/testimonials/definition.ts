import { z } from "zod";
import { heading, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    heading,
    intervalMs: z.number().int().min(2000).default(5000).describe("Time each testimonial is shown before the next"),
    tone,
  }),
  load: (_props, { collections }) => collections.testimonials,
});
