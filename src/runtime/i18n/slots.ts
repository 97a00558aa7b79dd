/**
 * Where a translation is filed (schemas/translations.ts): its slot, the keys from the top of a
 * translation file down to the entry, e.g. ["blocks", "hero", "actions[href=/contact].label"],
 * ["items", "web-development", "features[2]"], ["fields", "footer.copyright"]. Pages,
 * collections and content/site.json all go through here, so the checker, the resolver and the
 * stub writer agree on what is filed where.
 */
import type { TranslatedText, Translation } from "../../../schemas/translations.ts";
import type { TranslatableText, ValuePath } from "../../../schemas/translatable.ts";

export type Slot = readonly string[];

/** A text of a source file: where it is, what it says, and where its translation is filed. */
export interface SourceText {
  path: ValuePath;
  text: string;
  /** Undefined where it cannot be translated (a block without a key). */
  slot?: Slot;
  /** What is wrong with a translation of a formatted text (schemas/translatable.ts), if anything. */
  formatError?: TranslatableText["formatError"];
}

/**
 * Fields that name a list's item, in the order they are tried. One names the item only when
 * it is shared by every locale (not a text that translates) and unique in its list.
 */
const NAMING_FIELDS = ["key", "id", "name", "href", "slug"] as const;

/**
 * A text's place inside `value` as its translation is filed: dotted, with a list's item named
 * by its own key, id, name or href ([name=email]) where it has one, so moving, adding and
 * removing items keeps each translation on its item; by its position ([2]) otherwise: a list
 * of plain texts, or of items with nothing to name them by (translationAt finds a moved one by
 * its source text).
 *
 * @param translates whether the value at a path (from `value`) is a text that translates
 */
export function fieldName(value: unknown, path: ValuePath, translates: (path: ValuePath) => boolean): string {
  let out = "";
  let current: unknown = value;
  for (const [i, step] of path.entries()) {
    if (typeof step === "number") {
      out += `[${itemName(current as unknown[], step, (field) => translates([...path.slice(0, i + 1), field])) ?? step}]`;
    } else out += out ? `.${step}` : step;
    current = (current as Record<string | number, unknown>)?.[step];
  }
  return out;
}

function itemName(list: readonly unknown[], index: number, translates: (field: string) => boolean): string | undefined {
  const item = list[index];
  if (!isRecord(item)) return undefined;
  for (const field of NAMING_FIELDS) {
    const name = item[field];
    if (typeof name !== "string" || !/^[^\s[\]]+$/.test(name) || translates(field)) continue;
    if (list.filter((other) => isRecord(other) && other[field] === name).length === 1) return `${field}=${name}`;
  }
  return undefined;
}

/**
 * The translation filed for a text: the entry in its slot; where that was made from another
 * text, an entry of the same list made from this very text (a plain text that moved in its
 * list). A stale entry is still returned: the checker reports it, the page shows it. A stub's
 * empty entry is none.
 */
export function translationAt(translation: Translation | undefined, slot: Slot, text?: string): TranslatedText | undefined {
  if (!translation) return undefined;
  const group = slot.slice(0, -1).reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), translation);
  if (!isRecord(group)) return undefined;
  const field = slot.at(-1)!;
  const own = written(group[field]);
  // By the recorded source text rather than its hash: the same test, with no hashing in the
  // browser (the editor's preview localises pages too), where node:crypto does not exist.
  if (text === undefined || own?.source === text) return own;
  const moved = movedFrom(group as Record<string, TranslatedText>, field, text);
  return (moved && written(group[moved])) || own;
}

/** An entry with its text written: a stub's "" is not a translation yet. */
const written = (entry: unknown) => (isEntry(entry) && entry.text !== "" ? entry : undefined);

/**
 * The field of a sibling entry at another position of the same list, made from `text`: a plain
 * text that moved (features[2]), or the same field of an item that moved (items[2].title, an
 * item with nothing to name it by), so reordering a list keeps each text on its item.
 */
export function movedFrom(group: Record<string, TranslatedText>, field: string, text: string): string | undefined {
  const place = positionIn(field);
  if (!place) return undefined;
  return Object.keys(group).find((f) => {
    const other = positionIn(f);
    return f !== field && other?.list === place.list && other.rest === place.rest && group[f]!.source === text;
  });
}

/** A field at a position of a list, split around its last position: items[2].title → items, .title. */
function positionIn(field: string): { list: string; rest: string } | undefined {
  const match = /^(.*)\[\d+\]([^[\]]*)$/.exec(field);
  return match ? { list: match[1]!, rest: match[2]! } : undefined;
}

/** Every slot a translation file fills. */
export function filledSlots(translation: Translation): Slot[] {
  const walk = (value: unknown, slot: string[]): Slot[] =>
    isEntry(value) ? [slot] : isRecord(value) ? Object.entries(value).flatMap(([k, v]) => (k === "$schema" ? [] : walk(v, [...slot, k]))) : [];
  return walk(translation, []);
}

export const slotId = (slot: Slot) => slot.join("\u0000");

/** How a slot reads to people: meta.title, hero → heading.title, web-development → features[2], footer.copyright. */
export const slotName = (slot: Slot) => (slot[0] === "meta" ? `meta.${slot[1]}` : slot.slice(1).join(" → "));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isEntry = (v: unknown): v is TranslatedText => isRecord(v) && typeof v.hash === "string" && typeof v.text === "string";
