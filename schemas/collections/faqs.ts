import { z } from "zod";
import { slug, text } from "../fields.ts";

/** A frequently asked question (Contact: Frequently Asked Questions; also FAQPage JSON-LD). */
export const faqSchema = z.strictObject({
  id: slug,
  question: text(160).describe("The question as a visitor would ask it, ending with ?"),
  answer: text(800),
});

export type Faq = z.infer<typeof faqSchema>;
