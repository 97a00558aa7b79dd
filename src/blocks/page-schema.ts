/**
 * The page schema with every registered block's props schema in its union: what the
 * checker validates page files (and page templates) with and what the page editor derives its forms from.
 * Apart from the registry, so the site's browser bundle (which imports the registry) never
 * loads zod.
 */
import type { z } from "zod";
import { pageSchemaFor, type PageSchema, pageTemplateSchemaFor, type PageTemplateSchema, sectionSchemaFor, type SectionSchema } from "../../schemas/page.ts";
import { blocks, blockTypes } from "./registry.ts";

let blockSchemas: Promise<Record<string, z.ZodObject>> | undefined;
const registeredBlockSchemas = () =>
  (blockSchemas ??= Promise.all(blockTypes.map(async (t) => [t, (await blocks[t].definition()).schema] as const)).then((entries) => Object.fromEntries(entries)));

let pageSchema: Promise<PageSchema> | undefined;
export const registeredPageSchema = (): Promise<PageSchema> => (pageSchema ??= registeredBlockSchemas().then(pageSchemaFor));

/** Page templates (content/page-templates/) hold the same blocks as pages. */
let templateSchema: Promise<PageTemplateSchema> | undefined;
export const registeredPageTemplateSchema = (): Promise<PageTemplateSchema> => (templateSchema ??= registeredBlockSchemas().then(pageTemplateSchemaFor));

/** Reusable sections (content/sections/) hold the same blocks as pages, but no reference to a section. */
let sectionSchema: Promise<SectionSchema> | undefined;
export const registeredSectionSchema = (): Promise<SectionSchema> => (sectionSchema ??= registeredBlockSchemas().then(sectionSchemaFor));
