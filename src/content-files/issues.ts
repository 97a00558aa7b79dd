/** Turns zod issues into located, readable content errors. */
import type { z } from "zod";
import type { FieldNameProblem } from "../../schemas/forms.ts";
import type { MediaIssue } from "../../schemas/media-use.ts";
import { errors, type ErrorData } from "../errors/catalogue.ts";
import type { ContentError, Labeller } from "./errors.ts";
import { located } from "./errors.ts";
import type { SourceFile } from "./source.ts";
import { closest } from "./closest.ts";
import { SECTIONS } from "../../schemas/page.ts";

export type { Labeller } from "./errors.ts";

/** Formats a path tail as code-like text: actions[0].href */
export function dotted(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, p) => (typeof p === "number" ? `${out}[${p}]` : out ? `${out}.${String(p)}` : String(p)),
    "",
  );
}

/** Labels for a file without items: "Site settings → footer.links[2].href". */
export const fileLabeller = (root: string): Labeller => (path) => [root, dotted(path)].filter(Boolean).join(" → ");

/** Labels for a list of items: "Services → item 3 (web-development) → features[2]". */
export function itemLabeller(root: string, items: unknown, itemsKey: string, idKey: string, noun = "item"): Labeller {
  return (path) => {
    if (path[0] !== itemsKey || typeof path[1] !== "number") return fileLabeller(root)(path);
    const item = Array.isArray(items) ? (items[path[1]] as Record<string, unknown> | undefined) : undefined;
    const id = item && typeof item[idKey] === "string" ? ` (${item[idKey]})` : "";
    return [root, `${noun} ${path[1] + 1}${id}`, dotted(path.slice(2))].filter(Boolean).join(" → ");
  };
}

export function issueToError(issue: z.core.$ZodIssue, source: SourceFile, label: Labeller): ContentError {
  // An unknown property is shown where it is written, not at the object holding it.
  const path = issue.code === "unrecognized_keys" && issue.keys.length > 0 ? [...issue.path, issue.keys[0]!] : issue.path;
  return located(source, path, label, describeIssue(issue, isPresent(source.data, issue.path)));
}

/** Whether the file has a value at the path: zod issues do not carry the input, so ask the data. */
function isPresent(data: unknown, path: readonly PropertyKey[]): boolean {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return false;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return true;
}

/** What a custom issue (a refinement) may carry: a reference check names what it looked for. */
interface CustomParams {
  hint?: string;
  reference?: { collection: string; id: string; known: string[] };
  /** A form field's name that is taken (schemas/forms.ts). */
  fieldName?: FieldNameProblem;
  /** An image field's asset or alt text (schemas/media-use.ts). */
  media?: MediaIssue;
}

function describeIssue(issue: z.core.$ZodIssue, present: boolean): ErrorData {
  switch (issue.code) {
    case "invalid_type":
      return present ? errors.WrongType(issue.message, issue.expected) : errors.MissingValue(issue.expected);
    case "unrecognized_keys":
      return errors.UnknownProperty(issue.keys);
    case "invalid_value":
      return errors.NotAnOption(issue.message, issue.values);
    case "too_big":
      return errors.TooLong(issue.message, issue.origin === "string");
    case "too_small":
      return issue.origin === "string" && issue.minimum === 1 ? errors.EmptyValue(issue.message) : errors.TooShort(issue.message, issue.origin === "string");
    case "invalid_format":
      return errors.InvalidFormat(issue.message);
    case "custom": {
      const params = (issue.params ?? {}) as CustomParams;
      if (params.reference?.collection === SECTIONS) return errors.UnknownSection(params.reference.id, closest(params.reference.id, params.reference.known));
      if (params.reference) return errors.UnknownReference(params.reference.collection, params.reference.id, params.reference.known);
      if (params.media) return mediaError(params.media);
      if (params.fieldName?.problem === "reserved") return errors.ReservedFieldName(params.fieldName.name);
      if (params.fieldName?.problem === "shadows") return errors.FieldNameShadowsForm(params.fieldName.name);
      if (params.fieldName?.problem === "duplicate") return errors.DuplicateFieldName(params.fieldName.name);
      return errors.InvalidValue(issue.message, params.hint);
    }
    default:
      return errors.NotMatchingSchema(issue.message);
  }
}

function mediaError(issue: MediaIssue): ErrorData {
  switch (issue.problem) {
    case "unknown-asset":
      return errors.UnknownMediaAsset(issue.id, issue.known);
    case "missing-alt":
      return errors.ImageAltMissing(issue.id);
    case "alt-is-file-name":
      return errors.AltTextIsFileName(issue.alt);
  }
}
