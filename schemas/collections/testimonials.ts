import { z } from "zod";
import { slug, text } from "../fields.ts";

export const testimonialSchema = z.strictObject({
  id: slug,
  name: text(80),
  role: text(80),
  company: text(80),
  text: text(600),
  rating: z.number().int().min(1).max(5),
  image: text(200).describe("Description of the person's photo (its alt text)"),
});

export type Testimonial = z.infer<typeof testimonialSchema>;
