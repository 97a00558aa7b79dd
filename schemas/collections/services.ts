import { z } from "zod";
import { heading, icon, image, shared, slug, text } from "../fields.ts";
import { price } from "../price.ts";

const pricingTier = z.strictObject({
  name: text(60),
  price,
  features: z.array(text(160)).min(1),
});

/** An extra section on a service's page, e.g. "AI Solutions We Deliver" with six cards. */
const highlights = z.strictObject({
  heading,
  items: z.array(z.strictObject({ icon, title: text(80), text: text(400) })).min(2).max(9),
});

export const serviceSchema = z.strictObject({
  id: slug.describe("Stable id; the detail page lives at /services/{id}"),
  icon,
  title: text(80),
  subtitle: text(160),
  description: text(1200),
  homeDescription: text(220).describe("Short text for the cards on Home"),
  image: image.optional().describe("The service's illustration, beside its title on its page"),
  features: z.array(text(160)).min(4).describe("Key features; the services list shows the first 4"),
  technologies: z.array(shared(text(60))).min(1).describe("Technology names, the same in every language"),
  process: z.array(text(80)).min(3).describe("Step names, shown numbered"),
  pricing: z.strictObject({ basic: pricingTier, standard: pricingTier, premium: pricingTier }).optional(),
  highlights: highlights.optional().describe("An extra section shown on the service's page, above its features"),
});

export type Service = z.infer<typeof serviceSchema>;
