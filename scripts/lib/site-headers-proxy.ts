/**
 * `npm run bench --compare URL --compare-headers`: the compared site, reached through a reverse
 * proxy on this computer that adds the headers every answer of this site gets, so both sites
 * are measured under the same headers. Cross-Origin-Opener-Policy alone moves blocking time
 * (docs/architecture.md, "What start-up costs"); a comparison without it is not like for like.
 *
 * Two header sets, because this site's Content-Security-Policy is written for this site:
 * - "security": SECURITY_HEADERS only (COOP among them). The compared site keeps its own CSP,
 *   if it sends one, and loads what it was built to load.
 * - "csp": also this site's policy, built per page as the server builds it (the page's own
 *   inline scripts allowed by hash, everything else 'self'). What the compared site loads from
 *   elsewhere, or runs from inline handlers, is then blocked, and the page measured is not the
 *   one its authors ship; Lighthouse reports the violations as console errors (best practices).
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { isLoopback } from "../../src/admin/mode.server.ts";
import { contentSecurityPolicy, inlineScriptHashes, SECURITY_HEADERS } from "../../src/runtime/security-policy.ts";
import { type ReverseProxyOptions, startReverseProxy } from "./reverse-proxy.ts";

export type CompareHeaders = "security" | "csp";

/** The compared site's origin, if the proxy may reach it: http on this computer only. */
export function compareTarget(url: string): URL {
  const target = new URL(url);
  if (target.protocol !== "http:" || !isLoopback(target.hostname)) {
    throw new Error(
      `--compare-headers proxies only http sites on this computer (localhost, 127.x.x.x, ::1), not ${target.origin}. ` +
        "Hint: build and serve the compared site here (e.g. python3 -m http.server 3611 in its build folder) and pass --compare http://127.0.0.1:3611/.",
    );
  }
  return new URL(target.origin);
}

/** The header names the proxy adds to every answer, for the bench's report. */
export const addedHeaderNames = (set: CompareHeaders) => [...Object.keys(SECURITY_HEADERS), ...(set === "csp" ? ["Content-Security-Policy"] : [])];

/** A page's body as text, to hash its inline scripts, whatever encoding it came in. */
function decoded(body: Buffer, encoding: string | undefined): string {
  const plain = encoding === "gzip" ? gunzipSync(body) : encoding === "br" ? brotliDecompressSync(body) : encoding === "deflate" ? inflateSync(body) : body;
  return plain.toString("utf8");
}

/** A page under =csp: its policy allows its own inline scripts, so the whole page is read first. */
const pageWithItsPolicy: ReverseProxyOptions["page"] = (body, res, answer) => {
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(decoded(body, answer.headers["content-encoding"]))));
  res.end(body);
};

export async function startSiteHeadersProxy(url: string, set: CompareHeaders) {
  return startReverseProxy(compareTarget(url), {
    answerHeaders: { ...SECURITY_HEADERS, ...(set === "csp" && { "Content-Security-Policy": contentSecurityPolicy() }) },
    page: set === "csp" ? pageWithItsPolicy : undefined,
  });
}
