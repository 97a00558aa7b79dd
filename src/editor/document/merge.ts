/**
 * "Apply mine on top": a three-way merge of a document. `base` is the version the person's
 * draft began from, `mine` the draft, `theirs` the version published meanwhile. What only one
 * side changed is taken from that side, so another editor's change to a field the person never
 * touched survives; where both changed the same value, mine wins (that is what the button says).
 *
 * Objects merge key by key. Lists whose entries all carry an identity (a page's blocks their
 * `key`, a collection's items their `id`) merge entry by entry: an entry either side added is
 * kept, one I removed is gone, one they removed stays gone unless I changed it, and the order
 * is mine if I reordered, theirs otherwise. Any other list that both sides changed is mine.
 */
import { deepEqual } from "./equal.ts";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function mergeMineOnTop(base: unknown, mine: unknown, theirs: unknown): unknown {
  if (deepEqual(mine, base)) return theirs;
  if (deepEqual(theirs, base) || deepEqual(mine, theirs)) return mine;
  if (isRecord(base) && isRecord(mine) && isRecord(theirs)) return mergeObjects(base, mine, theirs);
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) {
    const [b, m, t] = [identities(base), identities(mine), identities(theirs)];
    if (b && m && t) return mergeEntries(base, b, mine, m, theirs, t);
  }
  return mine;
}

function mergeObjects(base: Record<string, unknown>, mine: Record<string, unknown>, theirs: Record<string, unknown>) {
  const merged: Record<string, unknown> = {};
  // Mine's key order first (what the person sees), then keys only they added.
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])) {
    const value = mergeMineOnTop(base[key], mine[key], theirs[key]);
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Each entry's identity (`key` or `id`), or undefined when one has none or two share one. */
function identities(list: unknown[]): string[] | undefined {
  const ids = list.map((entry) => (isRecord(entry) ? (typeof entry.key === "string" ? entry.key : typeof entry.id === "string" ? entry.id : undefined) : undefined));
  if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) return undefined;
  return ids as string[];
}

function mergeEntries(base: unknown[], baseIds: string[], mine: unknown[], mineIds: string[], theirs: unknown[], theirIds: string[]): unknown[] {
  const at = (list: unknown[], ids: string[], id: string) => list[ids.indexOf(id)];
  const kept = (id: string): boolean => {
    const [inBase, inMine, inTheirs] = [baseIds.includes(id), mineIds.includes(id), theirIds.includes(id)];
    if (!inBase) return inMine || inTheirs;
    if (!inMine) return false;
    return inTheirs || !deepEqual(at(mine, mineIds, id), at(base, baseIds, id));
  };
  const common = (ids: string[]) => ids.filter((id) => baseIds.includes(id));
  const iReordered = !deepEqual(common(mineIds).filter((id) => theirIds.includes(id)), common(baseIds).filter((id) => mineIds.includes(id) && theirIds.includes(id)));
  const [first, second] = iReordered ? [mineIds, theirIds] : [theirIds, mineIds];
  const order = first.filter(kept);
  // The other side's entries not placed yet go right after the entry before them there.
  second.forEach((id, index) => {
    if (order.includes(id) || !kept(id)) return;
    const before = second.slice(0, index).reverse().find((previous) => order.includes(previous));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  return order.map((id) => mergeMineOnTop(at(base, baseIds, id), at(mine, mineIds, id), at(theirs, theirIds, id)));
}
