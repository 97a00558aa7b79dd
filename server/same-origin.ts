/**
 * Whether a browser request was made by a page of this server's own origin. Sec-Fetch-Site
 * first ("none" is a page typed into the address bar: harmless for reading, never a write),
 * Origin as the fallback for browsers without it. A request with neither header came from
 * no web page (curl, a script): no browser was tricked into sending it.
 */
import type { FastifyRequest } from "fastify";

export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && !(site === "none" && request.method === "GET")) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === new URL(`http://${request.headers.host}`).host;
  } catch {
    return false; // "null" (sandboxed frames, file: pages) or garbage
  }
}
