/**
 * A page content file (content/pages/*.json): where it lives, its head tags, and the
 * blocks it is composed of. The block union is built from the block registry, so a new
 * block type is a valid `type` as soon as it is registered.
 */
import { z } from "zod";
import { blogCollectionNames } from "./blog.ts";
import { slug, text } from "./fields.ts";
import { reference } from "./references.ts";

/** A page path: lowercase segments, or ":id" on a template page. */
export const pathPattern = /^\/(?:(?:[a-z0-9._~-]+|:id)(?:\/(?:[a-z0-9._~-]+|:id))*)?$/;

export const pageMetaSchema = z.strictObject({
  title: text(70).describe("Page title for the browser tab and search results; on template pages {field} is filled from the item"),
  description: text(200).describe("Meta description, ideally 110-160 characters; {field} placeholders work on template pages"),
  image: z
    .string()
    .regex(/^(?:\/|https:\/\/)/, { error: "Use a path under public/ such as /og/home.png, or an https:// URL" })
    .optional()
    .describe("Open Graph / Twitter card image; defaults to the site image"),
  jsonLd: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .describe("Extra schema.org JSON-LD objects for this page"),
  noindex: z.boolean().optional().describe("Keep this page out of search engines and the sitemap"),
});

const eachSchema = z.strictObject({
  collection: z
    .enum(["services", ...blogCollectionNames])
    .describe("The collection whose items each get a page: services, or the blog's posts, categories, tags or authors"),
  except: z.array(reference("services")).default([]).describe("Item ids that have a dedicated page instead"),
});

/** See block-key.ts: what a block's translations are filed under. Content, not a prop: blocks never see it. */
export const blockKey = slug.describe("The block's name in this page, unique in it, e.g. hero: its translations are filed under it");

/** One block of a page: any registered type, with its props and its key. */
function blockUnionFor(blockSchemas: Record<string, z.ZodObject>) {
  // safeExtend keeps a block's own refinements (card-grid: "exactly one of items or
  // collection"); rebuilding the object from its shape would silently drop them.
  const variants = Object.entries(blockSchemas).map(([type, schema]) => schema.safeExtend({ type: z.literal(type), key: blockKey.optional() }));
  return z.discriminatedUnion("type", variants as [(typeof variants)[number], ...(typeof variants)[number][]]);
}

export function pageSchemaFor(blockSchemas: Record<string, z.ZodObject>) {
  return z
    .strictObject({
      $schema: z.string().optional(),
      path: z
        .string()
        .regex(pathPattern, { error: "A path starts with /, uses lowercase letters, digits and hyphens, and has no trailing slash" })
        .describe('Where the page lives, e.g. /about; a template page uses ":id", e.g. /services/:id'),
      each: eachSchema.optional().describe("Makes this a template page: one page per collection item"),
      notFoundFor: z
        .string()
        .regex(pathPattern)
        .optional()
        .describe("Show this page (with status 404) for unknown paths under this prefix, e.g. / or /services"),
      meta: pageMetaSchema,
      blocks: z.array(blockUnionFor(blockSchemas)).min(1).describe("The page's sections, top to bottom"),
    })
    .refine((p) => p.path.includes(":id") === (p.each !== undefined), {
      error: 'A template page needs both a path with ":id" and an "each" section',
      path: ["each"],
    });
}

/** A page template's file: content/page-templates/<id>.json. */
export const PAGE_TEMPLATE_FILE = /^content\/page-templates\/[a-z0-9]+(?:-[a-z0-9]+)*\.json$/;

/**
 * A starting point for new pages (content/page-templates/<id>.json): what the editor's New page
 * offers beside a blank page and copies. Blocks and meta as a page has them, no path (the new
 * page gets its own); its name and description are what the marketer chooses by.
 */
export function pageTemplateSchemaFor(blockSchemas: Record<string, z.ZodObject>) {
  return z.strictObject({
    $schema: z.string().optional(),
    template: z
      .strictObject({
        name: text(40).describe("What the New page dialog calls it, e.g. Landing page"),
        description: text(160).describe("When to choose it, in one sentence"),
      })
      .describe("How the template is offered"),
    meta: pageMetaSchema.describe("The new page's meta: its title is replaced by the one the marketer types"),
    blocks: z.array(blockUnionFor(blockSchemas)).min(1).describe("The new page's sections, top to bottom, with placeholder texts to replace"),
  });
}

/** The block type that places a section on a page by reference (src/blocks/section/): a section holds none itself. */
export const SECTION_BLOCK = "section";
/** What a section reference names: a file of content/sections/, by its name without .json (the checker knows them as it knows collection items). */
export const SECTIONS = "sections";
export const sectionReference = reference(SECTIONS);

/**
 * A reusable section (content/sections/<id>.json): a run of blocks that pages place by
 * reference (a `section` block naming its id), so it is written, changed and translated once.
 * Its name is how the studio lists it; it never holds a reference to another section.
 */
export function sectionSchemaFor(blockSchemas: Record<string, z.ZodObject>) {
  const { [SECTION_BLOCK]: _reference, ...own } = blockSchemas;
  return z.strictObject({
    $schema: z.string().optional(),
    name: text(60).describe("What the studio calls the section, e.g. Closing call to action"),
    blocks: z.array(blockUnionFor(own)).min(1).describe("The section's blocks, top to bottom: every page that places it shows them"),
  });
}

export type PageSchema = ReturnType<typeof pageSchemaFor>;
export type SectionSchema = ReturnType<typeof sectionSchemaFor>;
export type Section = z.infer<SectionSchema>;
export type PageTemplateSchema = ReturnType<typeof pageTemplateSchemaFor>;
export type PageTemplate = z.infer<PageTemplateSchema>;
export type Page = z.infer<PageSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;
