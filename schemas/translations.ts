/**
 * A page's translation into one locale: content/translations/<locale>/pages/<page>.json, the
 * page file's name. Texts are filed by what they translate, never by position:
 *
 *   "meta":   { "title": <translated> }                    the page's meta fields
 *   "blocks": { "<block key>": { "heading.title": <translated>, "items[1].text": … } }
 *
 * A block key (schemas/block-key.ts) survives moving, adding, copying and removing blocks;
 * the field is the text's place inside its block, written as in the checker's messages.
 * Each translated text keeps its provenance: the source text it was made from and that
 * text's hash, so the checker can tell when the source changed since (a stale translation)
 * and show both versions.
 */
import { z } from "zod";
import { blockKey } from "./page.ts";

export const translatedText = z.strictObject({
  text: z.string().trim().min(1, { error: "Must not be empty" }).describe("The translation"),
  source: z.string().describe("The source text it was translated from, as it was then"),
  hash: z
    .string()
    .regex(/^[0-9a-f]{16}$/, { error: "A hash is 16 hexadecimal digits, as the checker prints them" })
    .describe("The hash of that source text: when the source's hash differs, the translation is stale"),
});

const fields = z.record(z.string(), translatedText);

export const pageTranslationSchema = z.strictObject({
  $schema: z.string().optional(),
  meta: fields.optional().describe("The page's meta fields by name: title, description"),
  blocks: z.record(blockKey, fields).optional().describe("By block key, then by the text's place in the block, e.g. heading.title"),
});

export type TranslatedText = z.infer<typeof translatedText>;
export type PageTranslation = z.infer<typeof pageTranslationSchema>;

/** Where a locale's translation of a page file (content/pages/<name>.json) lives. */
export const pageTranslationFile = (locale: string, pageFile: string) => `content/translations/${locale}/pages/${pageFile.replace(/^.*\//, "")}`;

/** A translation file's locale and page file, or undefined when the path is not one. */
export function parsePageTranslationFile(file: string): { locale: string; pageFile: string } | undefined {
  const match = /^content\/translations\/([^/]+)\/pages\/([^/]+\.json)$/.exec(file);
  return match ? { locale: match[1]!, pageFile: `content/pages/${match[2]}` } : undefined;
}

/**
 * A locale's catalogue of the runtime's own texts (src/runtime/i18n/ui-strings.ts holds the
 * source): content/translations/<locale>/ui.json, by key, with provenance as page texts have.
 */
export const uiTranslationSchema = z.strictObject({
  $schema: z.string().optional(),
  strings: z.record(z.string(), translatedText).describe('By key, e.g. "shell.menu": the key of the source text in src/runtime/i18n/ui-strings.ts'),
});

export type UiTranslation = z.infer<typeof uiTranslationSchema>;

export const uiTranslationFile = (locale: string) => `content/translations/${locale}/ui.json`;

/** A UI catalogue's locale, or undefined when the path is not one. */
export const parseUiTranslationFile = (file: string): string | undefined => /^content\/translations\/([^/]+)\/ui\.json$/.exec(file)?.[1];
