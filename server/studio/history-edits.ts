/**
 * A file's commits grouped as a marketer remembers their work: one person's consecutive
 * publishes, each less than SITTING_GAP_MS after the one before, are one edit (an autosave
 * keeps drafts, but people often publish a few times while they polish a page).
 */
import type { Revision } from "./git.ts";

/** Publishes further apart than this are separate edits: the studio's idle session timeout. */
export const SITTING_GAP_MS = 30 * 60 * 1000;

/** How a restore's commit message begins (./publish.ts writes it): a restore is an edit of its own. */
export const RESTORE_PREFIX = "Revert ";
export const isRestore = (revision: Pick<Revision, "subject">) => revision.subject.startsWith(RESTORE_PREFIX);

/** Revisions (newest first) in runs of one author's publishes, each run newest first; a restore is a run of its own. */
export function sittings<R extends Pick<Revision, "author" | "date" | "subject">>(revisions: readonly R[]): R[][] {
  const runs: R[][] = [];
  for (const revision of revisions) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const together = last !== undefined && !isRestore(last) && !isRestore(revision) && last.author.email === revision.author.email && Date.parse(last.date) - Date.parse(revision.date) <= SITTING_GAP_MS;
    if (together) run!.push(revision);
    else runs.push([revision]);
  }
  return runs;
}
