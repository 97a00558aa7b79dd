/**
 * A page's or a collection's translation into a locale, or a site-wide file's (the site
 * config's, the blog taxonomy's: schemas/translations.ts siteWideSources), as the editor edits it: the
 * translation file (schemas/translations.ts) is a document like any other, saved through the
 * same store and draft keeper: its drafts and publishing are the studio's.
 *
 * What there is to translate, and the state of each text (missing, stale…), is never worked
 * out here: the checker says it (TranslationState, from src/runtime/content/translations-check.ts)
 * with every open and every check of the draft. This module turns those states into edits of
 * the translation file that change one line each: a text typed, or a stale translation marked
 * as still correct (its recorded source and hash set to the source's, on the entry's one line).
 */
import { collectionTranslationFile, pageTranslationFile, sectionTranslationFile, type SiteWideKind, siteWideSource, type TranslatedText } from "../../../schemas/translations.ts";
import type { TextState } from "../../runtime/content/translations-check.ts";
import { translationAt } from "../../runtime/i18n/slots.ts";
import type { FieldChange, TranslationState } from "../model.ts";
import { translationTexts } from "../translation-texts.ts";
import { valueWords } from "./changes.ts";
import { fileOf, type OpenOutcome } from "./open.ts";
import type { Path } from "./paths.ts";
import type { DocumentKind } from "./reducer.ts";
import type { DocumentStorage } from "./store.ts";

export type { TextState };

/** What a translation translates: a page, a section or a collection (by its name), or a site-wide file (no name). */
export type TranslatedKind = Exclude<DocumentKind, "settings" | "template"> | SiteWideKind;

/** Where the translation of a page, a collection or a site-wide file into `locale` is filed. */
export const translationFileOf = (kind: TranslatedKind, name: string, locale: string) =>
  siteWideSource(kind)?.translationFile(locale) ??
  (kind === "page" ? pageTranslationFile(locale, fileOf(kind, name)) : kind === "section" ? sectionTranslationFile(locale, name) : collectionTranslationFile(locale, name));

/** A translation not begun: what its first save writes (the entries follow as they are typed). */
export const emptyTranslation = (kind: TranslatedKind) => {
  const siteWide = siteWideSource(kind);
  // content/translations/<locale>/site.json is a folder less deep than …/pages/<page>.json.
  if (siteWide) return { $schema: `../../../schemas/json/${siteWide.jsonSchema}`, fields: {} };
  if (kind === "collection") return { $schema: "../../../../schemas/json/collection-translation.schema.json", items: {} };
  return { $schema: `../../../../schemas/json/${kind === "section" ? "section" : "page"}-translation.schema.json`, blocks: {} };
};

/**
 * Opens a translation file like ./open.ts opens a page: from its store, with an unsaved draft
 * restored over it; a translation with no file yet opens as a new document (its draft, if one
 * was kept, else empty), written by its first save.
 */
export async function openTranslation(translated: TranslatedKind, name: string, locale: string, { store, keeper }: DocumentStorage): Promise<OpenOutcome> {
  const file = translationFileOf(translated, name, locale);
  // The reducer's kind says where a document's entries are: a translation has none (its texts are edited by path).
  const kind: DocumentKind = translated === "page" || translated === "section" ? translated : "collection";
  const loaded = await store.load(file);
  const draft = keeper.get(file);
  if (loaded.kind === "failed") return { state: "failed", failure: loaded.failure };
  if (loaded.kind === "missing" || draft?.version === null) {
    const data = draft?.version === null ? draft.data : emptyTranslation(translated);
    return { state: "loaded", value: { file, kind, name, data, saved: undefined, version: null, errors: [], restored: false } };
  }
  const { data, version, errors, translation } = loaded.document;
  const base = { file, kind, name, version, errors, ...(translation && { translation }) } as const;
  if (data === undefined) return { state: "unreadable", failure: { ...base, data: undefined, saved: undefined, restored: false } };
  const restore = draft !== undefined && JSON.stringify(draft.data) !== JSON.stringify(data);
  return { state: "loaded", value: { ...base, data: restore ? draft.data : data, saved: data, restored: restore } };
}

/** The translation shown for a text: its slot's entry, or one made from this text that moved in its list. */
export const entryFor = (translation: unknown, text: TextState): TranslatedText | undefined =>
  translationAt(translation as Parameters<typeof translationAt>[0], text.slot, text.source);

/** The entry as it is filed at the text's slot, written or a stub's. */
function filed(translation: unknown, text: TextState): TranslatedText | undefined {
  const value = text.slot.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), translation);
  return value && typeof value === "object" && typeof (value as TranslatedText).text === "string" ? (value as TranslatedText) : undefined;
}

/** An edit of the translation document: one `edit` action of the editor's reducer. */
export interface TranslationEdit {
  path: Path;
  value: unknown;
}

/**
 * Typing a translation: an entry already written keeps its provenance and changes its text
 * only; a new one (or a stub's "") records the source text it is made from, and its hash.
 */
export function typed(translation: unknown, text: TextState, value: string): TranslationEdit {
  const entry = filed(translation, text);
  if (entry && entry.text !== "") return { path: [...text.slot, "text"], value };
  return { path: [...text.slot], value: { text: value, source: text.source, hash: text.hash } };
}

/** "Mark as still correct": the entry's recorded source and hash become the source's now; its text stays. */
export function stillCorrect(translation: unknown, text: TextState): TranslationEdit | undefined {
  const entry = filed(translation, text);
  if (!entry) return undefined;
  return { path: [...text.slot], value: { ...entry, source: text.source, hash: text.hash } };
}

/**
 * What publishing a translation changes, in words: each text whose translation differs between
 * `before` and `after`, named by the source text it translates ("'About Us': 'हमारे' → 'हमारे बारे में'"),
 * a marked-as-still-correct one as such. For Publish's question, as changes.ts words a page's.
 */
export function translationChanges(before: unknown, after: unknown, texts: readonly TextState[]): FieldChange[] {
  // The texts of a block the source does not have, removed (the orphaned list's Remove): one change each.
  const sourceBlocks = new Set(texts.flatMap((text) => (text.slot[0] === "blocks" ? [String(text.slot[1])] : [])));
  const [beforeBlocks, afterBlocks] = [translationBlocks(before), translationBlocks(after)];
  const removedBlocks = Object.keys(beforeBlocks)
    .filter((key) => !sourceBlocks.has(key) && !Object.hasOwn(afterBlocks, key))
    .map((key): FieldChange => ({ path: ["blocks", key], before: beforeBlocks[key], after: undefined, words: `${orphanedBlockName(before, key)}: ${translationTexts.translationRemoved}` }));
  return [...removedBlocks, ...texts.flatMap((text) => {
    const was = filed(before, text);
    const now = filed(after, text);
    if (was?.text === now?.text && was?.hash === now?.hash) return [];
    const source = valueWords(text.source);
    const words =
      was?.text === now?.text ? `${source}: ${translationTexts.markedCorrect}`
      : !was?.text ? `${source}: ${translationTexts.translatedAs(valueWords(now?.text))}`
      : !now?.text ? `${source}: ${translationTexts.translationRemoved}`
      : `${source}: ${valueWords(was.text)} → ${valueWords(now.text)}`;
    return [{ path: text.slot, before: was?.text, after: now?.text, words }];
  })];
}

/** A page's or a section's translation's texts by block key ({} when it has none). */
export const translationBlocks = (translation: unknown): Record<string, unknown> => {
  const blocks = (translation as { blocks?: unknown } | null)?.blocks;
  return blocks && typeof blocks === "object" && !Array.isArray(blocks) ? (blocks as Record<string, unknown>) : {};
};

/** A block the source does not have, named by the English its first text was translated from (never its key): "A block with “Ready to start?”". */
export function orphanedBlockName(translation: unknown, key: string): string {
  const entries = Object.values((translationBlocks(translation)[key] ?? {}) as Record<string, unknown>);
  const source = entries.map((entry) => (entry as Partial<TranslatedText> | null)?.source).find((text) => typeof text === "string" && text !== "");
  return source === undefined ? translationTexts.orphanedBlockWithout : translationTexts.orphanedBlock(valueWords(source));
}

/** A block's (or an item's, or the page meta's, or a site-wide file's) texts, in document order, with its counts for badges. */
export interface TextGroup {
  /** ["meta"], ["blocks", key], ["items", id] or ["fields"]: the slot's first keys. */
  id: string;
  kind: "meta" | "block" | "item" | "fields";
  /** The block key or item id; "" for the meta and a site-wide file's fields. */
  name: string;
  texts: TextState[];
  missing: number;
  stale: number;
}

export function groupTexts(state: TranslationState | undefined): TextGroup[] {
  const groups = new Map<string, TextGroup>();
  for (const text of state?.texts ?? []) {
    // The page's meta, and a site-wide file's fields, are one group each.
    const whole = text.slot[0] === "meta" || text.slot[0] === "fields";
    const id = whole ? text.slot[0]! : `${text.slot[0]}/${text.slot[1]}`;
    const kind = text.slot[0] === "meta" ? "meta" : text.slot[0] === "fields" ? "fields" : text.slot[0] === "blocks" ? "block" : "item";
    const group = groups.get(id) ?? { id, kind, name: whole ? "" : text.slot[1]!, texts: [], missing: 0, stale: 0 };
    group.texts.push(text);
    if (text.state === "missing") group.missing++;
    if (text.state === "stale") group.stale++;
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** The field a text's translation is filed under, as the checker names it: title, heading.title, items[2].text, navigation.links[href=/about].label. */
export const fieldOf = (text: TextState) => (text.slot[0] === "meta" || text.slot[0] === "fields" ? text.slot[1]! : text.slot.slice(2).join(" → "));
