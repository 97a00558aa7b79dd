/**
 * How the form API reads a request before it validates the values: its media type, a
 * browser's own urlencoded post (read strictly), and whether the answer is JSON or the result
 * page (./form-result-page.ts) a browser without JavaScript shows.
 */
import type { FastifyRequest } from "fastify";
import { FormErrors } from "../../src/forms/errors.ts";

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

export class MalformedUrlencoded extends Error {
  readonly statusCode = FormErrors.MalformedUrlencoded.status;
  readonly code = FormErrors.MalformedUrlencoded.code;
  constructor(reason: string) {
    super(`${FormErrors.MalformedUrlencoded.message} (${reason})`);
  }
}

/**
 * A urlencoded body as a browser writes it (UTF-8, `+` for spaces), read strictly: a broken
 * escape, bytes that are not UTF-8 or a field sent twice is refused, where URLSearchParams
 * would silently put U+FFFD in the value or keep the last copy.
 */
export function parseUrlencoded(body: string): Record<string, string> {
  const values = new Map<string, string>();
  for (const pair of body.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const [name, value] = [decode(at === -1 ? pair : pair.slice(0, at)), decode(at === -1 ? "" : pair.slice(at + 1))];
    if (values.has(name)) throw new MalformedUrlencoded(`the field ${JSON.stringify(name)} appears twice`);
    values.set(name, value);
  }
  return Object.fromEntries(values);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw new MalformedUrlencoded("a value is not percent-encoded UTF-8");
  }
}
