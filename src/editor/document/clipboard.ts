/**
 * Blocks on the system clipboard: what Copy writes and what Paste accepts, so a marketer
 * carries blocks between pages, browser tabs and two sites built with this builder. The text
 * is versioned JSON; on paste every block is checked against this site's block schemas (a type
 * this site lacks, or props its schema does not know, as from a newer site, is refused with
 * the reason) and gets a key no block of the target page has.
 *
 * Since version 2 the text carries each block's translated texts too (by locale, as its page's
 * translation file holds them, under the block's key as copied): on paste they are handed back
 * under the block's new key, for the target page's translation drafts (./carried-translations.ts).
 * References to collection items, sections and images are resolved against the target site:
 * one it has is kept, one it lacks is named at once (the block is pasted, the checker then
 * marks the field).
 */
import { uniqueBlockKey } from "../../../schemas/block-key.ts";
import type { KnownMedia, MediaIssue } from "../../../schemas/media-use.ts";
import { withKnownMedia } from "../../../schemas/media-use.ts";
import { canonicalLocale } from "../../../schemas/locales.ts";
import { withKnownIds } from "../../../schemas/references.ts";
import { translatedText, type TranslatedText } from "../../../schemas/translations.ts";
import { blocks, isBlockType } from "../../blocks/registry.ts";
import { errors } from "../../errors/catalogue.ts";
import type { ErrorData } from "../../errors/define.ts";
import { blockLabel } from "../schema/labels.ts";
import { fieldPathWords } from "./places.ts";

/** What marks our text among whatever else a clipboard holds. */
export const CLIPBOARD_FORMAT = "agency-site/blocks";
/** Raised when the shape of the text changes; a reader refuses a newer one (1: blocks only; 2: with their translations). */
export const CLIPBOARD_VERSION = 2;

/** A block's translated texts in one locale, as its page's translation file files them: by the text's place in the block (`heading.title`). */
export type BlockTexts = Record<string, TranslatedText>;
/** Translated texts by locale, then by block key. */
export type BlocksTexts = Record<string, Record<string, BlockTexts>>;

export interface CopiedBlocks {
  format: typeof CLIPBOARD_FORMAT;
  version: number;
  /** Where they were copied from, for the paste's message: the page's name ("About Us (/about)"). */
  from: string;
  blocks: unknown[];
  /** Version 2: the blocks' translated texts, under their keys as copied. */
  translations?: BlocksTexts;
}

export function copyText(blocksToCopy: readonly unknown[], from: string, translations: BlocksTexts = {}): string {
  const copied: CopiedBlocks = { format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, from, blocks: structuredClone([...blocksToCopy]), translations };
  return JSON.stringify(copied, null, 2);
}

/** The target site: its locales translated into (the default's aside), and what references resolve against: each collection's ids (sections' under "sections"), its images. */
export interface KnownHere {
  locales: readonly string[];
  ids: Record<string, ReadonlySet<string>>;
  /** Undefined: the images are not known here, so not resolved. */
  media: KnownMedia | undefined;
}

/** A reference a pasted block makes to something this site does not have. */
export type MissingReference = { kind: "item"; collection: string; id: string } | { kind: "image"; id: string };

export type Pasted =
  | {
      ok: true;
      blocks: Record<string, unknown>[];
      from: string;
      /** The pasted blocks' translated texts by locale, under their new keys. */
      translations: BlocksTexts;
      /** What the blocks name that this site lacks, each once. */
      missing: MissingReference[];
    }
  | { ok: false; error: ErrorData };

/**
 * Reads clipboard text as blocks for a page whose blocks have the keys `taken`: each block
 * valid for this site, keyed apart from the page's and from each other. With `here`, the
 * references are resolved against this site (else, as before, left to the checker).
 */
export async function readPasted(text: string, taken: readonly string[], here?: KnownHere): Promise<Pasted> {
  let copied: unknown;
  try {
    copied = JSON.parse(text);
  } catch {
    return { ok: false, error: errors.PasteNotBlocks() };
  }
  if (!isCopied(copied)) return { ok: false, error: errors.PasteNotBlocks() };
  if (copied.version > CLIPBOARD_VERSION) return { ok: false, error: errors.PasteNewerVersion(copied.version) };
  const keys = [...taken];
  const pasted: Record<string, unknown>[] = [];
  const translations: BlocksTexts = {};
  const missing = new Map<string, MissingReference>();
  for (const [i, block] of copied.blocks.entries()) {
    const position = copied.blocks.length > 1 ? i + 1 : undefined;
    if (!block || typeof block !== "object" || Array.isArray(block)) return { ok: false, error: errors.PasteNotBlocks() };
    const { type, key, ...props } = block as Record<string, unknown>;
    if (typeof type !== "string" || !isBlockType(type)) return { ok: false, error: errors.PasteUnknownBlock(String(type), position) };
    const { schema } = await blocks[type].definition();
    const parsed = here ? withKnownIds(here.ids, () => (here.media ? withKnownMedia(here.media, () => schema.safeParse(props)) : schema.safeParse(props))) : schema.safeParse(props);
    // A reference to what this site lacks (or an image's alt the checker words) does not refuse the block: it is named, and fixed on the page.
    const refusals = parsed.success ? [] : parsed.error.issues.filter((issue) => !referenceOf(issue, missing));
    if (refusals.length > 0) {
      const issue = refusals[0]!;
      const field = issue.path.length > 0 ? fieldPathWords(issue.path.reduce<string>((at, part) => (typeof part === "number" ? `${at}[${part}]` : at ? `${at}.${String(part)}` : String(part)), "")) : undefined;
      return { ok: false, error: errors.PasteInvalidBlock(blockLabel(type), field, issue.message, position) };
    }
    const own = uniqueBlockKey(typeof key === "string" ? key : type, keys);
    keys.push(own);
    // The props as copied, not as parsed: defaults stay unwritten, as the editor keeps them.
    pasted.push({ type, key: own, ...props });
    if (typeof key === "string") {
      for (const [locale, byKey] of Object.entries(copied.translations ?? {})) {
        // Only the target's locales (any well-formed one without `here`): another's texts have nowhere to go.
        if (here ? !here.locales.includes(locale) : canonicalLocale(locale) !== locale) continue;
        const texts = validTexts(byKey?.[key]);
        if (texts) (translations[locale] ??= {})[own] = texts;
      }
    }
  }
  return { ok: true, blocks: pasted, from: copied.from, translations, missing: [...missing.values()] };
}

/** Whether a zod issue is a reference's (notes it in `missing` when it names something this site lacks). */
function referenceOf(issue: object, missing: Map<string, MissingReference>): boolean {
  const params = ("params" in issue && issue.params ? issue.params : {}) as { reference?: { collection: string; id: string }; brokenReference?: true; media?: MediaIssue };
  if (params.reference) missing.set(`item:${params.reference.collection}:${params.reference.id}`, { kind: "item", collection: params.reference.collection, id: params.reference.id });
  else if (params.media?.problem === "unknown-asset") missing.set(`image:${params.media.id}`, { kind: "image", id: params.media.id });
  return params.reference !== undefined || params.brokenReference === true || params.media !== undefined;
}

/** A block's texts as the clipboard holds them, each a valid translation entry; undefined when none is. */
function validTexts(value: unknown): BlockTexts | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const texts = Object.entries(value).filter(([, entry]) => translatedText.safeParse(entry).success && (entry as TranslatedText).text !== "");
  return texts.length > 0 ? (Object.fromEntries(texts) as BlockTexts) : undefined;
}

function isCopied(value: unknown): value is CopiedBlocks {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<CopiedBlocks>;
  return v.format === CLIPBOARD_FORMAT && typeof v.version === "number" && Number.isInteger(v.version) && v.version >= 1 && Array.isArray(v.blocks) && v.blocks.length > 0 && typeof (v.from ?? "") === "string" && (v.translations === undefined || (typeof v.translations === "object" && v.translations !== null && !Array.isArray(v.translations)));
}
