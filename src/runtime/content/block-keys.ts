/**
 * Gives every block of a page file a key (schemas/block-key.ts) where it has none, editing
 * the text rather than rewriting the file: each key goes right after its block's "type",
 * on its own line where the block has one property per line and inline where the block is
 * written on one line, so git diff shows one added line or one changed line per block.
 * Each item of a keyed list (schemas/fields.ts keyedList) gets one the same way, first in
 * the item, named after its first words ("Our Mission" → our-mission).
 */
import { findNodeAtLocation, type Node, parseTree } from "jsonc-parser";
import { uniqueBlockKey } from "../../../schemas/block-key.ts";
import type { ValuePath } from "../../../schemas/translatable.ts";

export function addBlockKeys(text: string): { text: string; added: string[] } {
  const tree = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  const blocks = tree && findNodeAtLocation(tree, ["blocks"]);
  if (!blocks || blocks.type !== "array") return { text, added: [] };
  const objects = (blocks.children ?? []).filter((b) => b.type === "object");
  const taken = new Set(objects.map((b) => stringProperty(b, "key")).filter((k): k is string => k !== undefined));
  const edits: { offset: number; insert: string }[] = [];
  const added: string[] = [];
  for (const block of objects) {
    if (stringProperty(block, "key") !== undefined) continue;
    const typeProperty = property(block, "type");
    const type = stringProperty(block, "type");
    if (!typeProperty || type === undefined) continue;
    const key = uniqueBlockKey(type, taken);
    taken.add(key);
    added.push(key);
    edits.push(insertAfter(text, typeProperty, `"key": ${JSON.stringify(key)}`));
  }
  return { text: applied(text, edits), added };
}

/** Gives each item of the lists at `lists` (keyed lists: schemas/keyed-lists.ts) a key where it has none. */
export function addItemKeys(text: string, lists: readonly ValuePath[]): { text: string; added: string[] } {
  const tree = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  const edits: { offset: number; insert: string }[] = [];
  const added: string[] = [];
  for (const path of lists) {
    const list = tree && findNodeAtLocation(tree, path);
    if (list?.type !== "array") continue;
    const items = (list.children ?? []).filter((item) => item.type === "object");
    const taken = new Set(items.map((item) => stringProperty(item, "key")).filter((k): k is string => k !== undefined));
    for (const item of items) {
      const first = item.children?.[0];
      if (stringProperty(item, "key") !== undefined || !first) continue;
      const key = uniqueBlockKey(nameOf(item), taken);
      taken.add(key);
      added.push(key);
      edits.push(insertBefore(text, first, `"key": ${JSON.stringify(key)}`));
    }
  }
  return { text: applied(text, edits), added };
}

/** An item's first words as a key, from its title or label if it has one: "Our Mission" → our-mission; "item" when it has no Latin letters. */
function nameOf(item: Node): string {
  const strings = (item.children ?? []).flatMap((p) => (p.children?.[1]?.type === "string" ? [{ name: p.children[0]!.value as string, value: p.children[1].value as string }] : []));
  const named = strings.find((s) => NAMED_BY.includes(s.name)) ?? strings.find((s) => /[a-z]/i.test(s.value));
  return (named?.value ?? "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim().split(" ").slice(0, 3).join("-") || "item";
}

/** The fields an item reads by, in order: what its key is made from. */
const NAMED_BY = ["title", "label", "name"];

function applied(text: string, edits: { offset: number; insert: string }[]): string {
  let out = text;
  for (const { offset, insert } of edits.sort((a, b) => b.offset - a.offset)) out = out.slice(0, offset) + insert + out.slice(offset);
  return out;
}

const property = (object: Node, name: string) => object.children?.find((p) => p.children?.[0]?.value === name);

function stringProperty(object: Node, name: string): string | undefined {
  const value = property(object, name)?.children?.[1];
  return value?.type === "string" ? (value.value as string) : undefined;
}

/** Where and what to insert so the new property comes before `first`, an object's first property, in the same style. */
function insertBefore(text: string, first: Node, member: string): { offset: number; insert: string } {
  const lineStart = text.lastIndexOf("\n", first.offset) + 1;
  const before = text.slice(lineStart, first.offset);
  // One property per line: a line of its own, indented as the first; else inline.
  return /^[ \t]*$/.test(before) ? { offset: lineStart, insert: `${before}${member},\n` } : { offset: first.offset, insert: `${member}, ` };
}

/** Where and what to insert so the new property follows `after` in the same style. */
function insertAfter(text: string, after: Node, member: string): { offset: number; insert: string } {
  const end = after.offset + after.length;
  const comma = /^\s*,/.exec(text.slice(end));
  if (!comma) return { offset: end, insert: `, ${member}` };
  const afterComma = end + comma[0].length;
  if (/^[ \t]*\r?\n/.test(text.slice(afterComma))) {
    const lineStart = text.lastIndexOf("\n", after.offset) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
    return { offset: afterComma, insert: `\n${indent}${member},` };
  }
  return { offset: afterComma, insert: ` ${member},` };
}
