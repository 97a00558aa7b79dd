/**
 * Analytics storage (docs/analytics.md): page views kept raw for two days, then rolled up per
 * day, page, locale, source and device; conversions counted with each stored submission; the
 * figures the studio shows, read from the rollups and the raw rows not yet rolled up.
 * Plain SQL both engines read alike; PostgreSQL serialises the roll-up with an advisory lock,
 * so several processes running it at once count every view exactly once.
 */
import { sql } from "kysely";
import type { ScreenClass } from "../../schemas/analytics.ts";
import { daysBefore, SALT_DAYS } from "../analytics/visitor.ts";
import { type Db, isPostgres, type Tables } from "./database.ts";
import { uuidv7 } from "./ids.ts";

/** A raw view as counted (its id is made here). */
export type CountedView = Omit<Tables["analytics_views"], "id" | "device"> & { device: ScreenClass };

/** The most views one insert writes. */
const BATCH_MOST = 500;

/**
 * Writes views in groups, a group commit: a view arriving while nothing is being written is
 * written at once, with every view that came in the same turn of the event loop; views
 * arriving while a group is being written wait for it and share the next insert and commit.
 * SQLite syncs every commit to disk (one sync a view was about 130 views a second); a group
 * a commit keeps the disk's syncs the pace-setter, not each view, and no view waits for a
 * timer. Each view's promise resolves once its group is committed, so a view is answered
 * only once it is stored: none acknowledged is lost.
 */
export function viewWriter(db: Db) {
  let pending: { view: CountedView; done: (error?: unknown) => void }[] = [];
  let writing: Promise<void> | undefined;
  const writeAll = async () => {
    // The views the same turn of the event loop brings (requests parsed together) join the first group.
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      const group = pending.slice(0, BATCH_MOST);
      pending = pending.slice(BATCH_MOST);
      try {
        await db.insertInto("analytics_views").values(group.map(({ view }) => ({ id: uuidv7(), ...view }))).execute();
        for (const { done } of group) done();
      } catch (error) {
        for (const { done } of group) done(error);
      }
    }
  };
  const start = () => {
    writing ??= writeAll().finally(() => {
      writing = undefined;
      // A view that came in as the last group finished.
      if (pending.length > 0) start();
    });
    return writing;
  };
  return {
    write(view: CountedView): Promise<void> {
      return new Promise((resolve, reject) => {
        pending.push({ view, done: (error) => (error === undefined ? resolve() : reject(error)) });
        void start();
      });
    },
    /** Writes what waits now (the server's close). */
    async flush() {
      while (writing || pending.length > 0) await start();
    },
  };
}

/** Where a visitor's visit that day came from: the source of their first view, if it was counted. */
export async function visitSource(db: Db, day: string, visitor: string): Promise<string | undefined> {
  const row = await db.selectFrom("analytics_views").select("source").where("visitor", "=", visitor).where("day", "=", day).orderBy("id").limit(1).executeTakeFirst();
  return row?.source;
}

export interface Conversion {
  day: string;
  form: string;
  /** The page the form was sent from (its Referer on this site), or "" when unknown. */
  path: string;
  locale: string;
  source: string;
}

/** One more conversion; run inside the submission's own transaction, so a stored submission always counts. */
export async function countConversion(db: Db, conversion: Conversion) {
  await db
    .insertInto("analytics_conversions")
    .values({ ...conversion, conversions: 1 })
    .onConflict((oc) => oc.columns(["day", "form", "path", "locale", "source"]).doUpdateSet({ conversions: sql`analytics_conversions.conversions + 1` }))
    .execute();
}

/** What a page view is broken down by, each rolled up on its own per day (analytics_daily's dimension). */
export const BREAKDOWNS = ["path", "locale", "source", "campaign", "device"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** Any fixed number: the advisory lock the roll-up takes on PostgreSQL. */
const ROLL_UP_LOCK = 4141;

export interface RollUpReport {
  /** Raw views rolled up and deleted. */
  views: number;
  /** Rolled-up and conversion rows older than the retention period, deleted. */
  expired: number;
}

/**
 * Rolls up every raw view at least SALT_DAYS days old (the day before yesterday and older:
 * its salt is deleted in the same pass) and deletes it; deletes rollups older than `keepDays`.
 * Idempotent and safe to run from every process at once.
 */
export async function rollUpViews(db: Db, today: string, keepDays: number): Promise<RollUpReport> {
  const last = daysBefore(today, SALT_DAYS);
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${ROLL_UP_LOCK})`.execute(trx);
    // Added to what is there: a view a process with a slow clock wrote for a day already rolled up still counts.
    for (const dimension of BREAKDOWNS) {
      const column = sql.ref(dimension);
      await sql`
        insert into analytics_daily (day, dimension, value, views, visitors)
        select day, ${dimension}, ${column}, count(*), count(distinct visitor)
        from analytics_views where day <= ${last}
        group by day, ${column}
        on conflict (dimension, day, value) do update set
          views = analytics_daily.views + excluded.views, visitors = analytics_daily.visitors + excluded.visitors`.execute(trx);
    }
    await sql`
      insert into analytics_days (day, views, visitors)
      select day, count(*), count(distinct visitor) from analytics_views where day <= ${last} group by day
      on conflict (day) do update set views = analytics_days.views + excluded.views, visitors = analytics_days.visitors + excluded.visitors`.execute(trx);
    const rolled = await trx.deleteFrom("analytics_views").where("day", "<=", last).executeTakeFirst();
    const oldest = daysBefore(today, keepDays);
    let expired = 0;
    for (const table of ["analytics_daily", "analytics_days", "analytics_conversions"] as const) {
      expired += Number((await trx.deleteFrom(table).where("day", "<", oldest).executeTakeFirst()).numDeletedRows);
    }
    return { views: Number(rolled.numDeletedRows), expired };
  });
}

/** A period of whole UTC days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** The last `days` days up to `today`, and the as many days before them. */
export function periodsOf(today: string, days: number): { current: Period; previous: Period } {
  return { current: { from: daysBefore(today, days - 1), to: today }, previous: { from: daysBefore(today, 2 * days - 1), to: daysBefore(today, days) } };
}


export interface Figures {
  key: string;
  views: number;
  visitors: number;
}

export interface Compared extends Figures {
  /** The views of the period before. */
  previousViews: number;
}

/**
 * Views and visitors per `by` over a period, and each one's views in the period before, in one
 * pass over both (most viewed first; `top` of them): the rolled-up days, and the raw rows of
 * the days not rolled up yet, together. A page's visitors are the sum of its days' (a visitor
 * on two days is two visits), as every privacy-first counter with a daily id counts them.
 */
export async function viewsBy(db: Db, by: Breakdown, { current, previous }: { current: Period; previous: Period }, top?: number): Promise<Compared[]> {
  const column = sql.ref(by);
  const [from, to, now] = [previous.from, current.to, current.from];
  const { rows } = await sql<{ key: string; views: string | number; visitors: string | number; previous: string | number }>`
    select key,
      sum(case when day >= ${now} then views else 0 end) as views,
      sum(case when day >= ${now} then visitors else 0 end) as visitors,
      sum(case when day < ${now} then views else 0 end) as previous
    from (
      select day, value as key, views, visitors from analytics_daily where dimension = ${by} and day >= ${from} and day <= ${to}
      union all
      select day, ${column} as key, count(*) as views, count(distinct visitor) as visitors from analytics_views
      where day >= ${from} and day <= ${to} group by day, ${column}
    ) as counted group by key
    having sum(case when day >= ${now} then views else 0 end) > 0
    order by 2 desc, key ${top === undefined ? sql`` : sql`limit ${top}`}`.execute(db);
  return rows.map((row) => ({ key: row.key, views: Number(row.views), visitors: Number(row.visitors), previousViews: Number(row.previous) }));
}

/** The period's views and visitors: each day's visitors once, however many pages they saw. */
export async function totals(db: Db, { from, to }: Period): Promise<{ views: number; visitors: number }> {
  const { rows } = await sql<{ views: string | number | null; visitors: string | number | null }>`
    select sum(views) as views, sum(visitors) as visitors from (
      select views, visitors from analytics_days where day >= ${from} and day <= ${to}
      union all
      select count(*) as views, count(distinct visitor) as visitors from analytics_views where day >= ${from} and day <= ${to} group by day
    ) as counted`.execute(db);
  return { views: Number(rows[0]?.views ?? 0), visitors: Number(rows[0]?.visitors ?? 0) };
}

/** Conversions per form, or per form and page, over a period. */
export async function conversionsBy(db: Db, { from, to }: Period): Promise<{ form: string; path: string; conversions: number }[]> {
  const rows = await db
    .selectFrom("analytics_conversions")
    .select(["form", "path", (eb) => eb.fn.sum<string | number>("conversions").as("conversions")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(["form", "path"])
    .execute();
  return rows.map((row) => ({ form: row.form, path: row.path, conversions: Number(row.conversions) }));
}

/**
 * Views, visitors and conversions per day over a period, of the whole site or of the pages at
 * `paths` (a page's every language and item): the days with something counted, the first
 * first. A page's visitors are the sum of its paths' (a visitor of two of them is two visits).
 */
export async function dailyFigures(db: Db, { from, to }: Period, paths?: readonly string[]): Promise<Map<string, { views: number; visitors: number; conversions: number }>> {
  if (paths?.length === 0) return new Map();
  const ofPaths = (column: "value" | "path") => (paths ? sql`and ${sql.ref(column)} in (${sql.join(paths)})` : sql``);
  const views = paths
    ? sql<{ day: string; views: string | number; visitors: string | number }>`
        select day, sum(views) as views, sum(visitors) as visitors from (
          select day, views, visitors from analytics_daily where dimension = 'path' and day >= ${from} and day <= ${to} ${ofPaths("value")}
          union all
          select day, count(*) as views, count(distinct visitor) as visitors from analytics_views where day >= ${from} and day <= ${to} ${ofPaths("path")} group by day, path
        ) as counted group by day`
    : sql<{ day: string; views: string | number; visitors: string | number }>`
        select day, sum(views) as views, sum(visitors) as visitors from (
          select day, views, visitors from analytics_days where day >= ${from} and day <= ${to}
          union all
          select day, count(*) as views, count(distinct visitor) as visitors from analytics_views where day >= ${from} and day <= ${to} group by day
        ) as counted group by day`;
  const converted = sql<{ day: string; conversions: string | number }>`
    select day, sum(conversions) as conversions from analytics_conversions where day >= ${from} and day <= ${to} ${ofPaths("path")} group by day`;
  const [{ rows: viewRows }, { rows: conversionRows }] = await Promise.all([views.execute(db), converted.execute(db)]);
  const days = new Map<string, { views: number; visitors: number; conversions: number }>();
  for (const row of viewRows) days.set(row.day, { views: Number(row.views), visitors: Number(row.visitors), conversions: 0 });
  for (const row of conversionRows) days.set(row.day, { ...(days.get(row.day) ?? { views: 0, visitors: 0 }), conversions: Number(row.conversions) });
  return days;
}
