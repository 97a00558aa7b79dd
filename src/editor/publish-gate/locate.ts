/**
 * Where in a draft the field is that a publish gate finding is about: the title and the
 * description by the finding's code, a heading or a link by its text or address, searched for
 * in the blocks. A JSON pointer, as the editor's errors have, so "Show" goes to the field.
 */
import { errors } from "../../errors/catalogue.ts";
import { getAt, type Path, pointerOf } from "../document/paths.ts";
import type { Finding } from "./report.ts";

const META: Partial<Record<string, string>> = {
  [errors.GateTitleCut.code]: "/meta/title",
  [errors.GateDuplicateTitle.code]: "/meta/title",
  [errors.GateDescriptionCut.code]: "/meta/description",
  [errors.GateDuplicateDescription.code]: "/meta/description",
  [errors.GateLeftOutOfSearch.code]: "/meta/noindex",
  [errors.GateNoMainHeading.code]: "/blocks/0",
};

/**
 * A page's title and description are its own page's in its own language: a finding on another
 * page (one placing a section, one listing a collection's items, the page in another language)
 * is found by its text or address, in the blocks of a page or a section or the items of a collection.
 */
export function pointerOfFinding(data: unknown, finding: Finding): string | undefined {
  const meta = META[finding.code];
  if (meta) return finding.page === undefined ? meta : undefined;
  const wanted = [finding.text, finding.href, finding.sourceHref].filter((v): v is string => !!v).map((v) => v.trim());
  if (wanted.length === 0) return undefined;
  const entries = data as { blocks?: unknown; items?: unknown } | null;
  const key = entries?.blocks === undefined ? "items" : "blocks";
  const found = find(entries?.[key], [key], (text) => wanted.includes(text.trim()));
  return found && pointerOf(emptyLabelBeside(data, finding, found) ?? found);
}

/** Only invisible characters, as the gate reads a text of them as none (a zero-width space, a direction mark). */
const BLANK = /^[\s\u200b-\u200f\u2060\ufeff]*$/;

/** A link without words found by its address: its label beside it, when that is what is blank (the field to mend). */
function emptyLabelBeside(data: unknown, finding: Finding, found: Path): Path | undefined {
  if (finding.code !== errors.GateEmptyLinkText.code || found.at(-1) !== "href") return undefined;
  const label = [...found.slice(0, -1), "label"];
  const value = getAt(data, label);
  return typeof value === "string" && BLANK.test(value) ? label : undefined;
}

function find(value: unknown, at: Path, matches: (text: string) => boolean): Path | undefined {
  if (typeof value === "string") return matches(value) ? at : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const hit = find(v, [...at, i], matches);
      if (hit) return hit;
    }
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const hit = find(v, [...at, k], matches);
      if (hit) return hit;
    }
  }
  return undefined;
}
