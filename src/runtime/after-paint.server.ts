/**
 * A page's JavaScript starts once the page has painted, not before: the islands runtime (its
 * module script and the modules it imports) and the islands' code are named in a JSON data
 * block, and come to life at the first contentful paint. Fetched earlier, they would compete
 * with the page itself for a slow phone's bandwidth, and a simulated load counts them against
 * the paint. The islands' code (React DOM, the hydrator, Chakra, Emotion) is only prefetched:
 * fetched into the cache at the lowest priority and neither compiled nor run until the first
 * island hydrates or the first notice shows, so a page nobody touches pays nothing for it.
 * A data block, not inert elements of invented types: the page stays valid HTML.
 */

import { ATTR, ISLAND_TAG } from "../page/island-markup.ts";
import { SCRIPT_FACE_STYLE_ID, TEXT_FACE_STYLE_ID } from "../styles/font-stack.ts";

/** The data block's id: it stays in the page until everything it names has been brought to life. */
export const AFTER_PAINT_DATA = "after-paint";

/** What the data block holds: the runtime's imports, the runtime, the islands' code, and the analytics collector when it is on. */
export interface AfterPaint {
  preload: string[];
  module: string;
  prefetch: string[];
  collect?: string;
}

/** The longest the collector waits for the browser to be idle (ms): a page never idle is counted all the same. */
const COLLECT_IDLE_TIMEOUT_MS = 5000;

/**
 * Each link brought to life starts a fetch, which cost the main thread 0.1 to 28 ms each with
 * 4x CPU slowdown (the page's own timing): sixteen at once were one task of 90 to 190 ms, a
 * tap ignored meanwhile. A few at a time, yielding between, no task is long.
 */
const STEP_BUDGET_MS = 4;

/**
 * Runs in the browser. Waits for the first contentful paint (observed, not timed: tests that
 * control the clock still get their modules), or not at all where waiting gains nothing: a
 * hidden page does not paint, and a browser without paint timing cannot tell; and at the
 * latest once the page has loaded, for a page whose island hydrating at once draws it (it may
 * have no content of its own to paint), and a few seconds after load for any other. The
 * faces' files are loaded first, Inter's added once loaded; on a page in another script (Hindi)
 * both are kept for the next page (src/styles/text-face.ts, script-fonts.ts), then the runtime's imports are preloaded (they are on their way when it asks for them), then its
 * module script, then the islands' code is prefetched, a few per task; the data block goes last.
 * Last of all, once the browser is idle, the analytics collector's module, if the page names
 * one (src/analytics/collect.ts): it never competes with the page or the islands.
 */
export const AFTER_PAINT_LOADER = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The faces first, their files loaded before the page has them: turning their rules on laid
    // the whole page out twice, at once (every text's font looked up again, still in the stand-in:
    // Home 47 ms, a Hindi page 134 ms, unthrottled) and again when the files came. Added loaded,
    // they cost one layout. Read from their inert rules: the rules stay the one source.
    const inert = (style) => style !== null && style.media !== "all";
    const facesOf = (style) => {
      if (!inert(style)) return [];
      try {
        return [...style.sheet.cssRules].map(({ style: rule }) => {
          const of = (name) => rule.getPropertyValue(name);
          return new FontFace(of("font-family").replace(/["']/g, ""), of("src"), { style: of("font-style"), weight: of("font-weight"), display: of("font-display"), unicodeRange: of("unicode-range") });
        });
      } catch {
        style.media = "all";
        return [];
      }
    };
    const add = (tag, attributes) => document.head.append(Object.assign(document.createElement(tag), attributes));
    const text = document.getElementById("${TEXT_FACE_STYLE_ID}");
    const script = document.getElementById("${SCRIPT_FACE_STYLE_ID}");
    // Whether the system has a face for the script: without one, each of its letters is the same
    // box, as wide as a letter no face has. Where it cannot tell (no canvas), it has none.
    const systemHas = (letters = "") => {
      const context = document.createElement("canvas").getContext("2d");
      if (!context) return false;
      context.font = "16px sans-serif";
      return context.measureText(letters).width !== context.measureText("\\u0378".repeat([...letters].length)).width;
    };
    // A script's face (a Hindi page's Devanagari) is only fetched here, for the site's next page,
    // which has it before it paints: added now, it would move lines its stand-in wrapped. Nor is
    // Inter added on such a page: adding a face lays out every text again, the script's too
    // (Chromium drops every font's shaping), the largest task after a Hindi page's paint, for the
    // few Latin letters it would change. Unless the system has no face for the script: anything
    // beats boxes, and both are added at once (one layout).
    if (inert(script) && systemHas(script.dataset.letters)) {
      // Prefetched, not loaded: to the cache, not decoded on this page.
      for (const style of [text, script].filter(inert)) {
        for (const [, href] of style.textContent.matchAll(/url\\(["']?([^"')]+)/g)) add("link", { rel: "prefetch", href, crossOrigin: "" });
      }
    } else {
      const fonts = [...facesOf(text), ...facesOf(script)];
      Promise.allSettled(fonts.map((font) => font.load())).then(() => fonts.forEach((font) => font.status === "loaded" && document.fonts.add(font)));
    }
    const data = document.getElementById("${AFTER_PAINT_DATA}");
    if (!data) return;
    const { preload, module, prefetch, collect } = JSON.parse(data.textContent);
    const steps = [
      ...preload.map((href) => () => add("link", { rel: "modulepreload", href })),
      () => add("script", { type: "module", src: module }),
      // crossorigin: the same request a module import makes, so the import is served from the cache.
      ...prefetch.map((href) => () => add("link", { rel: "prefetch", href, crossOrigin: "" })),
      () => data.remove(),
      // import(), not a script element: the page's one module script stays the runtime.
      () => collect && (window.requestIdleCallback ?? setTimeout)(() => import(collect), { timeout: ${COLLECT_IDLE_TIMEOUT_MS} }),
    ];
    const run = () => {
      const until = performance.now() + ${STEP_BUDGET_MS};
      do steps.shift()();
      while (steps.length && performance.now() < until);
      if (steps.length) setTimeout(run);
    };
    run();
  };
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return start();
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
  // A page whose island draws it (the admin, the editor's preview) may have nothing to paint:
  // it starts at load. Any other page paints; should the browser never say so, it starts a
  // little after load rather than never.
  addEventListener("load", () => (document.querySelector('${ISLAND_TAG}[${ATTR.hydrate}="load"]') ? start() : setTimeout(start, 3000)), { once: true });
})();`;

/** The data block and the loader, for the end of <body>. `<` is escaped: nothing in it can close the script. */
export function afterPaint(data: AfterPaint): string {
  const json = JSON.stringify(data).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${AFTER_PAINT_DATA}">${json}</script><script>${AFTER_PAINT_LOADER}</script>`;
}
