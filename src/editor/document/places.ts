/**
 * Places in a document in the marketer's words, shared by what changed (./changes.ts), merge
 * conflicts (./conflict-words.ts) and the outline: a block by its type's label ("Hero", and
 * "Card grid: Our Values" where the page has two card grids), an item by its text, a field by
 * its label ("Hero, Subtitle"), never a path, a block's type key or its internal key.
 */
import { blockLabel, fieldLabel } from "../schema/labels.ts";
import { identityOf } from "./merge.ts";
import type { Path } from "./paths.ts";
import { summaryText } from "./summary.ts";

/** Objects whose fields read as their parent's (a page's `meta`). */
const UNNAMED = new Set(["meta"]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A list's label as one of its entries: "Blocks" → "Block", "Categories" → "Category". */
export const singular = (label: string) => (/ies$/.test(label) ? label.replace(/ies$/, "y") : /[^s]s$/.test(label) ? label.slice(0, -1) : label);

/** A list entry by what it is: a block by its type's label (and its heading when the page has two of that type), an item by its text. */
export function entryName(list: readonly unknown[], index: number, listKey: string | number | undefined): string {
  const entry = list[index];
  const summary = summaryText(entry);
  const type = isRecord(entry) && typeof entry.type === "string" ? entry.type : undefined;
  if (type) return list.filter((other) => isRecord(other) && other.type === type).length > 1 && summary ? `${blockLabel(type)}: ${summary}` : blockLabel(type);
  const noun = singular(typeof listKey === "string" ? fieldLabel(listKey) : "Item");
  return summary && identityOf(entry) !== undefined ? `${noun} “${summary}”` : `${noun} ${index + 1}`;
}

/** The places a path goes through in `doc`: ["Hero", "Subtitle"], ["Card grid: Our Values", "Item 1", "Text"]. */
export function placesOf(doc: unknown, path: Path): string[] {
  const places: string[] = [];
  let value = doc;
  path.forEach((key, i) => {
    const next = path[i + 1];
    if (Array.isArray(value) && typeof key === "number") {
      places.push(entryName(value, key, path[i - 1]));
      value = value[key];
      return;
    }
    if (typeof key === "string" && !UNNAMED.has(key) && typeof next !== "number") places.push(fieldLabel(key));
    value = isRecord(value) ? value[String(key)] : undefined;
  });
  return places;
}

/** An entry added or removed, or a value that is a group of fields: a block by its label and first text, else its text. */
export function entryWords(entry: Record<string, unknown>): string | undefined {
  const summary = summaryText(entry);
  const label = typeof entry.type === "string" ? blockLabel(entry.type) : undefined;
  return label ? (summary ? `${label}: “${summary}”` : label) : summary ? `“${summary}”` : undefined;
}

/**
 * A text's field in words: "heading.title" → "Heading, Title"; "items[2].text" → "Item 3, Text";
 * "links[href=/about].label" → "Link /about, Label". An item named by its key is named by its
 * place in `source` (the block it is in), "items[key=our-mission].title" → "Item 1, Title": a
 * key is the content's, never words for a marketer.
 */
export function fieldPathWords(field: string, source?: unknown): string {
  let value = source;
  return fieldParts(field)
    .map((part) => {
      const step = stepInto(value, part);
      value = step.value;
      if (step.list === undefined) return fieldLabel(part);
      const item = singular(fieldLabel(step.list));
      if (step.named === undefined) return `${item} ${step.index + 1}`;
      return `${item} ${step.named.field === "key" ? (step.index >= 0 ? step.index + 1 : "") : step.named.name}`.trim();
    })
    .join(", ");
}

/**
 * The address of the link a text is the label of, as its source has it (`source`: the block or
 * item it is in): "actions[href=/contact].label" → /contact; "actions[0].label" → the first
 * action's. Where a link's label left blank is filed in a translation.
 */
export function linkOfText(field: string, source?: unknown): string | undefined {
  let value = source;
  let named: { field: string; name: string } | undefined;
  for (const part of fieldParts(field).slice(0, -1)) ({ value, named } = stepInto(value, part));
  if (named?.field === "href") return named.name;
  return isRecord(value) && typeof value.href === "string" ? value.href : undefined;
}

const fieldParts = (field: string) => field.split(/\.| → /);

/** One part of a text's field into the value it names: a field, a list's item by its place (items[2]) or by a field of its own (links[href=/about]). */
function stepInto(value: unknown, part: string): { value: unknown; list?: string; index: number; named?: { field: string; name: string } } {
  const at = /^([\w-]+)\[(\d+)\]$/.exec(part);
  const where = /^([\w-]+)\[([^=\]]+)=([^\]]+)\]$/.exec(part);
  if (!at && !where) return { value: isRecord(value) ? value[part] : undefined, index: -1 };
  const list = (at ?? where)![1]!;
  const items = isRecord(value) ? value[list] : undefined;
  const index = !Array.isArray(items) ? (at ? Number(at[2]) : -1) : at ? Number(at[2]) : items.findIndex((item) => isRecord(item) && item[where![2]!] === where![3]);
  return { value: Array.isArray(items) && index >= 0 ? items[index] : undefined, list, index, ...(where && { named: { field: where[2]!, name: where[3]! } }) };
}
