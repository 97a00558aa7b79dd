/** An error of the catalogue thrown as an exception: its code, title and hint travel with its message. */
import type { ErrorData } from "./define.ts";

export class CatalogueError extends Error implements ErrorData {
  readonly code: string;
  readonly title: string;
  readonly hint: string;

  constructor({ code, title, message, hint }: ErrorData, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.title = title;
    this.hint = hint;
  }

  override toString() {
    return `${this.title}: ${this.message}\n  Hint: ${this.hint}`;
  }
}
