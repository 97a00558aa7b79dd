/**
 * Privacy-first analytics (docs/analytics.md): the page view the collector sends
 * (src/analytics/collect.ts) and the server checks (server/plugins/analytics.ts), and the
 * periods the studio's figures cover. Every field is bounded: an event is at most a few
 * hundred bytes, and anything else is refused with a 4xx.
 */
import { z } from "zod";
import { SCREEN_CLASSES, UTM_LENGTH } from "./analytics-view.ts";

export { ANALYTICS_ENDPOINT, SCREEN_CLASSES, type ScreenClass } from "./analytics-view.ts";

/** The largest body a page view can have: every field at its maximum (UTM values in UTF-8), in JSON. */
export const ANALYTICS_BODY_LIMIT = 2048;

/** A host name as URL.hostname writes one (IDNs in punycode, IPv6 in brackets): no port, no credentials. */
const host = z.string().max(253).regex(/^[a-z0-9.:[\]-]+$/i, { error: "r: a host name." });
/** A UTM value as the link carried it: stored as text and shown escaped, whatever it holds; no control characters. */
const utm = z.string().trim().min(1).max(UTM_LENGTH).regex(/^[^\p{Cc}]+$/u, { error: "utm: text without control characters." });

/** A page view as the collector sends it. */
export const pageViewSchema = z.strictObject({
  /** location.pathname, as the browser writes it (percent-encoded). */
  p: z.string().min(1).max(300).startsWith("/"),
  /** <html lang>: a locale code of the site. */
  l: z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, { error: "l: a locale code." }).optional(),
  /** The referrer's host, when it is another site's. */
  r: host.optional(),
  us: utm.optional(),
  um: utm.optional(),
  uc: utm.optional(),
  s: z.enum(SCREEN_CLASSES),
});
export type PageView = z.infer<typeof pageViewSchema>;

/** Where a visit came from: the campaign's utm_source, else the referring site's host (www. dropped), else "" (direct). */
export function sourceOf(view: Pick<PageView, "r" | "us">): string {
  if (view.us) return view.us.toLowerCase();
  return view.r ? view.r.toLowerCase().replace(/^www\./, "") : "";
}

/** The studio's periods, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export const analyticsQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .refine((n): n is (typeof ANALYTICS_PERIODS)[number] => (ANALYTICS_PERIODS as readonly number[]).includes(n), { error: "days: 7, 30 or 90." })
    .optional(),
});

const period = z.object({ from: z.string(), to: z.string() });
/** One day's figures, for the charts (src/studio/ui/DailyChart.tsx): every day of the period, nothing counted as 0. */
const dayFigures = z.object({ day: z.string(), views: z.number(), visitors: z.number(), conversions: z.number() });
export type DayFigures = z.infer<typeof dayFigures>;
/** One row of a breakdown: this period's views and visitors, and the last period's views to compare. */
const figures = z.object({ key: z.string(), views: z.number(), visitors: z.number(), previousViews: z.number() });

/** What GET /api/studio/analytics answers (server/analytics/report.ts) and the Analytics screen reads. */
export const analyticsReportSchema = z.object({
  days: z.number(),
  current: period,
  previous: period,
  totals: z.object({
    views: z.number(),
    visitors: z.number(),
    conversions: z.number(),
    previous: z.object({ views: z.number(), visitors: z.number(), conversions: z.number() }),
  }),
  /** The most viewed pages, with their conversions (every form sent from the page). */
  pages: z.array(figures.extend({ conversions: z.number() })),
  sources: z.array(figures),
  devices: z.array(figures),
  locales: z.array(figures),
  forms: z.array(z.object({ form: z.string(), conversions: z.number(), previousConversions: z.number() })),
  /** The current period's days, the first first. */
  daily: z.array(dayFigures),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/** How many pages and sources the report lists, most viewed first. */
export const REPORT_TOP = 20;

/** GET /api/studio/analytics/page: one page's figures, by its file (the page editor's panel). */
export const pageAnalyticsQuerySchema = analyticsQuerySchema.extend({ file: z.string().min(1).max(300) });

const counts = z.object({ views: z.number(), visitors: z.number(), conversions: z.number() });
export type Counts = z.infer<typeof counts>;

/** What GET /api/studio/analytics/page answers (server/analytics/page-report.ts) and the page editor's panel reads. */
export const pageAnalyticsSchema = z.object({
  file: z.string(),
  days: z.number(),
  /** Where the site serves the page: every language's path, and every item's of a template page. */
  paths: z.array(z.string()),
  current: period,
  previous: period,
  totals: counts.extend({ previous: counts }),
  daily: z.array(dayFigures),
  /** When the page was published (ISO 8601), newest first. */
  publishes: z.array(z.string()),
  /** The days since the last publish (its day included) against as many days before it; null before any publish. */
  sinceLastPublish: z.object({ at: z.string(), days: z.number(), after: period, before: period, figures: counts, previous: counts }).nullable(),
});
export type PageAnalytics = z.infer<typeof pageAnalyticsSchema>;

/** What `npm run analytics -- export` writes (server/storage/analytics-export.ts). */
export const ANALYTICS_EXPORTS = ["breakdowns", "days", "conversions", "raw"] as const;
const utcDay = z.iso.date({ error: "a day, as 2026-11-28." });
export const analyticsExportSchema = z
  .strictObject({
    data: z.enum(ANALYTICS_EXPORTS, { error: `one of ${ANALYTICS_EXPORTS.join(", ")}` }).default("breakdowns"),
    /** The last N days, today included. */
    days: z.coerce.number({ error: "a number of days" }).int({ error: "a whole number of days" }).min(1, { error: "at least 1" }).max(3650, { error: "at most 3650" }).optional(),
    from: utcDay.optional(),
    to: utcDay.optional(),
    format: z.enum(["csv", "json"], { error: "csv or json" }).default("csv"),
  })
  .refine((o) => o.days === undefined || (o.from === undefined && o.to === undefined), { error: "--days, or --from and --to, not both" })
  .refine((o) => o.from === undefined || o.to === undefined || o.from <= o.to, { error: "the first day after the last", path: ["from"] });
export type AnalyticsExport = z.infer<typeof analyticsExportSchema>;
