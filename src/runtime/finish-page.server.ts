/**
 * The last step of a page's HTML, after React Router has prerendered it (entry.server.tsx:
 * the page with its islands rendered in). One function for one page, so the whole build
 * (build.server.ts) and a rebuild of a single page run the same step:
 *
 * 1. every Emotion style moves into <head> (head-styles.ts), and the symbols of the page's
 *    icons into the page (inline-icons.server.ts);
 * 2. the islands runtime loads once the page has painted: its module script and its static
 *    imports' preloads, named in a data block at the end of <body> until the first contentful paint;
 * 3. what the first island or notice needs (React DOM, Chakra, Emotion) is prefetched then,
 *    neither compiled nor run before an island needs it (after-paint.server.ts); on a page
 *    with an island that hydrates at once (a post newer than the build, the admin), it is
 *    preloaded with the runtime instead, so that island waits for no second round trip;
 * 4. the page paints once, whole (PAINT_WHOLE).
 *
 * The inline scripts a page carries (early events, image fallback, speculation rules, the
 * after-paint loader, JSON-LD) are allowed by the server's per-page CSP hashes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { AFTER_PAINT_DATA, afterPaint } from "./after-paint.server.ts";
import { ATTR } from "../page/island-markup.ts";
import { moveStylesToHead } from "../styles/head-styles.ts";
import { type IconSprite, inlineIcons } from "../ui/inline-icons.server.ts";

/** The files a page loads, written by the client build (scripts/lib/islands-build.ts). */
export interface PageAssets {
  icons: IconSprite;
  runtime: string;
  runtimeImports: string[];
  afterPaint: string[];
  /** The studio pages' runtime (src/entry.studio.ts) and its static imports, in place of the public one's. */
  studio: { runtime: string; runtimeImports: string[] };
  /** The analytics collector (src/analytics/collect.ts): named by public pages while ANALYTICS is not off. */
  collector: string;
}

/** Where the client build writes them: the build directory, beside site-manifest.json (nothing a browser asks for). */
export const PAGE_ASSETS_FILE = "page-assets.json";

export function readPageAssets(buildDirectory: string): PageAssets {
  return JSON.parse(readFileSync(path.join(buildDirectory, PAGE_ASSETS_FILE), "utf8")) as PageAssets;
}

/**
 * React Router's page for a redirect, there for static hosts (the server answers a redirect with
 * a 301 itself): it runs no islands, and its refresh is written as HTML wants it ("0; url=…").
 */
const REDIRECT_REFRESH = /<meta http-equiv="refresh" content="(\d+);url=/;

/**
 * Rendering waits until the parser has reached the page's last element (the after-paint data
 * block). Painted as it arrives, the first screen showed sooner, but the rest of the page was
 * then styled and laid out in one long task once parsing finished, right after that paint:
 * 200 to 500 ms of a 4x-slowed phone's main thread blocked, a tap ignored meanwhile. Painted
 * whole, that work comes before the first paint and the page answers from its first frame
 * (docs/architecture.md, "One paint, whole").
 */
export const PAINT_WHOLE = `<link rel="expect" href="#${AFTER_PAINT_DATA}" blocking="render">`;

/** Where it goes: first in <head>, after the character set, which must come within the first bytes. */
const HEAD_START = /<head>(?:<meta charset="utf-8"\s*\/?>)?/i;

/**
 * `studio`: a studio screen (under /admin), which loads the studio's runtime; public pages never name it.
 * `analytics`: whether a public page loads the collector (ANALYTICS, read by the caller; a draft's preview never does).
 */
export function finishPage(html: string, assets: PageAssets, { studio = false, analytics = false }: { studio?: boolean; analytics?: boolean } = {}): string {
  if (REDIRECT_REFRESH.test(html)) return html.replace(REDIRECT_REFRESH, '<meta http-equiv="refresh" content="$1; url=');
  const page = inlineIcons(moveStylesToHead(html), assets.icons).replace(HEAD_START, (start) => start + PAINT_WHOLE);
  const bodyEnd = page.lastIndexOf("</body>");
  if (bodyEnd === -1) throw new Error("finishPage: the page has no </body>.");
  const hydratesAtOnce = page.includes(` ${ATTR.hydrate}="load"`);
  const { runtime, runtimeImports } = studio ? assets.studio : assets;
  const tail = afterPaint({
    preload: hydratesAtOnce ? [...runtimeImports, ...assets.afterPaint] : runtimeImports,
    module: runtime,
    prefetch: hydratesAtOnce ? [] : assets.afterPaint,
    ...(analytics && !studio && { collect: assets.collector }),
  });
  return page.slice(0, bodyEnd) + tail + page.slice(bodyEnd);
}
