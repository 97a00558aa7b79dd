/**
 * Each page's Content-Security-Policy: one function for the server (server/plugins/site.ts),
 * which sends it with the page, and for the build, which writes it into `_headers` for static
 * hosts (./static-host.server.ts). Static HTML cannot carry per-request nonces, so a page's
 * own inline scripts are allowed by hash; Emotion's runtime styles need 'unsafe-inline' for
 * styles.
 */
import { createHash } from "node:crypto";

/** Sent with every answer (the server) and every file (a static host's _headers). */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "X-Frame-Options": "DENY",
} as const;

/** Sent over https only. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** Origins a build talks to besides its own. */
export interface PolicyOrigins {
  /** The WordPress the blog comes from: the browser fetches newer posts and shows their images. */
  wordpress?: string;
  /** Where forms post when the site is on a static host (FORMS_API_URL at build time). */
  formsApi?: string;
}

/** Who may show a page in a frame: nobody, or the site itself (the page editor's preview, local mode only). */
export type FramedBy = "none" | "self";

export function contentSecurityPolicy(scriptHashes: readonly string[] = [], https = false, origins: PolicyOrigins = {}, framedBy: FramedBy = "none"): string {
  const extra = (...list: (string | undefined)[]) => list.filter((o): o is string => o !== undefined).map((o) => ` ${o}`).join("");
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" "),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${extra(origins.wordpress)}`,
    "font-src 'self'",
    `connect-src 'self'${extra(origins.wordpress, origins.formsApi)}`,
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors '${framedBy}'`,
    `form-action 'self'${extra(origins.formsApi)}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** sha256 hashes of a page's inline scripts (JSON data blocks, JSON-LD among them, are not scripts the browser runs). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/(?:ld\+)?json"/.test(match[1] ?? "")) continue;
    hashes.add("sha256-" + createHash("sha256").update(match[2] ?? "").digest("base64"));
  }
  return [...hashes];
}

/** The origins a build's manifest names (build/site-manifest.json). */
export function policyOrigins(manifest: { blog?: { wordpressUrl: string }; formsApi?: string }): PolicyOrigins {
  return {
    ...(manifest.blog && { wordpress: new URL(manifest.blog.wordpressUrl).origin }),
    ...(manifest.formsApi && { formsApi: manifest.formsApi }),
  };
}
