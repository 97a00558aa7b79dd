/**
 * The studio's figures for a period (schemas/analytics.ts analyticsReportSchema): totals,
 * pages, sources, devices, locales and conversions, each beside the period before, and the
 * period's days for the chart, read from
 * the rollups and the raw rows not rolled up yet (server/storage/analytics.ts).
 */
import { type AnalyticsReport, REPORT_TOP } from "../../schemas/analytics.ts";
import { type Breakdown, conversionsBy, dailyFigures, periodsOf, totals, viewsBy } from "../storage/analytics.ts";
import type { Db } from "../storage/database.ts";
import { daySeries } from "./daily.ts";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export async function analyticsReport(db: Db, today: string, days: number): Promise<AnalyticsReport> {
  const { current, previous } = periodsOf(today, days);
  const compared = (by: Breakdown, top?: number) => viewsBy(db, by, { current, previous }, top);

  const [pages, sources, devices, locales, now, before, converted, convertedBefore, perDay] = await Promise.all([
    compared("path", REPORT_TOP),
    compared("source", REPORT_TOP),
    compared("device"),
    compared("locale"),
    totals(db, current),
    totals(db, previous),
    conversionsBy(db, current),
    conversionsBy(db, previous),
    dailyFigures(db, current),
  ]);
  const byForm = (rows: typeof converted) => rows.reduce((map, row) => map.set(row.form, (map.get(row.form) ?? 0) + row.conversions), new Map<string, number>());
  const forms = byForm(converted);
  const formsBefore = byForm(convertedBefore);
  const onPage = (path: string) => sum(converted.filter((row) => row.path === path).map((row) => row.conversions));
  return {
    days,
    current,
    previous,
    totals: { ...now, conversions: sum([...forms.values()]), previous: { ...before, conversions: sum([...formsBefore.values()]) } },
    pages: pages.map((row) => ({ ...row, conversions: onPage(row.key) })),
    sources,
    devices,
    locales,
    forms: [...new Set([...forms.keys(), ...formsBefore.keys()])].sort().map((form) => ({ form, conversions: forms.get(form) ?? 0, previousConversions: formsBefore.get(form) ?? 0 })),
    daily: daySeries(perDay, current),
  };
}
