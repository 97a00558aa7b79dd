/**
 * A block's key: its name within its page, unique there, which translations are filed under
 * (content/translations/<locale>/pages/<page>.json). Unlike its position it survives
 * reordering, adding, duplicating and removing blocks, so another locale's text stays on its
 * block. No zod here: the page editor (browser code) makes keys too.
 */

/** What every block has beside its own props: its type and its key. Content, never a prop, and never edited as a field. */
export const blockIdentity: ReadonlySet<string> = new Set(["type", "key"]);

/** A key no block of the page has yet: the block's type, then type-2, type-3… */
export function uniqueBlockKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = base.replace(/-\d+$/, "") || "block";
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}
