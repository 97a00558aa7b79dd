/**
 * The three-way merge of a document at publish ("Apply mine on top", docs/studio.md): `base` is
 * the version the person's draft began from, `mine` the draft, `theirs` the version published
 * meanwhile. What only one side changed is taken from that side; what both changed to different
 * values is a conflict, returned with both values for the person to choose. Nothing either side
 * changed is dropped silently (tests/unit/editor-merge-property.test.ts checks exactly that).
 *
 * Objects merge key by key. Lists whose entries all carry an identity (a page's blocks their
 * `key`, a collection's items their `id`) merge entry by entry: an entry either side added is
 * kept, one removed by one side and left alone by the other is gone, one removed by one side
 * and changed by the other is a conflict; the order is that of the side that reordered, and a
 * conflict when both reordered differently. Lists without identities merge place by place when
 * neither side changed their length, and are one conflict otherwise.
 */
import { deepEqual } from "./equal.ts";
import type { Path } from "./paths.ts";

export interface MergeConflict {
  /**
   * Where, by identity, stable whatever either side inserted: segments joined by "/", a list
   * entry with an identity as `#<key or id>` ("blocks/#hero/title"). Choices are keyed by it.
   */
  at: string;
  /** Where in `mine` (in `theirs` when mine has no value there): to name the place in words. */
  path: Path;
  /** The entries' order when both sides reordered one list differently (their values are the identities in order). */
  order?: true;
  base: unknown;
  /** undefined: the side removed it. */
  mine: unknown;
  theirs: unknown;
}

export type MergeChoice = "mine" | "theirs";

export interface Merged {
  /** The merged document, each conflict as chosen (mine where no choice is given). */
  merged: unknown;
  conflicts: MergeConflict[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A list entry's identity: a block's `key`, an item's `id`. */
export const identityOf = (entry: unknown): string | undefined =>
  isRecord(entry) ? (typeof entry.key === "string" ? entry.key : typeof entry.id === "string" ? entry.id : undefined) : undefined;

/** Each entry's identity, or undefined when one has none or two share one. */
export function identities(list: readonly unknown[]): string[] | undefined {
  const ids = list.map(identityOf);
  if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) return undefined;
  return ids as string[];
}

/** A step of `at`: a property, a place in a list, or `#identity`. */
export const atOf = (parent: string, step: string | number) => (parent === "" ? String(step) : `${parent}/${step}`);

export function mergeDocuments(base: unknown, mine: unknown, theirs: unknown, choices: Readonly<Record<string, MergeChoice>> = {}): Merged {
  const conflicts: MergeConflict[] = [];

  const conflict = (c: MergeConflict) => {
    conflicts.push(c);
    return choices[c.at] === "theirs" ? c.theirs : c.mine;
  };

  const value = (b: unknown, m: unknown, t: unknown, at: string, mPath: Path, tPath: Path): unknown => {
    if (deepEqual(m, t) || deepEqual(t, b)) return m;
    if (deepEqual(m, b)) return t;
    const here = () => conflict({ at, path: m === undefined ? tPath : mPath, base: b, mine: m, theirs: t });
    // Two entries of different kinds (a hero and a FAQ under one key) do not mix field by field.
    if (isRecord(m) && isRecord(t) && (b === undefined || isRecord(b)) && m.type === t.type) return object(isRecord(b) ? b : {}, m, t, at, mPath, tPath);
    if (Array.isArray(m) && Array.isArray(t) && Array.isArray(b)) {
      const [bIds, mIds, tIds] = [identities(b), identities(m), identities(t)];
      if (bIds && mIds && tIds) return entries(b, bIds, m, mIds, t, tIds, at, mPath, tPath);
      if (m.length === b.length && t.length === b.length) return b.map((_, i) => value(b[i], m[i], t[i], atOf(at, i), [...mPath, i], [...tPath, i]));
    }
    return here();
  };

  const object = (b: Record<string, unknown>, m: Record<string, unknown>, t: Record<string, unknown>, at: string, mPath: Path, tPath: Path) => {
    const merged: Record<string, unknown> = {};
    // Mine's key order first (what the person sees), then keys only they added.
    for (const key of new Set([...Object.keys(m), ...Object.keys(t), ...Object.keys(b)])) {
      const v = value(b[key], m[key], t[key], atOf(at, key), [...mPath, key], [...tPath, key]);
      if (v !== undefined) merged[key] = v;
    }
    return merged;
  };

  const entries = (b: unknown[], bIds: string[], m: unknown[], mIds: string[], t: unknown[], tIds: string[], at: string, mPath: Path, tPath: Path): unknown[] => {
    const entryOf = (list: unknown[], ids: string[], id: string) => list[ids.indexOf(id)];
    const mergedEntry = new Map<string, unknown>();
    for (const id of new Set([...mIds, ...tIds, ...bIds])) {
      const [mIndex, tIndex] = [mIds.indexOf(id), tIds.indexOf(id)];
      const entry = value(entryOf(b, bIds, id), entryOf(m, mIds, id), entryOf(t, tIds, id), atOf(at, `#${id}`), [...mPath, mIndex], [...tPath, tIndex]);
      if (entry !== undefined) mergedEntry.set(id, entry);
    }
    // Whose order: the side that moved entries of the base; both, unless alike, is a conflict.
    const ofBase = (ids: string[]) => ids.filter((id) => bIds.includes(id));
    const moved = (ids: string[]) => !deepEqual(ofBase(ids), bIds.filter((id) => ids.includes(id)));
    let mineFirst = moved(mIds);
    if (mineFirst && moved(tIds) && !deepEqual(ofBase(mIds), ofBase(tIds))) {
      mineFirst = conflict({ at, path: mPath, order: true, base: bIds, mine: mIds, theirs: tIds }) === mIds;
    }
    const [first, second] = mineFirst ? [mIds, tIds] : [tIds, mIds];
    const order = first.filter((id) => mergedEntry.has(id));
    // The other side's entries not placed yet go right after the entry before them there.
    second.forEach((id, index) => {
      if (order.includes(id) || !mergedEntry.has(id)) return;
      const before = second.slice(0, index).reverse().find((previous) => order.includes(previous));
      order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
    });
    return order.map((id) => mergedEntry.get(id));
  };

  return { merged: value(base, mine, theirs, "", [], []), conflicts };
}
