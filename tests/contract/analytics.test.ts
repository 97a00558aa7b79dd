/**
 * Analytics against the real server on SQLite and on PostgreSQL (docs/analytics.md): a page
 * view is counted under the visitor's daily id, the same browser twice is one visitor, those
 * not to be counted are answered alike and stored nowhere, the bad-event corpus is refused
 * with 4xx and stores nothing, a stored submission becomes a conversion with the visit's
 * source, and two server instances on one database count every view exactly once, roll-ups
 * included (PostgreSQL: several processes are its use).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { ANALYTICS_ENDPOINT } from "../../schemas/analytics.ts";
import { dayOf, daysBefore } from "../../server/analytics/visitor.ts";
import { rollUpViews } from "../../server/storage/analytics.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { json, makeTestBuild, startFormsApp, type TestApp, validContact } from "./forms-harness.ts";
import { makeAccount, sessionOf, studio } from "./studio-harness.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PAGES = ["/", "/about", "/contact", "/services/seo-services"];
const RATE_LIMIT = 5;

let clients = 0;
/** A client address of its own (X-Forwarded-For, believed from the loopback "proxy"), so the rate limit meets only its own case. */
const newClient = () => `198.51.${(++clients >> 8) & 255}.${clients & 255}`;

/** A browser's beacon from a page of the site: text/plain, same-origin. */
const beacon = (body: unknown, { client = newClient(), headers = {} as Record<string, string> } = {}): InjectOptions => ({
  method: "POST",
  url: ANALYTICS_ENDPOINT,
  payload: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "content-type": "text/plain;charset=UTF-8", "sec-fetch-site": "same-origin", origin: "http://localhost:80", host: "localhost:80", "user-agent": CHROME, "x-forwarded-for": client, ...headers },
});
const view = { p: "/about", l: "en", s: "desktop" };

function buildWithPages(): string {
  const dir = makeTestBuild();
  for (const page of PAGES) {
    const folder = path.join(dir, "client", page.slice(1));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "index.html"), `<!doctype html><title>${page}</title>`);
  }
  return dir;
}

describeOnEachDatabase("analytics on $name", (target) => {
  const database = groupDatabase(target);
  let buildDir: string;
  let t: TestApp;
  const views = () => t.app.storage.db.selectFrom("analytics_views").selectAll().orderBy("id").execute();
  const conversions = () => t.app.storage.db.selectFrom("analytics_conversions").select(["form", "path", "locale", "source", "conversions"]).execute();

  beforeAll(async () => {
    buildDir = buildWithPages();
    t = await startFormsApp({ buildDir, databaseUrl: database.url, analytics: { perMinute: RATE_LIMIT, keepDays: 730 }, studio: true });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.app.storage.db.deleteFrom("analytics_views").execute();
    await t.app.storage.db.deleteFrom("analytics_conversions").execute();
  });

  test("a page view is counted with its path, locale, source and device, under a daily id, and sets no cookie", async () => {
    const client = newClient();
    const first = await t.app.inject(beacon({ ...view, r: "www.google.com" }, { client }));
    expect(first.statusCode).toBe(204);
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect((await t.app.inject(beacon({ p: "/", l: "en", us: "Newsletter", um: "email", uc: "nov", s: "mobile" }, { client }))).statusCode).toBe(204);
    const [a, b] = await views();
    expect(a).toMatchObject({ path: "/about", locale: "en", source: "google.com", medium: "", campaign: "", device: "desktop" });
    expect(b).toMatchObject({ path: "/", source: "newsletter", medium: "email", campaign: "nov", device: "mobile" });
    expect(a!.visitor, "the same browser the same day is one visitor").toBe(b!.visitor);
    expect(a!.visitor).toMatch(/^[0-9a-f]{16}$/);
    // The address is in no column of any row.
    expect(JSON.stringify(await views())).not.toContain(client);
    await t.app.inject(beacon(view, { client: newClient() }));
    expect(new Set((await views()).map((v) => v.visitor)).size, "another address is another visitor").toBe(2);
  });

  test("Do Not Track, Global Privacy Control, bots and studio users are answered alike and stored nowhere", async () => {
    const asides: Record<string, string>[] = [{ dnt: "1" }, { "sec-gpc": "1" }, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }, { "user-agent": CHROME.replace("Chrome/", "HeadlessChrome/") }, { cookie: "studio=a-session" }, { cookie: "__Host-studio=a-session" }];
    for (const headers of asides) {
      expect((await t.app.inject(beacon(view, { headers }))).statusCode, JSON.stringify(headers)).toBe(204);
    }
    expect(await views()).toEqual([]);
  });

  test("HTML or script in a referrer or a UTM value is kept as the text it is", async () => {
    const hostile = '<script>alert("x")</script>';
    expect((await t.app.inject(beacon({ ...view, us: hostile, uc: "<img src=x onerror=alert(1)>" }))).statusCode).toBe(204);
    expect(await views()).toMatchObject([{ source: hostile.toLowerCase(), campaign: "<img src=x onerror=alert(1)>" }]);
    expect((await t.app.inject(beacon({ ...view, r: "<b>evil</b>" }))).statusCode, "a referrer is a host name or nothing").toBe(400);
  });

  // The bad-event corpus: each refused with its 4xx and catalogue code, nothing stored.
  const corpus: [name: string, request: () => InjectOptions, status: number, code: string][] = [
    ["not JSON", () => beacon("{p:/about"), 400, "AnalyticsMalformed"],
    ["an empty body", () => beacon(""), 400, "AnalyticsMalformed"],
    ["an array", () => beacon([view]), 400, "AnalyticsInvalidEvent"],
    ["JSON null", () => beacon("null"), 400, "AnalyticsInvalidEvent"],
    ["a field the schema does not have", () => beacon({ ...view, ip: "1.2.3.4" }), 400, "AnalyticsInvalidEvent"],
    ["__proto__", () => beacon(`{"p":"/about","s":"desktop","__proto__":{"admin":true}}`), 400, "AnalyticsInvalidEvent"],
    ["no path", () => beacon({ s: "desktop" }), 400, "AnalyticsInvalidEvent"],
    ["a screen class that is none", () => beacon({ ...view, s: "1920x1080" }), 400, "AnalyticsInvalidEvent"],
    ["a path that is a URL", () => beacon({ ...view, p: "https://evil.example/" }), 400, "AnalyticsInvalidEvent"],
    ["a path too long", () => beacon({ ...view, p: `/${"a".repeat(400)}` }), 400, "AnalyticsInvalidEvent"],
    ["a locale that is markup", () => beacon({ ...view, l: "<en>" }), 400, "AnalyticsInvalidEvent"],
    ["a UTM value with a control character", () => beacon({ ...view, us: "a\u0000b" }), 400, "AnalyticsInvalidEvent"],
    ["a UTM value too long", () => beacon({ ...view, uc: "x".repeat(101) }), 400, "AnalyticsInvalidEvent"],
    ["a number for a path", () => beacon({ ...view, p: 42 }), 400, "AnalyticsInvalidEvent"],
    ["a path no page has", () => beacon({ ...view, p: "/wp-login.php" }), 422, "AnalyticsUnknownPage"],
    ["a path climbing out", () => beacon({ ...view, p: "/../../etc/passwd" }), 422, "AnalyticsUnknownPage"],
    ["an encoded climb", () => beacon({ ...view, p: "/%2e%2e/%2e%2e/etc/passwd" }), 422, "AnalyticsUnknownPage"],
    ["a path with a query", () => beacon({ ...view, p: "/about?x=1" }), 422, "AnalyticsUnknownPage"],
    ["a trailing slash", () => beacon({ ...view, p: "/about/" }), 422, "AnalyticsUnknownPage"],
    ["the not-found page", () => beacon({ ...view, p: "/404" }), 422, "AnalyticsUnknownPage"],
    ["a studio screen", () => beacon({ ...view, p: "/admin" }), 422, "AnalyticsUnknownPage"],
    ["a built file that is no page", () => beacon({ ...view, p: "/forms.json" }), 422, "AnalyticsUnknownPage"],
    ["a body larger than any view", () => beacon({ ...view, uc: "x".repeat(3000) }), 413, "AnalyticsTooLarge"],
    ["a form's media type", () => ({ ...beacon(view), headers: { ...beacon(view).headers, "content-type": "application/x-www-form-urlencoded" } }), 415, "AnalyticsUnsupportedMediaType"],
    ["another site's page", () => beacon(view, { headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } }), 403, "AnalyticsCrossSite"],
    ["another origin without Sec-Fetch-Site", () => beacon(view, { headers: { "sec-fetch-site": "", origin: "https://evil.example" } }), 403, "AnalyticsCrossSite"],
  ];
  test.each(corpus)("refuses %s with %i", async (_name, request, status, code) => {
    const options = request();
    // An empty header stands for one the browser does not send.
    const headers = Object.fromEntries(Object.entries(options.headers ?? {}).filter(([, v]) => v !== ""));
    const response = await t.app.inject({ ...options, headers });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await views()).toEqual([]);
  });

  test("a GET is no page view: the API's not-found answer", async () => {
    const response = await t.app.inject({ method: "GET", url: ANALYTICS_ENDPOINT });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
  });

  test(`is rate limited per client: ${RATE_LIMIT} views a minute, then 429, apart from the forms' budget`, async () => {
    const client = newClient();
    const answers = [];
    for (let i = 0; i <= RATE_LIMIT; i++) answers.push((await t.app.inject(beacon(view, { client }))).statusCode);
    expect(answers).toEqual([...Array(RATE_LIMIT).fill(204), 429]);
    expect((await t.app.inject(beacon(view, { client }))).json().error.code).toBe("AnalyticsRateLimited");
    expect(await views()).toHaveLength(RATE_LIMIT);
  });

  test("a stored submission is a conversion for its form, its page, its locale and the visit's source", async () => {
    const client = newClient();
    await t.app.inject(beacon({ p: "/", l: "en", us: "newsletter", s: "mobile" }, { client }));
    await t.app.inject(beacon({ p: "/contact", l: "en", r: "www.google.com", s: "mobile" }, { client }));
    const submit = (from: string, referer: string) =>
      t.app.inject({ method: "POST", url: "/api/contact", payload: JSON.stringify(validContact), headers: { ...json, "user-agent": CHROME, "x-forwarded-for": from, host: "localhost:80", referer } });
    expect((await submit(client, "http://localhost:80/contact")).statusCode).toBe(200);
    expect((await submit(newClient(), "http://localhost:80/contact")).statusCode, "no script ran: still a conversion").toBe(200);
    expect((await submit(newClient(), "https://evil.example/contact")).statusCode).toBe(200);
    const rows = (await conversions()).map((row) => ({ ...row, conversions: Number(row.conversions) }));
    expect(rows.sort((a, b) => a.source.localeCompare(b.source) || a.path.localeCompare(b.path))).toEqual([
      { form: "contact", path: "", locale: "", source: "", conversions: 1 },
      { form: "contact", path: "/contact", locale: "", source: "", conversions: 1 },
      { form: "contact", path: "/contact", locale: "", source: "newsletter", conversions: 1 },
    ]);
  });

  test("the studio's figures: this period against the last, for editors and admins, not contributors", async () => {
    const db = t.app.storage.db;
    for (const table of ["analytics_daily", "analytics_days"] as const) await db.deleteFrom(table).execute();
    const today = dayOf(new Date());
    // Today, raw: two visitors, three views; one of them sends the contact form from /contact.
    const client = newClient();
    await t.app.inject(beacon({ p: "/", l: "en", us: "newsletter", s: "mobile" }, { client }));
    await t.app.inject(beacon({ p: "/contact", l: "en", s: "mobile" }, { client }));
    await t.app.inject(beacon({ p: "/", l: "en", s: "desktop" }));
    await t.app.inject({ method: "POST", url: "/api/contact", payload: JSON.stringify(validContact), headers: { ...json, "user-agent": CHROME, "x-forwarded-for": client, host: "localhost:80", referer: "http://localhost:80/contact" } });
    // Ten days ago (the previous 7-day period), rolled up: four views of / by three visitors.
    const earlier = daysBefore(today, 10);
    await db
      .insertInto("analytics_daily")
      .values(Object.entries({ path: "/", locale: "en", source: "", campaign: "", device: "desktop" }).map(([dimension, value]) => ({ day: earlier, dimension, value, views: 4, visitors: 3 })))
      .execute();
    await db.insertInto("analytics_days").values({ day: earlier, views: 4, visitors: 3 }).execute();

    const editor = await makeAccount(db, `editor-${target.name}@example.com`, "editor");
    const response = await studio(t, "GET", "/api/studio/analytics?days=7", { session: await sessionOf(db, editor.id) });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      days: 7,
      current: { from: daysBefore(today, 6), to: today },
      totals: { views: 3, visitors: 2, conversions: 1, previous: { views: 4, visitors: 3, conversions: 0 } },
      pages: [
        { key: "/", views: 2, visitors: 2, previousViews: 4, conversions: 0 },
        { key: "/contact", views: 1, visitors: 1, previousViews: 0, conversions: 1 },
      ],
      devices: [
        { key: "mobile", views: 2, visitors: 1 },
        { key: "desktop", views: 1, visitors: 1, previousViews: 4 },
      ],
      forms: [{ form: "contact", conversions: 1, previousConversions: 0 }],
    });
    expect(report.sources).toEqual([
      { key: "", views: 2, visitors: 2, previousViews: 4 },
      { key: "newsletter", views: 1, visitors: 1, previousViews: 0 },
    ]);

    const contributor = await makeAccount(db, `contributor-${target.name}@example.com`, "contributor");
    const refused = await studio(t, "GET", "/api/studio/analytics", { session: await sessionOf(db, contributor.id) });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, "StudioForbidden"]);
    expect((await studio(t, "GET", "/api/studio/analytics")).statusCode, "signed out").toBe(401);
    const badPeriod = await studio(t, "GET", "/api/studio/analytics?days=5", { session: await sessionOf(db, editor.id) });
    expect([badPeriod.statusCode, badPeriod.json().error.code]).toEqual([400, "StudioBadRequest"]);
  });

  test("two server instances on one database: one visitor across both, and every view rolled up exactly once", async () => {
    const second = await startFormsApp({ buildDir, databaseUrl: database.url, analytics: { perMinute: 0, keepDays: 730 } });
    try {
      const client = newClient();
      await t.app.inject(beacon(view, { client }));
      await second.app.inject(beacon({ ...view, p: "/" }, { client }));
      expect(new Set((await views()).map((v) => v.visitor)).size, "both hash with the day's one salt").toBe(1);

      // 200 views of a day two days back, sent through both at once, then rolled up by both at once.
      await t.app.storage.db.deleteFrom("analytics_views").execute();
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 ? t : second).app.storage.db
            .insertInto("analytics_views")
            .values({ id: `v-${String(i).padStart(3, "0")}`, day: "2026-01-10", visitor: `visitor-${i % 50}`, path: "/about", locale: "en", source: "", medium: "", campaign: "", device: "desktop" })
            .execute(),
        ),
      );
      const passes = target.name === "PostgreSQL"
        ? await Promise.all([rollUpViews(t.app.storage.db, "2026-01-12", 730), rollUpViews(second.app.storage.db, "2026-01-12", 730)])
        : // SQLite serves one process; its roll-ups run one after the other.
          [await rollUpViews(t.app.storage.db, "2026-01-12", 730), await rollUpViews(second.app.storage.db, "2026-01-12", 730)];
      expect(passes.map((p) => p.views).sort((a, b) => a - b)).toEqual([0, 200]);
      const day = await t.app.storage.db.selectFrom("analytics_days").selectAll().where("day", "=", "2026-01-10").executeTakeFirstOrThrow();
      expect([Number(day.views), Number(day.visitors)]).toEqual([200, 50]);
    } finally {
      await second.close();
    }
  });
});

describe("with ANALYTICS=off", () => {
  test("the endpoint does not exist and a submission counts nothing", async () => {
    const t = await startFormsApp();
    try {
      const response = await t.app.inject(beacon(view));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "ApiNotFound" });
      expect((await t.app.inject({ method: "POST", url: "/api/contact", payload: JSON.stringify(validContact), headers: { ...json, referer: "http://localhost:80/contact" } })).statusCode).toBe(200);
      expect(await t.app.storage.db.selectFrom("analytics_conversions").selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
