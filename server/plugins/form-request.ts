/**
 * How the form API reads a request before it validates the values: its media type, a
 * browser's own urlencoded post (read strictly), and whether the answer is JSON or the result
 * page (./form-result-page.ts) a browser without JavaScript shows.
 */
import { PassThrough, type Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { errors } from "../../src/errors/catalogue.ts";
import { FormRefusal } from "./form-refusals.ts";
import { SentValues } from "./form-repeats.ts";

export const URLENCODED = "application/x-www-form-urlencoded";

export const mediaType = (request: FastifyRequest) => (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * Whether the visitor's browser posted the form itself (no JavaScript), and so gets the result
 * page rather than JSON, whatever went wrong: its form posts urlencoded, and any form post a
 * browser makes is a navigation (Sec-Fetch-Mode: navigate; older browsers ask for HTML first).
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (mediaType(request) === URLENCODED) return true;
  const mode = request.headers["sec-fetch-mode"];
  if (mode !== undefined) return mode === "navigate";
  return /^\s*text\/html\b/i.test(request.headers.accept ?? "");
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
/** The bytes as text, or undefined when they are not UTF-8. */
export function utf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A urlencoded body that cannot be read (FormMalformedUrlencoded). */
const malformed = (reason: string) => new FormRefusal(errors.FormMalformedUrlencoded(), reason);

/**
 * A urlencoded body as a browser writes it (UTF-8, `+` for spaces), read strictly: a broken
 * escape or bytes that are not UTF-8 (raw or escaped) are refused, where URLSearchParams would
 * silently put U+FFFD in the value. A name sent more than once is read by the one rule of
 * ./form-repeats.ts (a checkbox group's values make a list).
 */
export function parseUrlencoded(bytes: Uint8Array, repeatable: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const body = utf8(bytes);
  if (body === undefined) throw malformed("the body is not UTF-8");
  const values = new SentValues(repeatable);
  for (const pair of body.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const refused = values.add(decode(at === -1 ? pair : pair.slice(0, at)), decode(at === -1 ? "" : pair.slice(at + 1)));
    if (refused) throw new FormRefusal(refused);
  }
  return values.toObject();
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw malformed("a value is not percent-encoded UTF-8");
  }
}

/** The body, failing with FormTimeout unless it has arrived in full within `ms`. */
export function withDeadline(body: Readable, ms: number): Readable {
  // Fastify stops listening once it has an answer (a refusal before the body was read, or the
  // first error): a deadline firing after that must not become an uncaught exception.
  const timed = new PassThrough().on("error", () => {});
  const timer = setTimeout(() => {
    body.unpipe(timed);
    timed.destroy(new FormRefusal(errors.FormTimeout(), `the body did not arrive within ${ms} ms`));
  }, ms);
  timer.unref();
  const stop = () => clearTimeout(timer);
  body.once("end", stop).once("error", stop).once("close", stop);
  body.on("error", (error) => timed.destroy(error));
  return body.pipe(timed);
}
