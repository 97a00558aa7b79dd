/**
 * A content file as read from disk, able to say where a path inside its data is written.
 * JSON is parsed with jsonc-parser, which keeps offsets; TypeScript (content/site.json) and
 * Markdown frontmatter are located by following the property names through the text.
 */
import { type Node, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";
import { errors } from "../errors/catalogue.ts";
import { at, type ContentError, type Locator, type Position } from "./errors.ts";

export interface SourceFile extends Locator {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  text: string;
  data: unknown;
}

export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Parses JSON; syntax errors come back as located content errors. */
export function parseJsonSource(file: string, text: string, label: string): { source?: SourceFile; errors: ContentError[] } {
  const parseErrors: ParseError[] = [];
  const tree = parseTree(text, parseErrors, { allowTrailingComma: false, disallowComments: true });
  if (parseErrors.length > 0 || !tree) {
    return {
      errors: parseErrors.slice(0, 5).map((e) => at(file, positionAt(text, e.offset), label, errors.InvalidJson(describeParseError(printParseErrorCode(e.error))))),
    };
  }
  return {
    errors: [],
    source: { file, text, data: getNodeValue(tree), locate: (path) => locateInTree(text, tree, path) },
  };
}

function describeParseError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

function locateInTree(text: string, tree: Node, path: readonly PropertyKey[]): Position {
  // Walk down as far as the path exists: a missing property is reported at its parent.
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(tree, path.slice(0, depth).map((p) => (typeof p === "number" ? p : String(p))));
    if (node) {
      // Point at the property's key where there is one: that is what an editor shows.
      const target = node.parent?.type === "property" && depth > 0 ? node.parent : node;
      return positionAt(text, target.offset);
    }
  }
  return { line: 1, column: 1 };
}

/**
 * Locates a path in source text that is not JSON (a TypeScript object literal, YAML
 * frontmatter) by finding each property name in turn after the previous one.
 */
export function locateByKeys(text: string, path: readonly PropertyKey[], startOffset = 0): Position {
  let offset = startOffset;
  for (const key of path) {
    if (typeof key === "number") continue;
    const pattern = new RegExp(`(^|[\\s{,"'])${escapeRegExp(String(key))}["']?\\s*:`, "mg");
    pattern.lastIndex = offset;
    const match = pattern.exec(text);
    if (!match) break;
    offset = match.index + match[1]!.length;
  }
  return positionAt(text, offset);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
