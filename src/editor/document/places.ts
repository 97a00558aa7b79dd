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
  return field
    .split(/\.| → /)
    .map((part) => {
      const at = /^([\w-]+)\[(\d+)\]$/.exec(part);
      if (at) {
        value = (isRecord(value) ? value[at[1]!] : undefined) as unknown[] | undefined;
        value = Array.isArray(value) ? value[Number(at[2])] : undefined;
        return `${singular(fieldLabel(at[1]!))} ${Number(at[2]) + 1}`;
      }
      const where = /^([\w-]+)\[([^=\]]+)=([^\]]+)\]$/.exec(part);
      if (!where) {
        value = isRecord(value) ? value[part] : undefined;
        return fieldLabel(part);
      }
      const list = isRecord(value) ? value[where[1]!] : undefined;
      const index = Array.isArray(list) ? list.findIndex((item) => isRecord(item) && item[where[2]!] === where[3]) : -1;
      value = index >= 0 ? (list as unknown[])[index] : undefined;
      return `${singular(fieldLabel(where[1]!))} ${where[2] === "key" ? (index >= 0 ? index + 1 : "") : where[3]}`.trim();
    })
    .join(", ");
}
