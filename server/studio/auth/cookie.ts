/**
 * The session cookie. Over HTTPS it is `__Host-studio`: HttpOnly (no script reads it),
 * Secure, SameSite=Strict (no other site's page sends it), Path=/ and no Domain, which the
 * `__Host-` prefix makes the browser enforce, so no subdomain can set or overwrite it.
 *
 * Over plain http a Secure cookie, and so a `__Host-` one, is not kept by every browser.
 * For development on this computer (http to a loopback host: localhost, 127.0.0.1, ::1)
 * the cookie is `studio`, the same but without Secure and the prefix: nothing crosses a
 * network there. Plain http to any other host is refused (StudioNeedsHttps): a password or
 * a session id would cross the network readable.
 */
import type { FastifyRequest } from "fastify";
import { isLoopback } from "../../../src/admin/mode.server.ts";

export interface CookieKind {
  name: "__Host-studio" | "studio";
  secure: boolean;
}

/** The cookie this request's connection uses, or undefined when the studio must not be used over it. */
export function cookieKind(request: FastifyRequest): CookieKind | undefined {
  // request.protocol believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
  if (request.protocol === "https") return { name: "__Host-studio", secure: true };
  return isLoopback(request.hostname) ? { name: "studio", secure: false } : undefined;
}

/** The cookie's value as the request sent it (the first, if sent twice). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

const attributes = ({ secure }: CookieKind) => `Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;

/** Set-Cookie for a new session: kept by the browser as long as the session can live. */
export const sessionCookie = (kind: CookieKind, secret: string, maxAgeMs: number) =>
  `${kind.name}=${secret}; Max-Age=${Math.floor(maxAgeMs / 1000)}; ${attributes(kind)}`;

/** Set-Cookie that removes the cookie (signing out, or a session that has ended). */
export const clearedCookie = (kind: CookieKind) => `${kind.name}=; Max-Age=0; ${attributes(kind)}`;
