/**
 * One page's figures for the page editor's panel (GET /api/studio/analytics/page), against the
 * real server on SQLite and PostgreSQL, publishing to a content repository of its own: every
 * path the page is served at (each language's) summed and no other page's, this period against
 * the last, its days for the chart, its publishes from its history, and the days since the last
 * publish against as many before; the site's report has its days too. Editors and admins only.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { dayOf, daysBefore } from "../../server/analytics/visitor.ts";
import { studioPublishing } from "./content-repository.ts";
import { describeOnEachDatabase } from "./databases.ts";
import { studio } from "./studio-harness.ts";

const ABOUT = "content/pages/about.json";

describeOnEachDatabase("a page's analytics on $name", (target) => {
  const app = studioPublishing(target, { analytics: { perMinute: 0, keepDays: 730 } });
  const today = dayOf(new Date());
  const ago = (days: number) => daysBefore(today, days);
  const page = (session: string, query: string) => studio(app.t, "GET", `/api/studio/analytics/page?${query}`, { session });

  beforeAll(async () => {
    // The content was added 10 days ago and the page published again 4 days ago.
    app.git("commit", "--amend", "--quiet", "--no-edit", `--date=${ago(10)}T12:00:00Z`);
    const about = path.join(app.root, ABOUT);
    writeFileSync(about, app.read(ABOUT).replace('"About Us"', '"About us"'));
    app.git("commit", "--quiet", "--all", "--message=Edit page /about: Title", `--date=${ago(4)}T12:00:00Z`);

    const db = app.t.app.storage.db;
    const daily = (day: string, value: string, views: number, visitors: number) => ({ day, dimension: "path", value, views, visitors });
    await db
      .insertInto("analytics_daily")
      .values([daily(ago(2), "/about", 5, 4), daily(ago(4), "/hi/about", 3, 3), daily(ago(6), "/about", 2, 2), daily(ago(9), "/about", 10, 8), daily(ago(2), "/contact", 100, 100)])
      .execute();
    await db.insertInto("analytics_days").values([{ day: ago(2), views: 105, visitors: 104 }, { day: ago(4), views: 3, visitors: 3 }, { day: ago(6), views: 2, visitors: 2 }]).execute();
    await db.insertInto("analytics_views").values({ id: "v-today", day: today, visitor: "visitor-a", path: "/about", locale: "en", source: "", medium: "", campaign: "", device: "mobile" }).execute();
    const conversion = (day: string, path: string, conversions: number) => ({ day, form: "contact", path, locale: "en", source: "", conversions });
    await db.insertInto("analytics_conversions").values([conversion(ago(2), "/about", 1), conversion(ago(9), "/about", 2), conversion(ago(2), "/contact", 5)]).execute();
  });

  test("a page's figures: every language's path, this period against the last, its days, and since its last publish", async () => {
    const { session } = await app.person("editor", "Esha Editor");
    const response = await page(session, `file=${encodeURIComponent(ABOUT)}&days=7`);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.paths).toEqual(expect.arrayContaining(["/about", "/hi/about"]));
    expect(report.paths).not.toContain("/contact");
    expect(report).toMatchObject({
      file: ABOUT,
      days: 7,
      current: { from: ago(6), to: today },
      previous: { from: ago(13), to: ago(7) },
      totals: { views: 11, visitors: 10, conversions: 1, previous: { views: 10, visitors: 8, conversions: 2 } },
      sinceLastPublish: {
        after: { from: ago(4), to: today },
        before: { from: ago(9), to: ago(5) },
        days: 5,
        figures: { views: 9, visitors: 8, conversions: 1 },
        previous: { views: 12, visitors: 10, conversions: 2 },
      },
    });
    expect(report.publishes.map((at: string) => at.slice(0, 10))).toEqual([ago(4), ago(10)]);
    expect(report.sinceLastPublish.at).toBe(report.publishes[0]);
    expect(report.daily.map((d: { day: string }) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(ago));
    expect(report.daily[4]).toEqual({ day: ago(2), views: 5, visitors: 4, conversions: 1 });
    expect(report.daily[6]).toEqual({ day: today, views: 1, visitors: 1, conversions: 0 });
    expect(report.daily[1]).toEqual({ day: ago(5), views: 0, visitors: 0, conversions: 0 });
  });

  test("a template page's figures are its items'; a page never published has no publish to compare", async () => {
    const { session } = await app.person("admin", "Anil Admin");
    const services = (await page(session, `file=${encodeURIComponent("content/pages/service.json")}`)).json();
    expect(services.paths.length).toBeGreaterThan(1);
    expect(services.paths.every((p: string) => /^(\/hi)?\/services\/[a-z0-9-]+$/.test(p))).toBe(true);
    expect(services.daily).toHaveLength(30);
    const unpublished = await page(session, `file=${encodeURIComponent("content/pages/not-yet.json")}`);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({ paths: [], publishes: [], sinceLastPublish: null, totals: { views: 0, visitors: 0, conversions: 0 } });
  });

  test("the site's report has its days for the chart", async () => {
    const { session } = await app.person("editor", "Esha Two");
    const report = (await studio(app.t, "GET", "/api/studio/analytics?days=7", { session })).json();
    expect(report.daily).toHaveLength(7);
    expect(report.daily[4]).toEqual({ day: ago(2), views: 105, visitors: 104, conversions: 6 });
    expect(report.daily.reduce((sum: number, d: { views: number }) => sum + d.views, 0)).toBe(report.totals.views);
  });

  test("editors and admins only; a file that is no page, or a period that is none, is a 400", async () => {
    const contributor = await app.person("contributor", "Chandra Contributor");
    const refused = await page(contributor.session, `file=${encodeURIComponent(ABOUT)}`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, "StudioForbidden"]);
    expect((await studio(app.t, "GET", `/api/studio/analytics/page?file=${encodeURIComponent(ABOUT)}`)).statusCode, "signed out").toBe(401);
    const { session } = await app.person("editor", "Esha Three");
    for (const [query, code] of [
      [`file=${encodeURIComponent("content/collections/faqs.json")}`, "StudioNotADocument"],
      [`file=${encodeURIComponent("content/pages/../../site.config.ts")}`, "StudioNotADocument"],
      [`file=${encodeURIComponent("<script>alert(1)</script>")}`, "StudioNotADocument"],
      [`file=${encodeURIComponent(ABOUT)}&days=5`, "StudioBadRequest"],
      ["", "StudioBadRequest"],
      [`file=${"a".repeat(400)}`, "StudioBadRequest"],
      [`file=${encodeURIComponent(ABOUT)}&path=/etc`, "StudioBadRequest"],
    ] as const) {
      const response = await page(session, query);
      expect([response.statusCode, response.json().error.code], query).toEqual([400, code]);
    }
  });
});
