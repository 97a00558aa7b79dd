/**
 * A draft two people type in (the studio's, one per page): when someone else's keep got there
 * first, theirs is merged with mine as a publish is (./merge.ts), from the draft as I last saw
 * it, and what they changed is told in words, with who: "Asha: Hero, Title: 'A' → 'B'". Where
 * we both typed in one field, mine stays in the draft and that is told too; the merge at publish
 * shows the published version's side by side.
 */
import { changesBetween } from "./changes.ts";
import { conflictWords, placeWords, valueInWords } from "./conflict-words.ts";
import { mergeDocuments } from "./merge.ts";
import { texts } from "../texts.ts";

/** What someone else changed in the draft since the editor opened it. */
export interface SharedChange {
  by: string;
  words: string;
}

/** The shared draft as the editor's data last included it: its revision (null: none seen) and data. */
export interface SharedSeen {
  revision: string | null;
  data: unknown;
}

const t = texts.shared;

/** Their draft merged onto mine (and onto each undo step), and their changes in words. */
export function mergeShared(base: unknown, mine: unknown, theirs: unknown, by: string): { merge: (draft: unknown) => unknown; changes: SharedChange[] } {
  const { conflicts } = mergeDocuments(base, mine, theirs);
  const changed = changesBetween(base, theirs).map((change) => ({
    by,
    words: `${placeWords(change.after === undefined ? base : theirs, change.path)}: ${valueInWords(change.before)} → ${valueInWords(change.after)}`,
  }));
  const both = conflicts.map((conflict) => {
    const words = conflictWords(conflict, mine, theirs);
    return { by, words: t.bothTyped(words.place, words.mine) };
  });
  return { merge: (draft) => mergeDocuments(base, draft, theirs).merged, changes: [...changed, ...both] };
}
