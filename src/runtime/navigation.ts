/**
 * Moving between pages: every link is a page load of static HTML (no client-side router in
 * the browser; docs/architecture.md has the figures that decided it). The browser lands
 * each new page at its top and restores the position on Back and Forward by itself. To make
 * a page load as quick as a client-side route change, same-site links are prefetched as
 * soon as the visitor shows intent (a pointer resting on a link, or pressing it): Chromium's
 * speculation rules, ignored by browsers without them.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: { and: [{ href_matches: "/*" }, { not: { href_matches: "/api/*" } }] }, eagerness: "moderate" }],
});
