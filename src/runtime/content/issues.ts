/** Turns zod issues into located, readable content errors. */
import type { z } from "zod";
import { type ContentError, toPointer } from "./errors.ts";
import type { SourceFile } from "./source.ts";

/** Names a place in a file for people: "Page Home → block 3 (hero) → cta.href". */
export type Labeller = (path: readonly PropertyKey[]) => string;

/** Formats a path tail as code-like text: actions[0].href */
export function dotted(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, p) => (typeof p === "number" ? `${out}[${p}]` : out ? `${out}.${String(p)}` : String(p)),
    "",
  );
}

/** Labels for a list of items: "Services → item 3 (web-development) → features[2]". */
export function itemLabeller(root: string, items: unknown, itemsKey: string, idKey: string, noun = "item"): Labeller {
  return (path) => {
    if (path[0] !== itemsKey || typeof path[1] !== "number") return [root, dotted(path)].filter(Boolean).join(" → ");
    const item = Array.isArray(items) ? (items[path[1]] as Record<string, unknown> | undefined) : undefined;
    const id = item && typeof item[idKey] === "string" ? ` (${item[idKey]})` : "";
    return [root, `${noun} ${path[1] + 1}${id}`, dotted(path.slice(2))].filter(Boolean).join(" → ");
  };
}

export function issueToError(issue: z.core.$ZodIssue, source: SourceFile, label: Labeller): ContentError {
  // An unknown property is shown where it is written, not at the object holding it.
  const path = issue.code === "unrecognized_keys" && issue.keys.length > 0 ? [...issue.path, issue.keys[0]!] : issue.path;
  return {
    ...describeIssue(issue, isPresent(source.data, issue.path)),
    file: source.file,
    ...source.locate(path),
    pointer: toPointer(path),
    label: label(path),
  };
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

function describeIssue(issue: z.core.$ZodIssue, present: boolean): Pick<ContentError, "title" | "message" | "hint"> {
  switch (issue.code) {
    case "invalid_type":
      return !present
        ? { title: "Missing value", message: `This required value is missing (expected ${issue.expected}).`, hint: `Add it; your editor suggests the allowed properties when the file's "$schema" is set.` }
        : { title: "Wrong type", message: issue.message, hint: `Write a ${issue.expected} here.` };
    case "unrecognized_keys":
      return {
        title: "Unknown property",
        message: `Unknown propert${issue.keys.length === 1 ? "y" : "ies"}: ${issue.keys.map((k) => `"${k}"`).join(", ")}.`,
        hint: "Remove it or fix its spelling; only properties in the schema are used.",
      };
    case "invalid_value":
      return {
        title: "Invalid value",
        message: issue.message,
        hint: `Use one of: ${issue.values.map((v) => JSON.stringify(v)).join(", ")}.`,
      };
    case "too_big":
      return { title: "Too long", message: issue.message, hint: issue.origin === "string" ? "Shorten the text." : "Remove some entries." };
    case "too_small":
      return {
        title: issue.origin === "string" && issue.minimum === 1 ? "Empty value" : "Too short",
        message: issue.message,
        hint: issue.origin === "string" ? "Write the text, or remove the property if it is optional." : "Add the missing entries.",
      };
    case "invalid_format":
      return { title: "Invalid format", message: issue.message, hint: "Follow the format in the message." };
    case "custom": {
      const hint = (issue.params as { hint?: string } | undefined)?.hint;
      return { title: "Invalid value", message: issue.message, hint: hint ?? "See the message for what is expected." };
    }
    default:
      return { title: "Invalid value", message: issue.message, hint: "Compare with the schema your editor shows for this file." };
  }
}
