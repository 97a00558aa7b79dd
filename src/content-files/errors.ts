/**
 * Content errors are catalogue errors (src/errors/catalogue.ts) with a place, written for the
 * marketer who must fix the file: where (file, line:column, JSON pointer, a readable label),
 * what (code, title, message), and what to do (hint). The editor puts each on its field by
 * file and pointer; the command line prints them with formatError.
 */
import type { ErrorData } from "../errors/catalogue.ts";

export interface ContentError extends ErrorData {
  file: string;
  line: number;
  column: number;
  /** RFC 6901 pointer into the file's data, e.g. /blocks/2/cta/href */
  pointer: string;
  /** e.g. "Page Home → block 3 (hero) → cta.href" */
  label: string;
}

/** A place in a file, 1-based. */
export type Position = Pick<ContentError, "line" | "column">;

/** A file that can say where a path inside its data is written (a SourceFile, source.ts). */
export interface Locator {
  file: string;
  locate(path: readonly PropertyKey[]): Position;
}

/** Names a place in a file for people: "Page Home → block 3 (hero) → cta.href". */
export type Labeller = (path: readonly PropertyKey[]) => string;

export class ContentCheckFailed extends Error {
  constructor(readonly errors: ContentError[]) {
    super(`${errors.length} content error${errors.length === 1 ? "" : "s"}:\n\n${errors.map(formatError).join("\n\n")}`);
    this.name = "ContentCheckFailed";
  }
}

export function formatError(e: ContentError): string {
  return [
    `${e.file}:${e.line}:${e.column}  ${e.title}`,
    `  ${e.label}${e.pointer ? `  (${e.pointer})` : ""}`,
    `  ${e.message}`,
    `  Hint: ${e.hint}`,
  ].join("\n");
}

export const toPointer = (path: readonly PropertyKey[]) =>
  path.length === 0 ? "" : "/" + path.map((p) => String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The path a pointer names (numbers for array indexes): the inverse of toPointer. */
export const fromPointer = (pointer: string): (string | number)[] =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
        .map((p) => (/^(?:0|[1-9]\d*)$/.test(p) ? Number(p) : p));

/** An error at a path inside a parsed file. */
export function located(source: Locator, path: readonly PropertyKey[], label: Labeller, error: ErrorData): ContentError {
  return { ...error, file: source.file, ...source.locate(path), pointer: toPointer(path), label: label(path) };
}

/** An error at a place in a file that has no parsed data to point into (a syntax error, a file name). */
export function at(file: string, position: Position, label: string, error: ErrorData, pointer = ""): ContentError {
  return { ...error, file, ...position, pointer, label };
}
