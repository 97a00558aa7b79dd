/**
 * What the site makes of a request's URL, before it looks for a file: the decoded path to
 * look up, or that it can be no page at all. Works on the raw request target, never through
 * `new URL()`, which reads `//host/` and `/\host/` as another host and throws on `//`.
 *
 * A redirect Location is built from the raw path, still percent-encoded, with anything a
 * header or a browser could misread encoded as well: `/%2Fevil.example/` redirects to
 * `/%2Fevil.example`, never to `//evil.example` (another site).
 */

export type SitePath =
  /** Not a path of this site: answered with the site-wide not-found page. */
  | { kind: "invalid" }
  | {
      kind: "path";
      /** Decoded, for looking up files, pages and redirects: "/about", "/€". */
      path: string;
      /** "" or "?..." (safe to put in a Location header). */
      search: string;
      /** Where a path with trailing slashes redirects to (safe for a Location header). */
      slashless?: string;
    };

// RFC 3986 pchar, "/" and an already percent-encoded octet: everything else gets encoded.
const UNSAFE_IN_PATH = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu;
const UNSAFE_IN_QUERY = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/gu;
// A lone surrogate cannot be encoded (encodeURIComponent throws): it becomes U+FFFD.
const encodeUnsafe = (text: string, unsafe: RegExp) => text.replace(unsafe, (c) => encodeURIComponent(/\p{Cs}/u.test(c) ? "\uFFFD" : c));
// A Location that a browser reads as another host: "//x", "/\x" (backslashes count as slashes).
const OTHER_HOST = /^[/\\]{2}/;

export function sitePath(url: string): SitePath {
  // An absolute-form target ("http://host/path", as proxies send) names its path after the authority.
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "") || "/";
  const queryAt = target.indexOf("?");
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const rawSearch = queryAt === -1 ? "" : target.slice(queryAt);
  if (!rawPath.startsWith("/") || OTHER_HOST.test(rawPath)) return { kind: "invalid" };

  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { kind: "invalid" };
  }
  // No page has control characters, a backslash, an empty segment ("/%2Fx" decodes to "//x")
  // or a ".." segment in its path. Trailing slashes are redirected away below.
  const segments = path.replace(/\/+$/, "").split("/").slice(1);
  if (/[\p{Cc}\p{Cs}\\]/u.test(path) || segments.some((s) => s === "" || s === "..")) return { kind: "invalid" };

  const search = encodeUnsafe(rawSearch, UNSAFE_IN_QUERY);
  // The raw path does not start with "//" and "/" is not trimmed: what is left starts with "/x".
  const trimmed = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
  if (trimmed === rawPath) return { kind: "path", path, search };
  return { kind: "path", path, search, slashless: encodeUnsafe(trimmed, UNSAFE_IN_PATH) };
}
