import { z } from "zod";
import { image, slug, text } from "../fields.ts";

export const testimonialSchema = z.strictObject({
  id: slug,
  name: text(80),
  role: text(80),
  company: text(80),
  text: text(600),
  rating: z.number().int().min(1).max(5),
  image: image.optional().describe("The person's photo or portrait, shown round beside their name"),
});

export type Testimonial = z.infer<typeof testimonialSchema>;
