/**
 * The analytics collector (docs/analytics.md): one page view, sent once with
 * navigator.sendBeacon to the site's own endpoint. Loaded by the after-paint loader once the
 * page is idle or first touched (src/runtime/after-paint.server.ts), so it costs the page's
 * paint and input nothing; under 1 kB gzipped (tests/unit/analytics.test.ts).
 * It reads no cookie and writes no storage; a browser that asks not to be tracked (Do Not
 * Track, Global Privacy Control) sends nothing. Who else is not counted is decided on the
 * server (server/analytics/rules.ts). Imports nothing but constants.
 */
import { ANALYTICS_ENDPOINT, SCREEN_BREAKPOINTS, UTM_LENGTH } from "../../schemas/analytics-view.ts";

/** Whether this browser asks not to be tracked: Do Not Track, or Global Privacy Control. */
export const asksNotToBeTracked = (nav: { doNotTrack?: string | null; globalPrivacyControl?: boolean }) => nav.doNotTrack === "1" || nav.globalPrivacyControl === true;

/** The page view of this page, as schemas/analytics.ts pageViewSchema reads it. */
export function pageView(place: Pick<Location, "pathname" | "search" | "host">, referrer: string, lang: string, width: number) {
  const query = new URLSearchParams(place.search);
  const utm = (name: string) => query.get(`utm_${name}`)?.trim().slice(0, UTM_LENGTH) || undefined;
  let from: URL | undefined;
  try {
    from = new URL(referrer);
  } catch {
    // no referrer, or none the browser would give
  }
  return {
    p: place.pathname,
    l: lang || undefined,
    r: from && from.host !== place.host ? from.hostname : undefined,
    us: utm("source"),
    um: utm("medium"),
    uc: utm("campaign"),
    s: width < SCREEN_BREAKPOINTS.tablet ? "mobile" : width < SCREEN_BREAKPOINTS.desktop ? "tablet" : "desktop",
  };
}

if (typeof document !== "undefined" && !asksNotToBeTracked(navigator as Navigator & { globalPrivacyControl?: boolean })) {
  navigator.sendBeacon(ANALYTICS_ENDPOINT, JSON.stringify(pageView(location, document.referrer, document.documentElement.lang, innerWidth)));
}
