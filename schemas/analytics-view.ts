/**
 * What the collector (src/analytics/collect.ts) and the server agree on, without zod: the
 * collector imports this alone, so its bytes stay under 1 kB gzipped. The schema that checks
 * a view is ./analytics.ts.
 */

/** The endpoint the collector posts page views to (same origin, navigator.sendBeacon). */
export const ANALYTICS_ENDPOINT = "/api/analytics/view";

/** A screen's width class, not its size: enough to tell phones from desktops, too coarse to tell people apart. */
export const SCREEN_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

/** The widths (CSS px) from which a screen is a tablet, a desktop; the collector measures innerWidth. */
export const SCREEN_BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

/** The longest UTM value kept (longer ones are cut by the collector, refused by the server). */
export const UTM_LENGTH = 100;
