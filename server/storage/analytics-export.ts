/**
 * `npm run analytics -- export` (docs/analytics.md): the figures as CSV (./csv.ts, formulas
 * defused) or JSON, over a period of days, from the rolled-up tables and the raw views not
 * rolled up yet, so an export is whole up to today:
 *
 *   breakdowns   day, breakdown (path, locale, source, campaign, device), value, views, visitors
 *   days         day, views, visitors (each day's visitors once)
 *   conversions  day, form, page, locale, source, conversions
 *   raw          the raw views of the last two days, without their visitor code
 *
 * A year of a busy site is a few hundred thousand breakdown rows: read at once, written a row at a time.
 */
import { sql } from "kysely";
import type { AnalyticsExport } from "../../schemas/analytics.ts";
import { BREAKDOWNS } from "./analytics.ts";
import { exportPieces } from "./csv.ts";
import type { Db } from "./database.ts";

type Row = Record<string, string | number>;

const COLUMNS: Record<AnalyticsExport["data"], readonly string[]> = {
  breakdowns: ["day", "breakdown", "value", "views", "visitors"],
  days: ["day", "views", "visitors"],
  conversions: ["day", "form", "page", "locale", "source", "conversions"],
  raw: ["day", "path", "locale", "source", "medium", "campaign", "device"],
};

/** Counters as numbers (PostgreSQL's bigint sums arrive as text). */
const counted = (rows: Row[], counters: readonly string[]) => rows.map((row) => ({ ...row, ...Object.fromEntries(counters.map((c) => [c, Number(row[c])])) }));

async function rowsOf(db: Db, data: AnalyticsExport["data"], from: string, to: string): Promise<Row[]> {
  const inPeriod = sql`day >= ${from} and day <= ${to}`;
  switch (data) {
    case "breakdowns": {
      // Each breakdown of the raw views as the roll-up counts it (./analytics.ts rollUpViews).
      const raw = BREAKDOWNS.map((by) => sql`select day, ${sql.lit(by)} as dimension, ${sql.ref(by)} as value, count(*) as views, count(distinct visitor) as visitors from analytics_views where ${inPeriod} group by day, ${sql.ref(by)}`);
      const { rows } = await sql<Row>`
        select day, dimension as breakdown, value, sum(views) as views, sum(visitors) as visitors from (
          select day, dimension, value, views, visitors from analytics_daily where ${inPeriod}
          union all ${sql.join(raw, sql` union all `)}
        ) as counted group by day, dimension, value order by day, dimension, sum(views) desc, value`.execute(db);
      return counted(rows, ["views", "visitors"]);
    }
    case "days": {
      const { rows } = await sql<Row>`
        select day, sum(views) as views, sum(visitors) as visitors from (
          select day, views, visitors from analytics_days where ${inPeriod}
          union all
          select day, count(*) as views, count(distinct visitor) as visitors from analytics_views where ${inPeriod} group by day
        ) as counted group by day order by day`.execute(db);
      return counted(rows, ["views", "visitors"]);
    }
    case "conversions": {
      const { rows } = await sql<Row>`select day, form, path as page, locale, source, conversions from analytics_conversions where ${inPeriod} order by day, form, path, locale, source`.execute(db);
      return counted(rows, ["conversions"]);
    }
    case "raw": {
      const { rows } = await sql<Row>`select day, path, locale, source, medium, campaign, device from analytics_views where ${inPeriod} order by id`.execute(db);
      return rows;
    }
  }
}

/** The export as text, a piece at a time; `from` and `to` are UTC days, both included (none: everything kept). */
export async function* exportAnalytics(db: Db, { data, from = "0000-01-01", to = "9999-12-31" }: { data: AnalyticsExport["data"]; from?: string; to?: string }, format: "csv" | "json"): AsyncGenerator<string> {
  const columns = COLUMNS[data];
  yield* exportPieces(await rowsOf(db, data, from, to), format, { columns, values: (row) => columns.map((c) => String(row[c] ?? "")) });
}
