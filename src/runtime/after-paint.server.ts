/**
 * A page's JavaScript starts once the page has painted, not before: written inert into the
 * page, the islands runtime (its module script and the modules it imports) and the islands'
 * code come to life at the first contentful paint. Fetched earlier, they would compete with
 * the page itself for a slow phone's bandwidth, and a simulated load counts them against the
 * paint. The islands' code (React DOM, the hydrator, Chakra, Emotion) is only prefetched:
 * fetched into the cache at the lowest priority and neither compiled nor run until the first
 * island hydrates or the first notice shows, so a page nobody touches pays nothing for it.
 */

import { ATTR, ISLAND_TAG } from "../page/island-markup.ts";

const INERT_MODULE = "text/x-module-after-paint";
const INERT_PRELOAD = "x-modulepreload-after-paint";
const INERT_PREFETCH = "x-prefetch-after-paint";

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
 * have no content of its own to paint), and a few seconds after load for any other. A link whose
 * rel changes is processed again: it is fetched then. A script whose type changes is not run,
 * so the runtime's script is written again as a module. In that order (the runtime's imports
 * are on their way when it asks for them), a few per task.
 */
export const AFTER_PAINT_LOADER = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const steps = [];
    for (const inert of document.querySelectorAll('link[rel="${INERT_PRELOAD}"]')) steps.push(() => (inert.rel = "modulepreload"));
    for (const inert of document.querySelectorAll('script[type="${INERT_MODULE}"]')) {
      steps.push(() => {
        const script = document.createElement("script");
        script.type = "module";
        script.src = inert.getAttribute("src");
        inert.replaceWith(script);
      });
    }
    for (const inert of document.querySelectorAll('link[rel="${INERT_PREFETCH}"]')) steps.push(() => (inert.rel = "prefetch"));
    const run = () => {
      const until = performance.now() + ${STEP_BUDGET_MS};
      do steps.shift()();
      while (steps.length && performance.now() < until);
      if (steps.length) setTimeout(run);
    };
    if (steps.length) run();
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

/** The runtime, inert until the first paint: its imports' preloads and its module script (for <head>). */
export function runtimeAfterPaint(runtime: string, imports: string[]): string {
  return imports.map((href) => `<link rel="${INERT_PRELOAD}" href="${href}"/>`).join("") + `<script type="${INERT_MODULE}" src="${runtime}"></script>`;
}

/**
 * The islands' code, prefetched after the first paint (`crossorigin`: the same request a
 * module import makes, so the import is served from the cache), then the loader (end of <body>).
 */
export function prefetchAfterPaint(hrefs: string[]): string {
  return hrefs.map((href) => `<link rel="${INERT_PREFETCH}" href="${href}" crossorigin=""/>`).join("") + `<script>${AFTER_PAINT_LOADER}</script>`;
}
