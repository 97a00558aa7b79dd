/**
 * Writes a changed document back into its file's text with the smallest edits: only what
 * differs is rewritten, in place, so the file keeps its $schema, key order and formatting,
 * and editing one field changes one line in `git diff`. jsonc-parser finds where each value
 * is written; new values are laid out like the files' own (one line when it fits, indented
 * like their neighbours). jsonc-parser's own edit functions are not used for this: they
 * reformat the whole line around an insertion, which would unfold a one-line object.
 */
import { findNodeAtLocation, type Node, parseTree } from "jsonc-parser";
import { deepEqual } from "../document/equal.ts";

type Path = (string | number)[];

/** The widest line a new value is written on before it is spread over several. */
const LINE_WIDTH = 120;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);


interface Layout {
  unit: string;
  eol: string;
}

function layoutOf(text: string): Layout {
  return { unit: /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ", eol: text.includes("\r\n") ? "\r\n" : "\n" };
}

/**
 * A translation with its provenance ({ text, source, hash }, schemas/translations.ts) stays on
 * one line however long: marking it as still correct, or retranslating it, is then a one-line diff.
 */
const isProvenance = (value: unknown) => isRecord(value) && Object.keys(value).join() === "text,source,hash";

/** A value as the content files write it: on one line if it fits, otherwise one entry a line. */
export function formatValue(value: unknown, indent: string, layout: Layout, used = 0): string {
  const oneLine = (v: unknown): string =>
    Array.isArray(v)
      ? v.length === 0
        ? "[]"
        : `[${v.map(oneLine).join(", ")}]`
      : isRecord(v)
        ? Object.keys(v).length === 0
          ? "{}"
          : `{ ${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`).join(", ")} }`
        : JSON.stringify(v);
  const flat = oneLine(value);
  if (!(Array.isArray(value) || isRecord(value)) || indent.length + used + flat.length <= LINE_WIDTH || isProvenance(value)) return flat;
  const inner = indent + layout.unit;
  const entries = Array.isArray(value)
    ? value.map((v) => inner + formatValue(v, inner, layout))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatValue(v, inner, layout, JSON.stringify(k).length + 2)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}${layout.eol}${entries.join(`,${layout.eol}`)}${layout.eol}${indent}${close}`;
}

/** `text` (whose value is `from`) edited so that its value is `to`. */
export function rewriteJson(text: string, from: unknown, to: unknown): string {
  const layout = layoutOf(text);
  let current = text;

  const node = (path: Path): Node => {
    const found = findNodeAtLocation(parseTree(current)!, path);
    if (!found) throw new Error(`Nothing at ${path.join("/")}`);
    return found;
  };
  const splice = (offset: number, length: number, insert: string) => {
    current = current.slice(0, offset) + insert + current.slice(offset + length);
  };
  const indentAt = (offset: number) => /[ \t]*$/.exec(current.slice(current.lastIndexOf("\n", offset - 1) + 1, offset))![0];
  const lineOf = (offset: number) => current.slice(0, offset).split("\n").length;
  /** Whether a container is written on one line (then entries are separated by ", "). */
  const isOneLine = (container: Node) => lineOf(container.offset) === lineOf(container.offset + container.length);

  /** The entries of a container: property nodes of an object, value nodes of an array. */
  const entries = (container: Node) => container.children ?? [];

  const replace = (path: Path, value: unknown) => {
    const target = node(path);
    const column = target.offset - current.lastIndexOf("\n", target.offset - 1) - 1;
    splice(target.offset, target.length, formatValue(value, indentAt(target.offset), layout, column - indentAt(target.offset).length));
  };

  /** Removes an entry with the separator before it (or after it, when it is the first). */
  const remove = (path: Path) => {
    const container = node(path.slice(0, -1));
    const list = entries(container);
    const index = container.type === "array" ? (path.at(-1) as number) : list.findIndex((p) => p.children?.[0]?.value === path.at(-1));
    const entry = list[index]!;
    if (list.length === 1) splice(container.offset + 1, container.length - 2, "");
    else if (index > 0) {
      const before = list[index - 1]!;
      splice(before.offset + before.length, entry.offset + entry.length - (before.offset + before.length), "");
    } else splice(entry.offset, list[1]!.offset - entry.offset, "");
  };

  /** Inserts `written` (a property or a value, already formatted) as entry `index` of a container. */
  const insert = (containerPath: Path, index: number, write: (indent: string) => string) => {
    const container = node(containerPath);
    const list = entries(container);
    if (list.length === 0) {
      const indent = indentAt(container.offset);
      splice(container.offset + 1, container.length - 2, `${layout.eol}${indent}${layout.unit}${write(indent + layout.unit)}${layout.eol}${indent}`);
      return;
    }
    const oneLine = isOneLine(container);
    const neighbour = list[Math.min(index, list.length - 1)]!;
    const indent = oneLine ? indentAt(container.offset) : indentAt(neighbour.offset);
    const separator = oneLine ? ", " : `,${layout.eol}${indent}`;
    if (index < list.length) splice(neighbour.offset, 0, write(indent) + separator);
    else splice(neighbour.offset + neighbour.length, 0, separator + write(indent));
  };

  const rewrite = (a: unknown, b: unknown, path: Path) => {
    if (deepEqual(a, b)) return;
    if (isRecord(a) && isRecord(b)) rewriteObject(a, b, path);
    else if (Array.isArray(a) && Array.isArray(b)) rewriteArray(a, b, path);
    else replace(path, b);
  };

  const rewriteObject = (a: Record<string, unknown>, b: Record<string, unknown>, path: Path) => {
    for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) remove([...path, key]);
    const order = Object.keys(b);
    order.forEach((key, i) => {
      if (Object.hasOwn(a, key)) return rewrite(a[key], b[key], [...path, key]);
      // A new property goes after the one it follows in the new value, not at the end.
      const existing = entries(node(path)).map((p) => p.children?.[0]?.value as string);
      let at = 0;
      for (let j = i - 1; j >= 0; j--) {
        const found = existing.indexOf(order[j]!);
        if (found >= 0) {
          at = found + 1;
          break;
        }
      }
      const name = JSON.stringify(key);
      insert(path, at, (indent) => `${name}: ${formatValue(b[key], indent, layout, name.length + 2)}`);
    });
  };

  const rewriteArray = (a: unknown[], b: unknown[], path: Path) => {
    let at = 0; // position in the list as it is being edited
    for (const step of diffLists(a, b)) {
      if (step.op === "keep") at++;
      else if (step.op === "change") rewrite(a[step.from], b[step.to], [...path, at++]);
      else if (step.op === "delete") remove([...path, at]);
      else insert(path, at++, (indent) => formatValue(b[step.to], indent, layout));
    }
  };

  rewrite(from, to, []);
  // The edits must give exactly the new value; anything else is written out whole.
  let result: unknown;
  try {
    result = JSON.parse(current);
  } catch {
    result = undefined;
  }
  return deepEqual(result, to) ? current : `${formatValue(to, "", layout)}${layout.eol}`;
}

type Step = { op: "keep"; from: number; to: number } | { op: "change"; from: number; to: number } | { op: "delete"; from: number } | { op: "insert"; to: number };

/**
 * How list `a` becomes list `b`: equal items kept (longest common subsequence), and between
 * them, items paired up as changes where both lists have one, the rest deleted or inserted.
 */
export function diffLists(a: readonly unknown[], b: readonly unknown[]): Step[] {
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = deepEqual(a[i], b[j]) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  let deleted: number[] = [];
  let inserted: number[] = [];
  const flush = () => {
    const pairs = Math.min(deleted.length, inserted.length);
    for (let k = 0; k < pairs; k++) steps.push({ op: "change", from: deleted[k]!, to: inserted[k]! });
    for (const from of deleted.slice(pairs)) steps.push({ op: "delete", from });
    for (const to of inserted.slice(pairs)) steps.push({ op: "insert", to });
    deleted = [];
    inserted = [];
  };
  while (i < n || j < m) {
    if (i < n && j < m && deepEqual(a[i], b[j])) {
      flush();
      steps.push({ op: "keep", from: i++, to: j++ });
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) inserted.push(j++);
    else deleted.push(i++);
  }
  flush();
  return steps;
}
