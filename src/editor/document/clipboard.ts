/**
 * Blocks on the system clipboard: what Copy writes and what Paste accepts, so a marketer
 * carries blocks between pages, browser tabs and two sites built with this builder. The text
 * is versioned JSON; on paste every block is checked against this site's block schemas (a type
 * this site lacks, or props its schema does not know, as from a newer site, is refused with
 * the reason) and gets a key no block of the target page has. References to collection items
 * and pictures are checked by the checker once the block is on the page, on their fields.
 */
import { uniqueBlockKey } from "../../../schemas/block-key.ts";
import { blocks, isBlockType } from "../../blocks/registry.ts";
import { errors } from "../../errors/catalogue.ts";
import type { ErrorData } from "../../errors/define.ts";
import { blockLabel } from "../schema/labels.ts";
import { fieldPathWords } from "./places.ts";

/** What marks our text among whatever else a clipboard holds. */
export const CLIPBOARD_FORMAT = "agency-site/blocks";
/** Raised when the shape of the text changes; a reader refuses a newer one. */
export const CLIPBOARD_VERSION = 1;

export interface CopiedBlocks {
  format: typeof CLIPBOARD_FORMAT;
  version: number;
  /** Where they were copied from, for the paste's message: the page's name ("About Us (/about)"). */
  from: string;
  blocks: unknown[];
}

export function copyText(blocksToCopy: readonly unknown[], from: string): string {
  const copied: CopiedBlocks = { format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, from, blocks: structuredClone([...blocksToCopy]) };
  return JSON.stringify(copied, null, 2);
}

export type Pasted = { ok: true; blocks: Record<string, unknown>[]; from: string } | { ok: false; error: ErrorData };

/**
 * Reads clipboard text as blocks for a page whose blocks have the keys `taken`: each block
 * valid for this site, keyed apart from the page's and from each other.
 */
export async function readPasted(text: string, taken: readonly string[]): Promise<Pasted> {
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
  for (const [i, block] of copied.blocks.entries()) {
    const position = copied.blocks.length > 1 ? i + 1 : undefined;
    if (!block || typeof block !== "object" || Array.isArray(block)) return { ok: false, error: errors.PasteNotBlocks() };
    const { type, key, ...props } = block as Record<string, unknown>;
    if (typeof type !== "string" || !isBlockType(type)) return { ok: false, error: errors.PasteUnknownBlock(String(type), position) };
    const parsed = (await blocks[type].definition()).schema.safeParse(props);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length > 0 ? fieldPathWords(issue.path.reduce<string>((at, part) => (typeof part === "number" ? `${at}[${part}]` : at ? `${at}.${String(part)}` : String(part)), "")) : undefined;
      return { ok: false, error: errors.PasteInvalidBlock(blockLabel(type), field, issue.message, position) };
    }
    const own = uniqueBlockKey(typeof key === "string" ? key : type, keys);
    keys.push(own);
    // The props as copied, not as parsed: defaults stay unwritten, as the editor keeps them.
    pasted.push({ type, key: own, ...props });
  }
  return { ok: true, blocks: pasted, from: copied.from };
}

function isCopied(value: unknown): value is CopiedBlocks {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<CopiedBlocks>;
  return v.format === CLIPBOARD_FORMAT && typeof v.version === "number" && Number.isInteger(v.version) && v.version >= 1 && Array.isArray(v.blocks) && v.blocks.length > 0 && typeof (v.from ?? "") === "string";
}
