/**
 * How the form API reads a request before it validates the values: its media type, a
 * browser's own urlencoded post (read strictly), and whether the answer is JSON or the result
 * page (./form-result-page.ts) a browser without JavaScript shows.
 */
import { PassThrough, type Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { errors } from "../../src/errors/catalogue.ts";
import { FormRefusal } from "./form-refusals.ts";

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
 * escape, bytes that are not UTF-8 (raw or escaped) or a field sent twice is refused, where URLSearchParams
 * would silently put U+FFFD in the value or keep the last copy. Only the `repeatable` names (a
 * checkbox group's) may come several times: their values are then a list, in the order sent.
 */
export function parseUrlencoded(bytes: Uint8Array, repeatable: ReadonlySet<string> = new Set()): Record<string, string | string[]> {
  const body = utf8(bytes);
  if (body === undefined) throw malformed("the body is not UTF-8");
  const values = new Map<string, string | string[]>();
  for (const pair of body.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const [name, value] = [decode(at === -1 ? pair : pair.slice(0, at)), decode(at === -1 ? "" : pair.slice(at + 1))];
    const earlier = values.get(name);
    if (earlier === undefined) values.set(name, value);
    // A checkbox group's boxes share its name: a browser sends it once per ticked box.
    else if (repeatable.has(name)) values.set(name, [earlier, value].flat());
    else throw malformed(`the field ${JSON.stringify(name)} appears twice`);
  }
  return Object.fromEntries(values);
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
