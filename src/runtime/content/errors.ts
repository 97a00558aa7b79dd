/**
 * Content errors are values, written for the marketer who must fix the file:
 * where (file, line:column, JSON pointer, a readable label), what (title, message),
 * and what to do (hint).
 */
export interface ContentError {
  title: string;
  message: string;
  hint: string;
  file: string;
  line: number;
  column: number;
  /** RFC 6901 pointer into the file's data, e.g. /blocks/2/cta/href */
  pointer: string;
  /** e.g. "Page Home → block 3 (hero) → cta.href" */
  label: string;
}

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
