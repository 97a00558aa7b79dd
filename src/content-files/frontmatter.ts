/**
 * Front matter, read and written the one way every Markdown file of the site uses (legal
 * documents, blog posts, and the blog admin that writes them): a first line `---`, YAML
 * key: value lines, a line `---`, then the Markdown text.
 *
 * Only YAML is read, by the `yaml` package (YAML 1.2 core schema): no `---js` or other
 * engines that evaluate code, no custom tags, one document, unique keys. Problems carry an
 * offset into the whole file, so every caller reports the same line and column.
 */
import { CST, Parser, parseDocument, stringify } from "yaml";
import { type ErrorData, errors } from "../errors/catalogue.ts";

export type FrontMatter =
  | { ok: true; data: Record<string, unknown>; body: string; bodyOffset: number }
  | { ok: false; problem: FrontMatterProblem };

export type FrontMatterProblem =
  /** The file does not start with a `---` line. */
  | { kind: "missing"; offset: 0 }
  /** No line `---` ends the block. */
  | { kind: "unclosed"; offset: 0 }
  /** The block is not YAML key: value lines; `offset` is where the mistake is (UTF-16, for `positionAt`). */
  | { kind: "invalid"; reason: string; offset: number };

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*(?:\r?\n|$)/m;

export function readFrontMatter(text: string): FrontMatter {
  const opening = OPENING.exec(text);
  if (!opening) return { ok: false, problem: { kind: "missing", offset: 0 } };
  const yamlStart = opening[0].length;
  const closing = CLOSING.exec(text.slice(yamlStart));
  if (!closing) {
    // At the opening line: the block that starts here never ends.
    return { ok: false, problem: { kind: "unclosed", offset: 0 } };
  }
  const yamlEnd = yamlStart + closing.index;
  const bodyOffset = yamlEnd + closing[0].length;

  const yaml = text.slice(yamlStart, yamlEnd);
  const doc = parseDocument(yaml, { version: "1.2", schema: "core", uniqueKeys: true, prettyErrors: false });
  // Warnings count too: an unknown tag (!!js/function) would otherwise be read as plain text.
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const reason = problem.message.split("\n")[0]!.replace(/\.$/, "");
    return { ok: false, problem: { kind: "invalid", reason, offset: yamlStart + mistakeAt(yaml, problem.code, problem.pos[0]) } };
  }
  const data: unknown = doc.toJS({ maxAliasCount: 50 }) ?? {};
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { ok: false, problem: { kind: "invalid", reason: "it is not a list of key: value lines", offset: yamlStart } };
  }
  return { ok: true, data: data as Record<string, unknown>, body: text.slice(bodyOffset), bodyOffset };
}

/**
 * Where the writer went wrong, which is not always where the parser noticed. A bracket or a
 * quote left open is noticed lines later: point at the opening. A value holding ": "
 * (`summary: How we handle: your data`) is noticed at the start of the value, which YAML
 * took for a key: point at the colon.
 */
function mistakeAt(yaml: string, code: string, at: number): number {
  const opened = unclosedAt(yaml);
  if (opened !== undefined && opened <= at) return opened;
  if (code !== "BLOCK_AS_IMPLICIT_KEY") return at;
  const lineEnd = yaml.indexOf("\n", at);
  const colon = /:(?=[ \t\r]|$)/.exec(yaml.slice(at, lineEnd === -1 ? undefined : lineEnd));
  return colon ? at + colon.index : at;
}

/** The offset of the first [ or { never closed, or quote never closed, in the YAML's syntax tree. */
function unclosedAt(yaml: string): number | undefined {
  let first: number | undefined;
  const note = (offset: number) => (first = Math.min(first ?? offset, offset));
  for (const token of new Parser().parse(yaml)) {
    if (token.type !== "document") continue;
    CST.visit(token, (item) => {
      for (const node of [item.key, item.value]) {
        if (node?.type === "flow-collection" && !node.end.some((t) => t.source === "]" || t.source === "}")) note(node.offset);
        if (node?.type === "double-quoted-scalar" && !/^"(?:[^"\\]|\\[\s\S])*"$/.test(node.source)) note(node.offset);
        if (node?.type === "single-quoted-scalar" && !/^'(?:[^']|'')*'$/.test(node.source)) note(node.offset);
      }
    });
  }
  return first;
}

/** The catalogue's error for a problem; `fields` names what the front matter holds, for the hint. */
export function frontMatterError(problem: FrontMatterProblem, fields: string): ErrorData {
  switch (problem.kind) {
    case "missing":
      return errors.MissingFrontmatter(fields);
    case "unclosed":
      return errors.UnclosedFrontmatter();
    case "invalid":
      return errors.InvalidFrontmatter(problem.reason);
  }
}

/** A file's text from its front matter and Markdown, in the format `readFrontMatter` reads. */
export function writeFrontMatter(data: Record<string, unknown>, markdown: string): string {
  const defined = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  // No line folding: one line per value keeps hand edits and diffs simple.
  return `---\n${stringify(defined, { version: "1.2", lineWidth: 0 })}---\n\n${markdown.trim()}\n`;
}
