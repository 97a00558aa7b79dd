/**
 * Reusable sections (content/sections/<id>.json) on pages: a `section` block is a reference, and
 * a page's data holds the section's own blocks in its place, expanded here at build time (and in
 * the editor's preview), so the browser gets ordinary blocks and a section costs a visitor
 * nothing. Publishing a section changes the data of the pages that place it, and only of those:
 * the incremental rebuild renders exactly them (server/build/rebuild.ts).
 */
import { SECTION_BLOCK } from "../../schemas/page.ts";

/** What a page's blocks can reference: each section's blocks, by its id. */
export type SectionBlocks = ReadonlyMap<string, { blocks: readonly unknown[] }>;

/** A block of the expanded list, and the index of the page's block it comes from (where its errors are located). */
export interface ExpandedBlock {
  block: Record<string, unknown>;
  origin: number;
}

const referenced = (block: unknown): string | undefined => {
  const b = block as { type?: unknown; section?: unknown } | null;
  return b?.type === SECTION_BLOCK && typeof b.section === "string" ? b.section : undefined;
};

/** The page's blocks with each reference replaced by its section's blocks (none, for a section the checker reports missing). */
export function expandSections(blocks: readonly unknown[], sections: SectionBlocks | undefined): ExpandedBlock[] {
  return blocks.flatMap((block, origin) => {
    const id = referenced(block);
    if (id === undefined) return [{ block: block as Record<string, unknown>, origin }];
    return (sections?.get(id)?.blocks ?? []).map((own) => ({ block: own as Record<string, unknown>, origin }));
  });
}

/** The ids of the sections a page places, in order, each once. */
export const sectionsPlacedBy = (blocks: readonly unknown[]): string[] => [...new Set(blocks.flatMap((b) => referenced(b) ?? []))];

/** <id> → content/sections/<id>.json, and back. */
export const sectionFile = (id: string) => `content/sections/${id}.json`;
export const sectionIdOf = (file: string) => file.replace(/^.*\//, "").replace(/\.json$/, "");
