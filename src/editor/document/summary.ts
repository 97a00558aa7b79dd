/**
 * Words for entries and places in a document: an outline item's summary (`Hero: Engineers
 * who care…`), and, for click-to-edit, which field of a block holds a text seen in the
 * preview.
 */
import { blockLabel } from "../schema/labels.ts";
import type { Path } from "./paths.ts";

const SUMMARY_LENGTH = 40;
/** Properties that name an entry best, in order of preference. */
const NAMING = ["title", "heading", "label", "name", "question", "quote", "text", "subtitle", "id", "from"];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The first text that names an entry, shortened with an ellipsis. */
export function summaryText(entry: unknown): string {
  const pick = (value: unknown, depth: number): string | undefined => {
    if (typeof value === "string") return value.trim() || undefined;
    if (!isRecord(value) || depth > 2) return undefined;
    for (const key of NAMING) {
      const found = pick(value[key], depth + 1);
      if (found) return found;
    }
    for (const [key, v] of Object.entries(value)) {
      if (key === "type") continue;
      const found = typeof v === "string" && !v.startsWith("/") && v.includes(" ") ? v.trim() : isRecord(v) ? pick(v, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const text = pick(entry, 0) ?? "";
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : text;
}

/** An outline item's name: "Hero: Engineers who care…" (the block's label, never its type key), or the summary alone for a collection item. */
export function entrySummary(entry: unknown): string {
  const type = isRecord(entry) && typeof entry.type === "string" ? entry.type : undefined;
  const text = summaryText(entry);
  return type ? (text ? `${blockLabel(type)}: ${text}` : blockLabel(type)) : text;
}

/**
 * Where in an entry a text shown in the preview is written: the text property equal to it,
 * else the longest one contained in it, else one that contains it (a shortened card text).
 * Paths are relative to the entry.
 */
export function pathOfText(entry: unknown, shown: string): Path | undefined {
  const wanted = normalize(shown);
  if (!wanted) return undefined;
  const texts: { path: Path; text: string }[] = [];
  const walk = (value: unknown, path: Path) => {
    if (typeof value === "string") texts.push({ path, text: normalize(value) });
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (k !== "type") walk(v, [...path, k]);
  };
  walk(entry, []);
  const candidates = texts.filter((c) => c.text.length > 0);
  const exact = candidates.find((c) => c.text === wanted);
  if (exact) return exact.path;
  const within = candidates.filter((c) => c.text.length >= 3 && wanted.includes(c.text)).sort((a, b) => b.text.length - a.text.length)[0];
  if (within) return within.path;
  return candidates.filter((c) => wanted.length >= 3 && c.text.includes(wanted)).sort((a, b) => a.text.length - b.text.length)[0]?.path;
}

const normalize = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
