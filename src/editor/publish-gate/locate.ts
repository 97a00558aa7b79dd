/**
 * Where in a page's draft the field is that a publish gate finding is about: the title and the
 * description by the finding's code, a heading or a link by its text or address, searched for
 * in the blocks. A JSON pointer, as the editor's errors have, so "Show" goes to the field.
 */
import { errors } from "../../errors/catalogue.ts";
import { type Path, pointerOf } from "../document/paths.ts";
import type { Finding } from "./report.ts";

const META: Partial<Record<string, string>> = {
  [errors.GateTitleCut.code]: "/meta/title",
  [errors.GateDuplicateTitle.code]: "/meta/title",
  [errors.GateDescriptionCut.code]: "/meta/description",
  [errors.GateDuplicateDescription.code]: "/meta/description",
  [errors.GateLeftOutOfSearch.code]: "/meta/noindex",
  [errors.GateNoMainHeading.code]: "/blocks/0",
};

export function pointerOfFinding(data: unknown, finding: Finding): string | undefined {
  const meta = META[finding.code];
  if (meta) return meta;
  const wanted = [finding.text, finding.href].filter((v): v is string => !!v).map((v) => v.trim());
  if (wanted.length === 0) return undefined;
  const found = find((data as { blocks?: unknown } | null)?.blocks, ["blocks"], (text) => wanted.includes(text.trim()));
  return found && pointerOf(found);
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
