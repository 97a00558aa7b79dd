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

export async function recordView(db: Db, view: CountedView) {
  await db.insertInto("analytics_views").values({ id: uuidv7(), ...view }).execute();
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
    await sql`
      insert into analytics_daily (day, path, locale, source, medium, campaign, device, views, visitors)
      select day, path, locale, source, medium, campaign, device, count(*), count(distinct visitor)
      from analytics_views where day <= ${last}
      group by day, path, locale, source, medium, campaign, device
      on conflict (day, path, locale, source, medium, campaign, device) do update set
        views = analytics_daily.views + excluded.views, visitors = analytics_daily.visitors + excluded.visitors`.execute(trx);
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
