/**
 * Fetch what the first interaction will need once the page has painted, not before: written
 * inert into the page, the modulepreload links come to life at the first contentful paint.
 * Fetched earlier, they would compete with the page itself for a slow phone's bandwidth.
 * (Preloaded modules are fetched and compiled, not run: they cost start-up nothing more.)
 */

const INERT_PRELOAD = "x-modulepreload-after-paint";

/**
 * Runs in the browser. Waits for the first contentful paint (observed, not timed: tests that
 * control the clock still get their modules), or not at all where waiting gains nothing: a
 * hidden page does not paint, and a browser without paint timing cannot tell. A link whose
 * rel changes is processed again: it is fetched then.
 */
export const AFTER_PAINT_LOADER = `(() => {
  const start = () => {
    for (const inert of document.querySelectorAll('link[rel="${INERT_PRELOAD}"]')) inert.rel = "modulepreload";
  };
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return start();
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
})();`;

/** The markup that preloads these modules after the first paint: inert links, then the loader. */
export function preloadAfterPaint(hrefs: string[]): string {
  if (hrefs.length === 0) return "";
  return hrefs.map((href) => `<link rel="${INERT_PRELOAD}" href="${href}"/>`).join("") + `<script>${AFTER_PAINT_LOADER}</script>`;
}
