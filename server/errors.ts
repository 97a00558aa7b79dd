/**
 * The server's thrown errors: entries of the catalogue (src/errors/catalogue.ts, its
 * "Server" sections) raised as ServerError, so the start-up, the CLI and the rebuild print
 * the message with its hint.
 */
import type { ErrorData, ErrorKind } from "../src/errors/define.ts";

/** An error from the catalogue, thrown: `code` is stable, `message` and `hint` are for people. */
export class ServerError extends Error {
  readonly code: string;
  readonly title: string;
  readonly hint: string;
  constructor(data: ErrorData) {
    super(data.message);
    this.name = "ServerError";
    this.code = data.code;
    this.title = data.title;
    this.hint = data.hint;
  }
}

/** Throws a catalogue error: `fail(errors.InvalidPort, value)`. */
export function fail<A extends unknown[]>(kind: ErrorKind<string, A>, ...args: A): never {
  throw new ServerError(kind(...args));
}

/** "message Hint: hint" — how a start-up error reads on the console. */
export const withHint = (error: unknown) =>
  error instanceof ServerError ? `${error.message} Hint: ${error.hint}` : error instanceof Error ? error.message : String(error);
