/**
 * A merge conflict (./merge.ts) in the marketer's words: the place by its blocks' and fields'
 * labels ("Hero, Subtitle", "Card grid: Our Values, Card 2, Text"), and each side's value
 * ("'Engineers'", "removed", an order as its blocks' names), never a path or a key.
 */
import { fieldLabel } from "../schema/labels.ts";
import { texts } from "../texts.ts";
import { valueWords } from "./changes.ts";
import { identityOf, type MergeConflict } from "./merge.ts";
import type { Path } from "./paths.ts";
import { entryName, entryWords, placesOf } from "./places.ts";

const t = texts.studio.conflict;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A place in a document in words: "Hero, Title"; the page itself when the path is empty. */
export const placeWords = (doc: unknown, path: Path) => placesOf(doc, path).join(", ") || t.thePage;

/** An order of entries, by their names in the side's list. */
function orderWords(doc: unknown, conflict: MergeConflict, order: unknown): string {
  let list: unknown = doc;
  for (const key of conflict.path) list = Array.isArray(list) ? list[Number(key)] : isRecord(list) ? list[String(key)] : undefined;
  const entries = Array.isArray(list) ? list : [];
  const ids = Array.isArray(order) ? order : [];
  return ids.map((id) => entries.findIndex((e) => identityOf(e) === id)).filter((i) => i >= 0).map((i) => entryName(entries, i, conflict.path.at(-1))).join(", ");
}

export interface ConflictWords {
  place: string;
  mine: string;
  theirs: string;
}

/** A conflict in words; `mine` and `theirs` are the two documents merged (the place is named in the one that has it). */
export function conflictWords(conflict: MergeConflict, mine: unknown, theirs: unknown): ConflictWords {
  const doc = conflict.mine !== undefined ? mine : theirs;
  const places = placesOf(doc, conflict.path);
  if (conflict.order) {
    const list = places.length > 0 ? places.join(", ") : fieldLabel(String(conflict.path.at(-1) ?? "entries"));
    return { place: t.order(list), mine: orderWords(mine, conflict, conflict.mine), theirs: orderWords(theirs, conflict, conflict.theirs) };
  }
  return { place: places.join(", ") || t.thePage, mine: valueInWords(conflict.mine), theirs: valueInWords(conflict.theirs) };
}

/** A value: a text quoted, a block by its label and first text, "removed" where there is none. */
export function valueInWords(v: unknown): string {
  if (v === undefined) return t.removed;
  return (isRecord(v) && entryWords(v)) || valueWords(v);
}
