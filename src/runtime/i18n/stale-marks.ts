/**
 * A page of a locale as its translation's preview shows it: each block with the number of its
 * texts translated from an older English (stale: still shown, reported by the checker), so
 * the page itself shows what is stale (PageRenderer's StaleMark). Only a preview asks for it;
 * a built page never carries it.
 */
import type { TextState } from "../content/translations-check.ts";
import type { PageData } from "../page-data.ts";
import type { RouteEntry } from "../route-table.ts";
import { expandSections, type SectionBlocks } from "../sections.ts";

export function withStaleMarks(data: PageData, entry: RouteEntry, texts: readonly TextState[], sections?: SectionBlocks): PageData {
  const stale = new Map<string, number>();
  for (const text of texts) if (text.state === "stale" && text.slot[0] === "blocks") stale.set(text.slot[1]!, (stale.get(text.slot[1]!) ?? 0) + 1);
  if (stale.size === 0) return data;
  // The rendered blocks are the page's with its sections expanded: each from the page's block at `origin`.
  const expanded = expandSections(entry.file.page.blocks, sections);
  const keyAt = (i: number) => (entry.file.page.blocks[expanded[i]?.origin ?? -1] as { key?: string } | undefined)?.key;
  return { ...data, blocks: data.blocks.map((block, i) => (stale.get(keyAt(i) ?? "") ? { ...block, stale: stale.get(keyAt(i)!)! } : block)) };
}
