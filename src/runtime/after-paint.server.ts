/**
 * Paint first, then load the app. Every page is complete prerendered HTML whose links and
 * forms work without JavaScript, so nothing is lost by fetching the app's modules once the
 * browser has painted it: React Router's module script and its modulepreload links are
 * written inert, and a small inline script brings them to life after the first contentful
 * paint. Fetched earlier, the modules compete with the page for a slow phone's bandwidth,
 * and their evaluation and hydration delay the paint itself.
 */

const INERT_MODULE = "text/x-module-after-paint";
const INERT_PRELOAD = "x-modulepreload-after-paint";

/**
 * Runs in the browser. Waits for the first contentful paint (observed, not timed: tests that
 * control the clock still hydrate), or not at all where waiting gains nothing: a hidden page
 * does not paint, and a browser without paint timing cannot tell. A preload comes to life by
 * its rel (a link whose rel changes is processed again: half the time of replacing it); a
 * script runs only when inserted, so each inert one is replaced.
 */
export const AFTER_PAINT_LOADER = `(() => {
  const start = () => {
    for (const inert of document.querySelectorAll('link[rel="${INERT_PRELOAD}"]')) inert.rel = "modulepreload";
    for (const inert of document.querySelectorAll('script[type="${INERT_MODULE}"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    }
  };
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return start();
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
})();`;

/** True when a page's body has something to paint: more than scripts, styles and comments. */
function hasContent(html: string): boolean {
  const body = html.slice(Math.max(0, html.indexOf("<body")));
  return body.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<!--[\s\S]*?-->|<\/?body[^>]*>|<\/html>/g, "").trim() !== "";
}

/**
 * Rewrites a prerendered page so that its module scripts load after its first paint. A page
 * with nothing to paint (the SPA fallback, whose content the app fetches) is left as it is:
 * it would never have a contentful paint to wait for.
 */
export function loadScriptsAfterPaint(html: string): string {
  if (!hasContent(html)) return html;
  let deferred = 0;
  const out = html
    .replace(/<link rel="modulepreload"/g, `<link rel="${INERT_PRELOAD}"`)
    .replace(/<script type="module"(?: async="")?>/g, () => {
      deferred++;
      return `<script type="${INERT_MODULE}">`;
    });
  if (deferred === 0) return html;
  // The loader goes last in <body>, after the inert scripts it looks for.
  return out.replace(/<\/body>(?![\s\S]*<\/body>)/, `<script>${AFTER_PAINT_LOADER}</script></body>`);
}
