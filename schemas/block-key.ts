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

/** A list item's key (fields.ts itemKey) is content, as a block's is: never a prop its block sees. */
export function withoutItemKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutItemKeys(isRecord(item) && "key" in item ? omitKey(item) : item)) as T;
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutItemKeys(v)])) as T;
}

/** The keys a list's items have, in order (undefined where one has none). */
export const itemKeysOf = (list: readonly unknown[]): (string | undefined)[] => list.map((item) => (isRecord(item) && typeof item.key === "string" ? item.key : undefined));

/** A key no item of the list has yet, for an item added to it: item, item-2… */
export const newItemKey = (list: readonly unknown[]): string => uniqueBlockKey("item", itemKeysOf(list).filter((k): k is string => k !== undefined));

const omitKey = ({ key: _key, ...rest }: Record<string, unknown>) => rest;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
