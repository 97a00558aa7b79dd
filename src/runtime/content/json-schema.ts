/**
 * JSON Schema for editors, generated from the zod schemas (npm run content:schema).
 * Content files point at these files with "$schema", so an editor autocompletes block
 * types and props and shows each `.describe()` text as a hint. The zod schemas stay the
 * one source of truth: tests/content/json-schema.test.ts fails when the committed files
 * are stale.
 *
 * One line per generated file in `schemaTargets`.
 */
import { z } from "zod";
import { localTaxonomySchema } from "../../../schemas/blog.ts";
import { collectionFileSchema, collectionNames, markdownCollections } from "../../../schemas/collections/index.ts";
import { localesFileSchema } from "../../../schemas/locales.ts";
import { siteConfigSchema } from "../../../schemas/site.ts";
import { mediaManifestSchema } from "../../../schemas/media.ts";
import { collectionTranslationSchema, pageTranslationSchema, sectionTranslationSchema, siteTranslationSchema, taxonomyTranslationSchema, uiTranslationSchema } from "../../../schemas/translations.ts";
import { registeredPageSchema, registeredPageTemplateSchema, registeredSectionSchema } from "../../blocks/page-schema.ts";

/** Where the generated files live, relative to the project root. */
export const JSON_SCHEMA_DIR = "schemas/json";

export interface SchemaTarget {
  /** Output file, relative to schemas/json/. */
  file: string;
  title: string;
  /** Content files (paths relative to the project root) that must point at this file with "$schema". */
  content?: RegExp;
  schema: () => z.ZodType | Promise<z.ZodType>;
}

export const schemaTargets: SchemaTarget[] = [
  { file: "page.schema.json", title: "Page", content: /^content\/pages\/[^/]+\.json$/, schema: registeredPageSchema },
  { file: "page-template.schema.json", title: "Page template", content: /^content\/page-templates\/[^/]+\.json$/, schema: registeredPageTemplateSchema },
  { file: "section.schema.json", title: "Section", content: /^content\/sections\/[^/]+\.json$/, schema: registeredSectionSchema },
  { file: "site.schema.json", title: "Site settings", content: /^content\/site\.json$/, schema: () => siteConfigSchema },
  { file: "locales.schema.json", title: "Locales", content: /^content\/locales\.json$/, schema: () => localesFileSchema },
  { file: "page-translation.schema.json", title: "Page translation", content: /^content\/translations\/[^/]+\/pages\/[^/]+\.json$/, schema: () => pageTranslationSchema },
  {
    file: "collection-translation.schema.json",
    title: "Collection translation",
    content: /^content\/translations\/[^/]+\/collections\/[^/]+\.json$/,
    schema: () => collectionTranslationSchema,
  },
  { file: "site-translation.schema.json", title: "Site settings translation", content: /^content\/translations\/[^/]+\/site\.json$/, schema: () => siteTranslationSchema },
  {
    file: "taxonomy-translation.schema.json",
    title: "Blog taxonomy translation",
    content: /^content\/translations\/[^/]+\/blog-taxonomy\.json$/,
    schema: () => taxonomyTranslationSchema,
  },
  { file: "section-translation.schema.json", title: "Section translation", content: /^content\/translations\/[^/]+\/sections\/[^/]+\.json$/, schema: () => sectionTranslationSchema },
  { file: "media-translation.schema.json", title: "Image translation", content: /^content\/translations\/[^/]+\/media\/[^/]+\.json$/, schema: () => siteTranslationSchema },
  { file: "ui-translation.schema.json", title: "UI strings translation", content: /^content\/translations\/[^/]+\/ui\.json$/, schema: () => uiTranslationSchema },
  { file: "media.schema.json", title: "Image (media library)", content: /^content\/media\/[^/]+\.json$/, schema: () => mediaManifestSchema },
  { file: "blog-taxonomy.schema.json", title: "Blog categories, tags and authors", content: /^content\/blog\/taxonomy\.json$/, schema: () => localTaxonomySchema },
  // Markdown collections (legal) have YAML frontmatter, which editors do not check against JSON Schema.
  ...collectionNames.filter((name) => !markdownCollections[name]).map((name) => ({
    file: `collections/${name}.schema.json`,
    title: `Collection: ${name}`,
    content: new RegExp(`^content/collections/${name}\\.json$`),
    schema: () => collectionFileSchema(name),
  })),
];

/** Renders every target: output path (relative to the project root) → file text. */
export async function renderJsonSchemas(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const target of [...schemaTargets].sort((a, b) => a.file.localeCompare(b.file))) {
    const json = z.toJSONSchema(await target.schema(), {
      target: "draft-2020-12",
      // Editors help people write files: a property with a default is optional to write.
      io: "input",
      // Refinements (references, "needs an href or a notice") are checked by the checker only.
      unrepresentable: "any",
    });
    files.set(`${JSON_SCHEMA_DIR}/${target.file}`, `${JSON.stringify(stable({ title: target.title, ...json }), null, 2)}\n`);
  }
  return files;
}

/** Key order that does not depend on how the zod schemas happen to be assembled. */
function stable(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => stable(v));
    // A union's variants (e.g. the block types) sorted by their `type` literal.
    return key === "anyOf" || key === "oneOf" ? items.sort((a, b) => variantKey(a).localeCompare(variantKey(b))) : items;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    // Properties keep the order they are declared in (the order an editor lists them);
    // everything else is sorted.
    if (key !== "properties") entries.sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([k, v]) => [k, stable(v, k)]));
  }
  return value;
}

function variantKey(schema: unknown): string {
  const type = (schema as { properties?: { type?: { const?: unknown } } })?.properties?.type?.const;
  return typeof type === "string" ? type : "";
}
