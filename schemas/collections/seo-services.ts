import { z } from "zod";
import { icon, slug, text } from "../fields.ts";

/** One of the services on the SEO page (On-Page, Technical, Off-Page, ...). */
export const seoServiceSchema = z.strictObject({
  id: slug,
  icon,
  title: text(60),
  description: text(400),
});

export type SeoService = z.infer<typeof seoServiceSchema>;
