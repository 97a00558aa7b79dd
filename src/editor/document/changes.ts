/**
 * What changed between two versions of a document (a page or a collection), field by field and
 * in words: `Title: 'A' → 'B'`, `Blocks: added Hero: “Hi”`, `FAQ list, Item “Cost?”, Answer: 'x' → 'y'`.
 * The studio shows these when a publish is refused because the file changed meanwhile, in a
 * file's history, and names them in commit messages; the server and the editor share it.
 *
 * Places read as the editor names them (./places.ts): blocks by their labels, fields by the
 * editor's field labels; a page's `meta` is not named (its fields are the page's own to a
 * reader: "Title", not "Meta, Title"), a block's internal `key` is not a change. List items
 * are matched by their `id` when they have one (collection items), so a removed item is one
 * change, not a change to every item after it; other lists keep their unchanged items at the
 * start and end and compare the rest place by place.
 */
import { fieldLabel } from "../schema/labels.ts";
import { deepEqual } from "./equal.ts";
import { entryWords, placesOf } from "./places.ts";
import type { FieldChange, Path } from "../model.ts";

/** Properties that are the file's plumbing, not its content: the schema's address, a block's internal key. */
const IGNORED = new Set(["$schema", "key"]);
/** Quoted texts longer than this are shortened. */
const QUOTE_LENGTH = 60;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const idOf = (v: unknown) => (isRecord(v) && typeof v.id === "string" ? v.id : undefined);

/** A value in words: texts quoted and shortened, lists by how many they hold, a block by its label and first text. */
export function valueWords(value: unknown): string {
  if (typeof value === "string") {
    const text = value.length > QUOTE_LENGTH ? `${value.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : value;
    return `'${text}'`;
  }
  if (Array.isArray(value)) return value.length === 1 ? "1 item" : `${value.length} items`;
  if (isRecord(value)) return entryWords(value) ?? "a group of fields";
  return value === undefined ? "nothing" : String(value);
}

/** A list itself, named by its property: "Blocks", "Hero, Items". */
const listWhere = (doc: unknown, path: Path) => {
  const key = path[path.length - 1];
  return [...placesOf(doc, path).slice(0, -1), typeof key === "string" ? fieldLabel(key) : "Items"].join(", ");
};

/** Every field-level change from `before` to `after`, in document order. */
export function changesBetween(before: unknown, after: unknown): FieldChange[] {
  const changes: FieldChange[] = [];
  const where = (path: Path, doc: unknown, extra?: string) => [...placesOf(doc, path), ...(extra ? [extra] : [])].join(", ");

  const walk = (a: unknown, b: unknown, path: Path) => {
    if (deepEqual(a, b)) return;
    if (isRecord(a) && isRecord(b)) {
      const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !Object.hasOwn(a, k))];
      for (const key of keys) if (!IGNORED.has(key)) walk(a[key], b[key], [...path, key]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) return walkList(a, b, path);
    const place = where(path, b === undefined ? before : after) || "The document";
    const words =
      a === undefined ? `${place}: set to ${valueWords(b)}`
      : b === undefined ? `${place}: removed (was ${valueWords(a)})`
      : isRecord(a) || isRecord(b) || Array.isArray(a) || Array.isArray(b) ? `${place}: changed`
      : `${place}: ${valueWords(a)} → ${valueWords(b)}`;
    changes.push({ path, before: a, after: b, words });
  };

  const added = (path: Path, index: number, entry: unknown) =>
    changes.push({ path: [...path, index], before: undefined, after: entry, words: `${listWhere(after, path)}: added ${valueWords(entry)}` });
  const removed = (path: Path, index: number, entry: unknown) =>
    changes.push({ path: [...path, index], before: entry, after: undefined, words: `${listWhere(before, path)}: removed ${valueWords(entry)}` });

  const walkList = (a: unknown[], b: unknown[], path: Path) => {
    const ids = a.map(idOf);
    const newIds = b.map(idOf);
    const keyed = ids.every((id) => id !== undefined) && newIds.every((id) => id !== undefined) && new Set(ids).size === ids.length && new Set(newIds).size === newIds.length;
    if (keyed) {
      a.forEach((entry, i) => {
        if (!newIds.includes(ids[i]!)) removed(path, i, entry);
      });
      b.forEach((entry, j) => {
        const i = ids.indexOf(newIds[j]!);
        if (i < 0) added(path, j, entry);
        else walk(a[i], entry, [...path, j]);
      });
      const kept = newIds.filter((id) => ids.includes(id));
      if (kept.join("\0") !== ids.filter((id) => newIds.includes(id)).join("\0")) {
        changes.push({ path, before: a, after: b, words: `${listWhere(after, path)}: reordered` });
      }
      return;
    }
    // Unchanged entries at both ends stay out of it; the rest is compared place by place.
    let start = 0;
    while (start < a.length && start < b.length && deepEqual(a[start], b[start])) start++;
    let end = 0;
    while (end < a.length - start && end < b.length - start && deepEqual(a[a.length - 1 - end], b[b.length - 1 - end])) end++;
    const oldCount = a.length - start - end;
    const newCount = b.length - start - end;
    for (let k = 0; k < Math.min(oldCount, newCount); k++) walk(a[start + k], b[start + k], [...path, start + k]);
    for (let k = newCount; k < oldCount; k++) removed(path, start + k, a[start + k]);
    for (let k = oldCount; k < newCount; k++) added(path, start + k, b[start + k]);
  };

  walk(before, after, []);
  return changes;
}

/**
 * The places that changed, for a commit message: "Title, Block 3 (faq)". Each is the first
 * named place of a change, once, in document order.
 */
export function changedPlaces(changes: readonly FieldChange[]): string[] {
  const places: string[] = [];
  for (const change of changes) {
    const place = change.words.split(/, |: /)[0]!;
    if (!places.includes(place)) places.push(place);
  }
  return places;
}
