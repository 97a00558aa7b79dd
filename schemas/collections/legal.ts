/**
 * Legal documents (privacy policy, terms) are Markdown files, content/legal/{id}.md:
 * YAML frontmatter checked by `legalFrontmatterSchema`, then the text. In the text,
 * {contact.legalEmail}-style placeholders are filled from the site settings, so contact facts
 * are never retyped.
 */
import { z } from "zod";
import { slug, text } from "../fields.ts";

// YAML reads an unquoted 2024-01-15 as a date: accept both spellings, keep the ISO text.
const isoDate = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Write the date as YYYY-MM-DD, e.g. 2024-01-15" }),
);

export const legalFrontmatterSchema = z.strictObject({
  title: text(80).describe("The document's heading, e.g. Privacy Policy"),
  summary: text(300).describe("One or two sentences shown under the heading"),
  lastUpdated: isoDate.describe("Shown as “Last updated January 15, 2024”"),
});

export const legalDocumentSchema = legalFrontmatterSchema.extend({
  id: slug.describe("The file name without .md; pages refer to the document by it"),
  body: z.string().describe("The Markdown text after the frontmatter"),
});

/**
 * A legal document's translation, content/translations/<locale>/legal/{id}.md: the same
 * frontmatter and text in the locale, and the hash of the document it was translated from,
 * so a changed document shows its translation as stale.
 */
export const legalTranslationFrontmatterSchema = legalFrontmatterSchema.extend({
  source: z
    .string()
    .regex(/^[0-9a-f]{16}$/, { error: "Write the hash npm run content:check names, 16 hexadecimal digits" })
    .describe("The hash of the document's text this translation was made from (npm run content:check names it)"),
});

export type LegalDocument = z.infer<typeof legalDocumentSchema>;
