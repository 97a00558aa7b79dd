/**
 * Translations, checked per locale other than the default (drafts too: they are checked, not
 * built). For each page it reports, once each and where a person fixes it:
 *
 * - a text with no translation (a warning at the source text, naming the locale shown instead),
 *   or a whole page without a translation file (one warning at the page);
 * - a stale translation: its recorded source hash is not the source text's any more (a
 *   warning at the translation, with the old and the new source text);
 * - an orphaned translation: its slot names no text of the page (a warning at it);
 * - a block with texts but no key, which cannot be translated (one warning at the block);
 * - below 100 % in a locale that requires completeness (an error);
 * - a translation whose {placeholders} are not its source's (an error: the page would show
 *   a placeholder unfilled, or lose a value).
 *
 * Broken translation files (JSON, shape), files for pages or locales that do not exist, are
 * errors. The completeness of each page in each locale comes back for the report.
 */
import { fallbackChain, type LocaleRegistry } from "../../../schemas/locales.ts";
import type { PageSchema } from "../../../schemas/page.ts";
import { pageTranslationFile, pageTranslationSchema, parsePageTranslationFile, type PageTranslation } from "../../../schemas/translations.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { at, type ContentError, located } from "../../content-files/errors.ts";
import { fileLabeller, issueToError, itemLabeller } from "../../content-files/issues.ts";
import { parseJsonSource, type SourceFile } from "../../content-files/source.ts";
import { filledSlots, type PageText, pageTexts, type Slot, slotId, slotName, translationAt } from "../i18n/page-texts.ts";
import { sourceHash } from "../i18n/source-hash.ts";
import type { PageFile } from "./model.ts";

export interface Completeness {
  locale: string;
  /** The page file, content/pages/<name>.json. */
  page: string;
  /** Its translation file, when there is one. */
  translationFile?: string;
  /** Texts translated from the current source text (neither missing nor stale). */
  translated: number;
  total: number;
  /** Whole percent, rounded down: 100 only when every text is translated. */
  percent: number;
}

export interface TranslationsCheck {
  errors: ContentError[];
  warnings: ContentError[];
  completeness: Completeness[];
  /** The valid translation files: by locale, then page file (content/pages/<name>.json). */
  translations: ReadonlyMap<string, ReadonlyMap<string, PageTranslation>>;
}

interface TranslationSource {
  source: SourceFile;
  translation: PageTranslation;
}

/**
 * @param json every JSON content file by path (translation files among them)
 * @param pages the valid page files; `pageExists` also knows the invalid ones (their translations are not checked)
 */
export function checkTranslations(
  json: ReadonlyMap<string, string>,
  registry: LocaleRegistry,
  schema: PageSchema,
  pages: readonly PageFile[],
  pageExists: (file: string) => boolean,
): TranslationsCheck {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const targets = registry.locales.filter((l) => l.code !== registry.default.code);
  const known = new Set(targets.map((l) => l.code));
  const nameOf = (code: string) => {
    const locale = registry.locales.find((l) => l.code === code);
    return locale ? `${locale.name} (${code})` : code;
  };

  // Every translation file, read and checked; by locale, then page file.
  const translations = new Map<string, Map<string, TranslationSource>>();
  const unknownReported = new Set<string>();
  for (const [file, text] of json) {
    const parsed = parsePageTranslationFile(file);
    if (!parsed) continue;
    const label = `Translation ${parsed.locale} of ${parsed.pageFile.replace(/^.*\//, "")}`;
    if (!known.has(parsed.locale)) {
      if (!unknownReported.has(parsed.locale)) errors.push(at(file, { line: 1, column: 1 }, label, catalogue.UnknownTranslationLocale(parsed.locale)));
      unknownReported.add(parsed.locale);
      continue;
    }
    if (!pageExists(parsed.pageFile)) {
      errors.push(at(file, { line: 1, column: 1 }, label, catalogue.TranslationForMissingPage(parsed.pageFile)));
      continue;
    }
    const { source, errors: syntax } = parseJsonSource(file, text, label);
    errors.push(...syntax);
    if (!source) continue;
    const result = pageTranslationSchema.safeParse(source.data);
    if (!result.success) {
      errors.push(...result.error.issues.map((i) => issueToError(i, source, fileLabeller(label))));
      continue;
    }
    if (!translations.has(parsed.locale)) translations.set(parsed.locale, new Map());
    translations.get(parsed.locale)!.set(parsed.pageFile, { source, translation: result.data });
  }

  const completeness: Completeness[] = [];
  for (const page of pages) {
    const file = page.source.file;
    const texts = pageTexts(schema, page.page);
    const pageLabel = itemLabeller(page.label, (page.source.data as { blocks?: unknown })?.blocks, "blocks", "type", "block");

    // A block that cannot be translated: once, whatever the number of locales.
    if (targets.length > 0) {
      const keyless = new Set(texts.filter((t) => !t.slot).map((t) => t.path[1] as number));
      for (const index of keyless) warnings.push(located(page.source, ["blocks", index], pageLabel, catalogue.BlockKeyMissing(targets.map((l) => l.code))));
    }

    for (const locale of targets) {
      const own = translations.get(locale.code)?.get(file);
      const chain = fallbackChain(registry, locale.code);
      /** The locale whose text is shown where this one has none: a fallback with a translation, else the default. */
      const shownInstead = (slot: Slot | undefined) =>
        nameOf((slot && chain.find((c) => translationAt(translations.get(c)?.get(file)?.translation, slot))) ?? registry.default.code);
      let translated = 0;

      if (!own) {
        if (texts.length > 0) {
          const shown = [...new Set(texts.map((t) => shownInstead(t.slot)))].join(" or ");
          warnings.push(at(file, { line: 1, column: 1 }, page.label, catalogue.PageNotTranslated(nameOf(locale.code), texts.length, shown, pageTranslationFile(locale.code, file))));
        }
      } else {
        const { source, translation } = own;
        const label = fileLabeller(source.file.replace(/^content\//, ""));
        for (const text of texts) {
          if (!text.slot) continue;
          const entry = translationAt(translation, text.slot);
          if (!entry) {
            warnings.push(located(page.source, text.path, pageLabel, catalogue.TranslationMissing(nameOf(locale.code), shownInstead(text.slot), source.file, slotName(text.slot))));
          } else if (entry.hash !== sourceHash(text.text)) {
            warnings.push(located(source, text.slot, label, catalogue.TranslationStale(nameOf(locale.code), entry.source, text.text, sourceHash(text.text))));
          } else if (placeholders(entry.text).join() !== placeholders(text.text).join()) {
            errors.push(located(source, [...text.slot, "text"], label, catalogue.TranslationPlaceholders(placeholders(text.text), placeholders(entry.text))));
          } else translated++;
        }
        warnings.push(...orphans(texts, translation).map((o) => located(source, o.path, label, catalogue.TranslationOrphaned(o.name))));
      }

      const percent = texts.length === 0 ? 100 : Math.floor((translated * 100) / texts.length);
      completeness.push({ locale: locale.code, page: file, ...(own && { translationFile: own.source.file }), translated, total: texts.length, percent });
      if (locale.requireComplete && percent < 100) {
        const where = own?.source.file ?? file;
        errors.push(at(where, { line: 1, column: 1 }, own ? `Translation ${locale.code} of ${file.replace(/^.*\//, "")}` : page.label, catalogue.TranslationIncomplete(nameOf(locale.code), percent)));
      }
    }
  }
  const valid = new Map([...translations].map(([locale, byPage]) => [locale, new Map([...byPage].map(([file, t]) => [file, t.translation]))]));
  return { errors, warnings, completeness, translations: valid };
}

/** A text's {placeholders}, filled in from an item or a count: each once, sorted. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{([A-Za-z][\w.]*)\}/g)].map((m) => m[1]!))].sort();

/** What the translation fills that the page has no text for; a block key the page lacks is one orphan, not one per field. */
function orphans(texts: readonly PageText[], translation: PageTranslation): { path: string[]; name: string }[] {
  const present = new Set(texts.flatMap((t) => (t.slot ? [slotId(t.slot)] : [])));
  const blockKeys = new Set(texts.flatMap((t) => (t.slot?.[0] === "blocks" ? [t.slot[1]] : [])));
  const found: { path: string[]; name: string }[] = [];
  for (const slot of filledSlots(translation)) {
    if (present.has(slotId(slot))) continue;
    if (slot[0] === "meta" || blockKeys.has(slot[1])) found.push({ path: [...slot], name: `"${slotName(slot)}"` });
    else if (!found.some((f) => f.path.length === 2 && f.path[1] === slot[1])) found.push({ path: ["blocks", slot[1]], name: `The block key "${slot[1]}"` });
  }
  return found;
}
