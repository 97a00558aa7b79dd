/**
 * One page's figures for the page editor's panel (schemas/analytics.ts pageAnalyticsSchema):
 * this period against the last, its days for the chart, and the days since its last publish
 * against as many days before it, so whether a change worked is one glance. A page's figures
 * are those of every path it is served at (each language's, each item's of a template page).
 */
import type { PageAnalytics } from "../../schemas/analytics.ts";
import { dailyFigures, periodsOf } from "../storage/analytics.ts";
import type { Db } from "../storage/database.ts";
import { countsOver, dayCount, daySeries } from "./daily.ts";
import { dayOf, daysBefore } from "./visitor.ts";

export interface PageReportInput {
  file: string;
  today: string;
  days: number;
  paths: readonly string[];
  /** The page's publishes (ISO 8601), newest first: its history. */
  publishes: readonly string[];
}

export async function pageReport(db: Db, { file, today, days, paths, publishes }: PageReportInput): Promise<PageAnalytics> {
  const { current, previous } = periodsOf(today, days);
  const last = publishes[0];
  // The publish's own day counts as after it: a day's figures are not split by the hour.
  const since = last === undefined ? undefined : dayOf(new Date(last)) > today ? today : dayOf(new Date(last));
  const span = since === undefined ? 0 : dayCount(since, today);
  const around = since === undefined ? undefined : { after: { from: since, to: today }, before: { from: daysBefore(since, span), to: daysBefore(since, 1) } };
  // One read over everything the answer sums.
  const from = around && around.before.from < previous.from ? around.before.from : previous.from;
  const figures = await dailyFigures(db, { from, to: today }, paths);
  const now = countsOver(figures, current);
  return {
    file,
    days,
    paths: [...paths],
    current,
    previous,
    totals: { ...now, previous: countsOver(figures, previous) },
    daily: daySeries(figures, current),
    publishes: [...publishes],
    sinceLastPublish: last && around ? { at: last, days: span, ...around, figures: countsOver(figures, around.after), previous: countsOver(figures, around.before) } : null,
  };
}
