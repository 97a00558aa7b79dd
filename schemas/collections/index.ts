/**
 * Every collection: its file is content/collections/{name}.json, holding { "items": [...] }.
 * Items are referenced by `id` (redirects by `from`).
 */
import { z } from "zod";
import { formSchema } from "../forms.ts";
import { faqSchema } from "./faqs.ts";
import { jobSchema } from "./jobs.ts";
import { legalDocumentSchema, legalFrontmatterSchema } from "./legal.ts";
import { redirectSchema } from "./redirects.ts";
import { seoServiceSchema } from "./seo-services.ts";
import { serviceSchema } from "./services.ts";
import { technologyGroupSchema } from "./technologies.ts";
import { testimonialSchema } from "./testimonials.ts";
import { milestoneSchema } from "./timeline.ts";
import { valueSchema } from "./values.ts";

export const collectionSchemas = {
  services: serviceSchema,
  testimonials: testimonialSchema,
  technologies: technologyGroupSchema,
  values: valueSchema,
  timeline: milestoneSchema,
  redirects: redirectSchema,
  forms: formSchema,
  "seo-services": seoServiceSchema,
  faqs: faqSchema,
  jobs: jobSchema,
  legal: legalDocumentSchema,
} as const;

export type CollectionName = keyof typeof collectionSchemas;
export const collectionNames = Object.keys(collectionSchemas) as CollectionName[];
export type CollectionItem<N extends CollectionName> = z.infer<(typeof collectionSchemas)[N]>;
export type Collections = { [N in CollectionName]: CollectionItem<N>[] };

export const collectionFileSchema = <N extends CollectionName>(name: N) =>
  z.strictObject({
    $schema: z.string().optional(),
    items: z.array(collectionSchemas[name]),
  });

/**
 * Collections written as Markdown files, content/{name}/{id}.md (frontmatter + text), rather
 * than one JSON file; the value checks the frontmatter. An item is the frontmatter plus `id`
 * (the file name) and `body` (the text).
 */
export const markdownCollections: Partial<Record<CollectionName, z.ZodType>> = {
  legal: legalFrontmatterSchema,
};

/** The field that identifies an item of each collection. */
export const idField = (name: CollectionName): "id" | "from" => (name === "redirects" ? "from" : "id");
