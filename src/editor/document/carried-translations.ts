/**
 * The translations copied blocks carry (./clipboard.ts): read from the source page's translation
 * files on Copy, and put into the target page's translation drafts on Paste, so a pasted block
 * arrives in every locale it was translated into. Each locale's texts go into that page's
 * translation draft (the draft someone may be typing in, else the file), under the blocks' new
 * keys, through the studio's shared drafts as a translation edit is: published from the
 * translation editor like any other. A draft someone changed meanwhile is read again and the
 * texts added to it, never written over it.
 */
import { errors } from "../../errors/catalogue.ts";
import type { StudioApi } from "../studio-api.ts";
import type { BlocksTexts, BlockTexts } from "./clipboard.ts";
import { emptyTranslation, translationFileOf } from "./translation.ts";

/** The documents whose blocks translate: a page or a reusable section, by name. */
export type BlocksKind = "page" | "section";

interface TranslationAsEdited {
  data: { blocks?: Record<string, BlockTexts> } & Record<string, unknown>;
  base: string | null;
  /** The shared draft's revision (null: no draft). */
  over: string | null;
}

/** The translation as the translation editor would open it: its draft over its file, or a new one. */
async function asEdited(api: StudioApi, kind: BlocksKind, file: string): Promise<TranslationAsEdited | undefined> {
  const opened = await api.open(file);
  if (opened.ok) {
    const { draft, data, version } = opened.data;
    return draft ? { data: draft.data as TranslationAsEdited["data"], base: draft.base, over: draft.revision } : { data: data as TranslationAsEdited["data"], base: version, over: null };
  }
  if (opened.status !== 404) return undefined;
  const kept = await api.draft(file);
  if (kept.ok) return { data: kept.data.draft.data as TranslationAsEdited["data"], base: kept.data.draft.base, over: kept.data.draft.revision };
  return { data: emptyTranslation(kind) as TranslationAsEdited["data"], base: null, over: null };
}

/** The translated texts of the blocks `keys` of a page or section, in each of `locales`, as its translation editor shows them (drafts included). */
export async function textsOfBlocks(api: StudioApi, kind: BlocksKind, name: string, keys: readonly string[], locales: readonly string[]): Promise<BlocksTexts> {
  const found: BlocksTexts = {};
  await Promise.all(
    locales.map(async (locale) => {
      const translation = await asEdited(api, kind, translationFileOf(kind, name, locale));
      const blocks = translation?.data.blocks;
      const texts = Object.fromEntries(keys.filter((key) => blocks && Object.hasOwn(blocks, key)).map((key) => [key, blocks![key]!]));
      if (Object.keys(texts).length > 0) found[locale] = texts;
    }),
  );
  return found;
}

/** Keeps a draft once more after someone changed it meanwhile: enough for two people pasting at once. */
const TRIES = 3;

/**
 * Adds each locale's texts to the translation draft of the page or section `name`, under the
 * keys they are given (the pasted blocks' own); answers the locales whose draft has them, and
 * those it could not be kept in (the studio refused or could not be reached).
 */
export async function landTexts(api: StudioApi, kind: BlocksKind, name: string, texts: BlocksTexts): Promise<{ landed: string[]; failed: string[] }> {
  const landed: string[] = [];
  const failed: string[] = [];
  for (const [locale, byKey] of Object.entries(texts)) {
    const file = translationFileOf(kind, name, locale);
    let kept = false;
    for (let tries = 0; tries < TRIES && !kept; tries++) {
      const translation = await asEdited(api, kind, file);
      if (!translation) break;
      const data = { ...translation.data, blocks: { ...translation.data.blocks, ...byKey } };
      const answer = await api.keepDraft(file, translation.base, data, translation.over);
      kept = answer.ok;
      // Only a draft changed meanwhile is tried again: any other refusal would be refused again.
      if (!answer.ok && answer.failure.error.code !== errors.StudioDraftChanged.code) break;
    }
    (kept ? landed : failed).push(locale);
  }
  return { landed, failed };
}
