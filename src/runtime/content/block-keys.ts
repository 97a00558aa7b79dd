/**
 * Gives every block of a page file a key (schemas/block-key.ts) where it has none, editing
 * the text rather than rewriting the file: each key goes right after its block's "type",
 * on its own line where the block has one property per line and inline where the block is
 * written on one line, so git diff shows one added line or one changed line per block.
 */
import { findNodeAtLocation, type Node, parseTree } from "jsonc-parser";
import { uniqueBlockKey } from "../../../schemas/block-key.ts";

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
  let out = text;
  for (const { offset, insert } of edits.sort((a, b) => b.offset - a.offset)) out = out.slice(0, offset) + insert + out.slice(offset);
  return { text: out, added };
}

const property = (object: Node, name: string) => object.children?.find((p) => p.children?.[0]?.value === name);

function stringProperty(object: Node, name: string): string | undefined {
  const value = property(object, name)?.children?.[1];
  return value?.type === "string" ? (value.value as string) : undefined;
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
