/**
 * Translations, checked per locale other than the default (drafts too: they are checked, not
 * built). For each page, each translated collection and content/site.json (a source file) it
 * reports, once each and where a person fixes it:
 *
 * - a text with no translation (a warning at the source text, naming the locale shown instead),
 *   or a whole source file without a translation file (one warning at it);
 * - a stale translation: its recorded source hash is not the source text's any more (a
 *   warning at the translation, with the old and the new source text);
 * - an orphaned translation: its slot names no text of the source (a warning at it);
 * - a block with texts but no key, which cannot be translated (one warning at the block);
 * - below 100 % in a locale that requires completeness (an error);
 * - a translation whose {placeholders} are not its source's (an error: the page would show
 *   a placeholder unfilled, or lose a value);
 * - a translation of a formatted text (a price's amount, "5000 USD") not in its format (an error).
 *
 * Broken translation files (JSON, shape), files for pages or locales that do not exist, are
 * errors. The completeness of each source file in each locale comes back for the report.
 */
import { type CollectionName } from "../../../schemas/collections/index.ts";
import { fallbackChain, type LocaleRegistry } from "../../../schemas/locales.ts";
import type { Page, PageSchema } from "../../../schemas/page.ts";
import {
  collectionTranslationFile,
  mediaTranslationFile,
  collectionTranslationSchema,
  pageTranslationFile,
  pageTranslationSchema,
  parseTranslationFile,
  sectionTranslationFile,
  sectionTranslationSchema,
  siteTranslationFile,
  siteTranslationSchema,
  taxonomyTranslationFile,
  taxonomyTranslationSchema,
  type PageTranslation,
  type TranslatedText,
  type Translation,
  type TranslationTarget,
} from "../../../schemas/translations.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { at, type ContentError, type Labeller, located } from "../../content-files/errors.ts";
import { fileLabeller, issueToError, itemLabeller } from "../../content-files/issues.ts";
import { parseJsonSource, type SourceFile } from "../../content-files/source.ts";
import { pageTexts } from "../i18n/page-texts.ts";
import { checkTranslatedPath } from "../i18n/translated-paths.ts";
import { collectionTexts, mediaTexts, siteTexts, taxonomyTexts, translatedCollections } from "../i18n/collection-texts.ts";
import { filledSlots, type Slot, slotId, slotName, type SourceText, translationAt } from "../i18n/slots.ts";
import { sourceHash } from "../i18n/source-hash.ts";
import type { PageFile, SectionFile } from "./model.ts";

export interface Completeness {
  locale: string;
  /** The source file: a page (content/pages/<name>.json), a collection file or content/site.json. */
  page: string;
  /** Its translation file, when there is one. */
  translationFile?: string;
  /** Texts translated from the current source text (neither missing nor stale). */
  translated: number;
  total: number;
  /** Whole percent, rounded down: 100 only when every text is translated. */
  percent: number;
  /** Each text that can be translated (it has a slot), as this check found it: what the page editor's badges show. */
  texts: TextState[];
  /** The block keys a page's or a section's translation fills that the source has no block for (orphaned: the translation editor lists them to remove). */
  orphanedBlocks?: string[];
}

/**
 * One text of a source file in one locale: its slot, its place in the source, the source text
 * now and its hash (what a translation made from it records), and what the check found:
 * translated from this very text, missing (none, or a stub's ""), stale (made from another
 * text), refused (its {placeholders} are not the source's: an error), or malformed (a
 * formatted text, a price's amount, not in its format: an error).
 */
export interface TextState {
  slot: Slot;
  path: SourceText["path"];
  source: string;
  hash: string;
  state: "translated" | "missing" | "stale" | "refused" | "malformed";
}

export interface TranslationsCheck {
  errors: ContentError[];
  warnings: ContentError[];
  completeness: Completeness[];
  /** The valid translation files: by locale, then the file they translate (content/pages/about.json, content/collections/services.json, content/site.json). */
  translations: ReadonlyMap<string, ReadonlyMap<string, Translation>>;
  /** The same files' sources, to locate what later checks find in them (a translated path taken, i18n/locale-routes.ts). */
  sources: ReadonlyMap<string, ReadonlyMap<string, SourceFile>>;
}

/** What is translated: the valid pages, collections and site config. */
export interface TranslationSources {
  pageSchema: PageSchema;
  pages: readonly PageFile[];
  /** The valid reusable sections: translated once, as a page's blocks are. */
  sections?: readonly SectionFile[];
  /** Whether a page (or section) file exists, valid or not (an invalid one's translations are not checked). */
  pageExists: (file: string) => boolean;
  /** The valid collections' items, and their files. */
  collections: Partial<Record<CollectionName, { items: readonly unknown[]; source?: SourceFile }>>;
  /** content/site.json, when it is valid. */
  site?: { value: unknown; source: SourceFile };
  /** The local blog's taxonomy (content/blog/taxonomy.json), when it is valid. */
  taxonomy?: { value: unknown; source: SourceFile };
  /** The media library's valid entries (content/media/<id>.json): their alt texts and captions. */
  media?: readonly { id: string; value: unknown; source: SourceFile }[];
}

interface TranslationSource {
  source: SourceFile;
  translation: Translation;
}

/** A source file as the check walks it (and npm run content:translate writes stubs for). */
export interface Unit {
  file: string;
  /** How errors name the source file, and its parts. */
  label: string;
  labeller: Labeller;
  source: SourceFile;
  texts: SourceText[];
  translationFile: (locale: string) => string;
  kind: TranslationTarget["kind"];
}

/** @param json every JSON content file by path (translation files among them) */
export function checkTranslations(json: ReadonlyMap<string, string>, registry: LocaleRegistry, sources: TranslationSources): TranslationsCheck {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const targets = registry.locales.filter((l) => l.code !== registry.default.code);
  const known = new Set(targets.map((l) => l.code));
  const nameOf = (code: string) => {
    const locale = registry.locales.find((l) => l.code === code);
    return locale ? `${locale.name} (${code})` : code;
  };

  // Every translation file, read and checked; by locale, then source file.
  const translations = new Map<string, Map<string, TranslationSource>>();
  const unknownReported = new Set<string>();
  for (const [file, text] of json) {
    const parsed = parseTranslationFile(file);
    if (!parsed) continue;
    const { locale, target } = parsed;
    const label = `Translation ${locale} of ${target.file.replace(/^.*\//, "")}`;
    if (!known.has(locale)) {
      if (!unknownReported.has(locale)) errors.push(at(file, { line: 1, column: 1 }, label, catalogue.UnknownTranslationLocale(locale)));
      unknownReported.add(locale);
      continue;
    }
    if (((target.kind === "page" || target.kind === "section") && !sources.pageExists(target.file)) || (target.kind === "media" && !sources.media?.some((m) => m.source.file === target.file))) {
      errors.push(at(file, { line: 1, column: 1 }, label, catalogue.TranslationForMissingPage(target.file)));
      continue;
    }
    if (target.kind === "collection" && !(translatedCollections as string[]).includes(target.name)) {
      errors.push(at(file, { line: 1, column: 1 }, label, catalogue.TranslationForUnknownCollection(target.name, translatedCollections)));
      continue;
    }
    const { source, errors: syntax } = parseJsonSource(file, text, label);
    errors.push(...syntax);
    if (!source) continue;
    const schema = { page: pageTranslationSchema, collection: collectionTranslationSchema, site: siteTranslationSchema, taxonomy: taxonomyTranslationSchema, media: siteTranslationSchema, section: sectionTranslationSchema }[target.kind];
    const result = schema.safeParse(source.data);
    if (!result.success) {
      errors.push(...result.error.issues.map((i) => issueToError(i, source, fileLabeller(label))));
      continue;
    }
    if (target.kind === "page") {
      const page = sources.pages.find((p) => p.source.file === target.file);
      if (page) errors.push(...checkTranslatedPath(page.page.path, result.data as PageTranslation, source));
    }
    if (!translations.has(locale)) translations.set(locale, new Map());
    translations.get(locale)!.set(target.file, { source, translation: result.data });
  }

  const completeness: Completeness[] = [];
  for (const unit of units(sources)) {
    const { file, texts } = unit;

    // A block that cannot be translated: once, whatever the number of locales.
    if (targets.length > 0) {
      const keyless = new Set(texts.filter((t) => !t.slot).map((t) => t.path[1] as number));
      for (const index of keyless) warnings.push(located(unit.source, ["blocks", index], unit.labeller, catalogue.BlockKeyMissing(targets.map((l) => l.code))));
    }

    for (const locale of targets) {
      const own = translations.get(locale.code)?.get(file);
      const chain = fallbackChain(registry, locale.code);
      /** The locale whose text is shown where this one has none: a fallback with a translation, else the default. */
      const shownInstead = (text: SourceText) =>
        nameOf((text.slot && chain.find((c) => translationAt(translations.get(c)?.get(file)?.translation, text.slot!, text.text))) ?? registry.default.code);
      let translated = 0;
      const states: TextState[] = [];
      let orphanedBlocks: string[] = [];
      const note = (text: SourceText, state: TextState["state"]) => {
        if (text.slot) states.push({ slot: text.slot, path: text.path, source: text.text, hash: sourceHash(text.text), state });
      };

      if (!own) {
        if (texts.length > 0) {
          const shown = [...new Set(texts.map(shownInstead))].join(" or ");
          const notTranslated = unit.kind === "page" ? catalogue.PageNotTranslated : catalogue.SourceNotTranslated;
          warnings.push(at(file, { line: 1, column: 1 }, unit.label, notTranslated(nameOf(locale.code), texts.length, shown, unit.translationFile(locale.code))));
        }
        for (const text of texts) note(text, "missing");
      } else {
        const { source, translation } = own;
        const label = fileLabeller(source.file.replace(/^content\//, ""));
        const used = new Set<TranslatedText>();
        for (const text of texts) {
          if (!text.slot) continue;
          const entry = translationAt(translation, text.slot, text.text);
          if (entry) used.add(entry);
          if (!entry) {
            warnings.push(located(unit.source, text.path, unit.labeller, catalogue.TranslationMissing(nameOf(locale.code), shownInstead(text), source.file, slotName(text.slot))));
            note(text, "missing");
          } else if (entry.hash !== sourceHash(text.text)) {
            warnings.push(located(source, text.slot, label, catalogue.TranslationStale(nameOf(locale.code), entry.source, text.text, sourceHash(text.text))));
            note(text, "stale");
          } else if (placeholders(entry.text).join() !== placeholders(text.text).join()) {
            errors.push(located(source, [...text.slot, "text"], label, catalogue.TranslationPlaceholders(placeholders(text.text), placeholders(entry.text))));
            note(text, "refused");
          } else if (text.formatError?.(entry.text)) {
            errors.push(located(source, [...text.slot, "text"], label, catalogue.TranslationFormat(entry.text, text.formatError(entry.text)!)));
            note(text, "malformed");
          } else {
            translated++;
            note(text, "translated");
          }
        }
        const orphaned = unit.kind === "page" || unit.kind === "section" ? catalogue.TranslationOrphaned : catalogue.TranslationOrphanedItem;
        const found = orphans(texts, translation, used);
        warnings.push(...found.map((o) => located(source, o.path, label, orphaned(o.name))));
        orphanedBlocks = found.filter((o) => o.path.length === 2 && o.path[0] === "blocks").map((o) => o.path[1]!);
      }

      const percent = texts.length === 0 ? 100 : Math.floor((translated * 100) / texts.length);
      completeness.push({ locale: locale.code, page: file, ...(own && { translationFile: own.source.file }), translated, total: texts.length, percent, texts: states, ...(orphanedBlocks.length > 0 && { orphanedBlocks }) });
      if (locale.requireComplete && percent < 100) {
        const where = own?.source.file ?? file;
        errors.push(at(where, { line: 1, column: 1 }, own ? `Translation ${locale.code} of ${file.replace(/^.*\//, "")}` : unit.label, catalogue.TranslationIncomplete(nameOf(locale.code), percent)));
      }
    }
  }
  const valid = new Map([...translations].map(([locale, byPage]) => [locale, new Map([...byPage].map(([file, t]) => [file, t.translation]))]));
  const files = new Map([...translations].map(([locale, byPage]) => [locale, new Map([...byPage].map(([file, t]) => [file, t.source]))]));
  return { errors, warnings, completeness, translations: valid, sources: files };
}

/** Every source file with texts to translate: pages, then collections, the site config, the blog's taxonomy, the images. */
export function units(sources: TranslationSources): Unit[] {
  /** A file of blocks (a page, a section): its blocks' texts by block key. */
  const blocksUnit = (kind: "page" | "section", label: string, source: SourceFile, page: Parameters<typeof pageTexts>[1], translationFile: Unit["translationFile"]): Unit => ({
    file: source.file,
    label,
    labeller: itemLabeller(label, (source.data as { blocks?: unknown })?.blocks, "blocks", "type", "block"),
    source,
    texts: pageTexts(sources.pageSchema, page),
    translationFile,
    kind,
  });
  const pages = sources.pages.map((page) => blocksUnit("page", page.label, page.source, page.page, (locale) => pageTranslationFile(locale, page.source.file)));
  // A section has no meta: its blocks are all it translates.
  const sections = (sources.sections ?? []).map((s) => blocksUnit("section", s.label, s.source, { meta: {} as Page["meta"], blocks: s.section.blocks as Page["blocks"] }, (locale) => sectionTranslationFile(locale, s.id)));
  const collections = translatedCollections.flatMap((name): Unit[] => {
    const collection = sources.collections[name];
    if (!collection?.source) return [];
    const label = name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");
    const labeller = itemLabeller(label, (collection.source.data as { items?: unknown })?.items, "items", "id");
    return [
      { file: collection.source.file, label, labeller, source: collection.source, texts: collectionTexts(name, collection.items), translationFile: (l) => collectionTranslationFile(l, name), kind: "collection" },
    ];
  });
  const site = sources.site
    ? [{ file: sources.site.source.file, label: "Site settings", labeller: fileLabeller("Site settings"), source: sources.site.source, texts: siteTexts(sources.site.value), translationFile: siteTranslationFile, kind: "site" } satisfies Unit]
    : [];
  const taxonomy = sources.taxonomy
    ? [
        {
          file: sources.taxonomy.source.file,
          label: "Blog taxonomy",
          labeller: fileLabeller("Blog taxonomy"),
          source: sources.taxonomy.source,
          texts: taxonomyTexts(sources.taxonomy.value),
          translationFile: taxonomyTranslationFile,
          kind: "taxonomy",
        } satisfies Unit,
      ]
    : [];
  const media = (sources.media ?? []).map(
    ({ id, value, source }): Unit => ({
      file: source.file,
      label: `Image ${id}`,
      labeller: fileLabeller(`Image ${id}`),
      source,
      texts: mediaTexts(value),
      translationFile: (locale) => mediaTranslationFile(locale, id),
      kind: "media",
    }),
  );
  return [...pages, ...sections, ...collections, ...site, ...taxonomy, ...media];
}

/** A text's {placeholders}, filled in from an item or a count: each once, sorted. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{([A-Za-z][\w.]*)\}/g)].map((m) => m[1]!))].sort();

/**
 * What the translation fills that the source has no text for, and no text found moved
 * (`used`); a block key or item id the source lacks is one orphan, not one per field.
 */
function orphans(texts: readonly SourceText[], translation: Translation, used: ReadonlySet<TranslatedText>): { path: string[]; name: string }[] {
  const present = new Set(texts.flatMap((t) => (t.slot ? [slotId(t.slot)] : [])));
  const groups = new Set(texts.flatMap((t) => (t.slot && t.slot.length === 3 ? [slotId(t.slot.slice(0, 2))] : [])));
  const found: { path: string[]; name: string }[] = [];
  for (const slot of filledSlots(translation)) {
    if (present.has(slotId(slot)) || used.has(entryAt(translation, slot))) continue;
    if (slot.length < 3 || groups.has(slotId(slot.slice(0, 2)))) found.push({ path: [...slot], name: `"${slotName(slot)}"` });
    else if (!found.some((f) => f.path.length === 2 && f.path[0] === slot[0] && f.path[1] === slot[1])) {
      found.push({ path: slot.slice(0, 2), name: slot[0] === "blocks" ? `The block key "${slot[1]}"` : `The item "${slot[1]}"` });
    }
  }
  return found;
}

const entryAt = (translation: Translation, slot: Slot) => slot.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], translation) as TranslatedText;
