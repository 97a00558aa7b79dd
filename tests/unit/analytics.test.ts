/**
 * Analytics' rules (docs/analytics.md): the visitor id, the daily salts and their deletion,
 * who is not counted (Do Not Track, Global Privacy Control, bots, studio users), what the
 * collector sends, and the roll-up of raw views into daily figures, on a real SQLite database.
 * The endpoint, conversions and PostgreSQL: tests/contract/analytics.test.ts.
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { asksNotToBeTracked, pageView } from "../../src/analytics/collect.ts";
import { pageViewSchema, sourceOf } from "../../schemas/analytics.ts";
import { notCounted } from "../../server/analytics/rules.ts";
import { daysBefore, deleteOldSalts, saltKeeper, visitorId } from "../../server/analytics/visitor.ts";
import { type CountedView, rollUpViews, viewWriter } from "../../server/storage/analytics.ts";
import { type Db, openDatabase } from "../../server/storage/database.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("the visitor id", () => {
  const id = visitorId("salt-1", "www.example.com", "203.0.113.7", CHROME);

  it("is 16 hex characters of a SHA-256, the same for the same browser on the same day", () => {
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(visitorId("salt-1", "WWW.example.com", "203.0.113.7", CHROME)).toBe(id);
  });

  it("changes with the salt (the next day), the site, the address and the browser", () => {
    const others = [
      visitorId("salt-2", "www.example.com", "203.0.113.7", CHROME),
      visitorId("salt-1", "other.example.com", "203.0.113.7", CHROME),
      visitorId("salt-1", "www.example.com", "203.0.113.8", CHROME),
      visitorId("salt-1", "www.example.com", "203.0.113.7", `${CHROME} Edg/131`),
    ];
    expect(new Set([id, ...others]).size).toBe(5);
  });

  it("holds no part of the address", () => {
    expect(id).not.toContain("203");
    expect(visitorId("s", "h", "", "")).not.toBe(visitorId("s", "h", "a", ""));
  });
});

describe("who is not counted", () => {
  it("a browser asking not to be tracked: Do Not Track or Global Privacy Control", () => {
    expect(notCounted({ "user-agent": CHROME, dnt: "1" })).toBe("do-not-track");
    expect(notCounted({ "user-agent": CHROME, "sec-gpc": "1" })).toBe("global-privacy-control");
    expect(notCounted({ "user-agent": CHROME, dnt: "0" })).toBeUndefined();
    expect(asksNotToBeTracked({ doNotTrack: "1" })).toBe(true);
    expect(asksNotToBeTracked({ globalPrivacyControl: true })).toBe(true);
    expect(asksNotToBeTracked({ doNotTrack: "unspecified", globalPrivacyControl: false })).toBe(false);
  });

  it("a bot, a headless browser, or a client naming no browser", () => {
    for (const agent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", CHROME.replace("Chrome/", "HeadlessChrome/"), "curl/8.5.0", ""]) {
      expect(notCounted({ "user-agent": agent }), agent).toBe("bot");
    }
    expect(notCounted({})).toBe("bot");
  });

  it("a studio user: a browser holding a studio session cookie, over https or in development", () => {
    expect(notCounted({ "user-agent": CHROME, cookie: "__Host-studio=abc" })).toBe("studio-user");
    expect(notCounted({ "user-agent": CHROME, cookie: "theme=dark; studio=abc" })).toBe("studio-user");
    expect(notCounted({ "user-agent": CHROME, cookie: "mystudio=abc; studio=" })).toBeUndefined();
    expect(notCounted({ "user-agent": CHROME })).toBeUndefined();
  });
});

describe("what the collector sends", () => {
  const place = { pathname: "/services/seo", search: "?utm_source=Newsletter&utm_medium=email&utm_campaign=nov%20launch&gclid=x", host: "www.example.com" };

  it("the path, locale, referring host, UTM values and screen class, and nothing else", () => {
    const view = pageView(place, "https://news.ycombinator.com/item?id=1", "hi", 390);
    expect(view).toEqual({ p: "/services/seo", l: "hi", r: "news.ycombinator.com", us: "Newsletter", um: "email", uc: "nov launch", s: "mobile" });
    expect(pageViewSchema.parse(JSON.parse(JSON.stringify(view)))).toBeTruthy();
  });

  it("no referrer for the site's own pages, and screen classes by width", () => {
    const within = pageView({ ...place, search: "" }, "https://www.example.com/about", "en", 800);
    expect(within).toMatchObject({ r: undefined, us: undefined, s: "tablet" });
    expect(pageView(place, "", "", 1280)).toMatchObject({ r: undefined, l: undefined, s: "desktop" });
  });

  it("cuts a UTM value to its longest", () => {
    expect(pageView({ ...place, search: `?utm_campaign=${"x".repeat(500)}` }, "", "en", 1280).uc).toHaveLength(100);
  });

  it("names the source: utm_source first, else the referring host without www., else direct", () => {
    expect(sourceOf({ us: "Newsletter", r: "www.google.com" })).toBe("newsletter");
    expect(sourceOf({ r: "www.Google.com" })).toBe("google.com");
    expect(sourceOf({})).toBe("");
  });
});

describe("the collector's size", () => {
  it("is under 1 kB gzipped, minified as the build minifies it, with nothing imported but constants", async () => {
    const { outputFiles } = await build({ entryPoints: ["src/analytics/collect.ts"], bundle: true, minify: true, format: "esm", write: false, target: "es2022" });
    const code = outputFiles[0]!.contents;
    expect(gzipSync(code, { level: 9 }).length).toBeLessThan(1024);
    expect(new TextDecoder().decode(code)).not.toMatch(/zod|localStorage|sessionStorage|document\.cookie|indexedDB/);
  });
});

describe("on a real SQLite database", () => {
  let db: Db;
  beforeEach(async () => {
    db = (await openDatabase(":memory:")).db;
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("makes one salt a day, the same for every keeper, and deletes it two days on", async () => {
    const one = saltKeeper(db);
    const two = saltKeeper(db);
    const today = await one.salt("2026-11-28");
    expect(today).toMatch(/^[\w-]{43}$/);
    expect(await two.salt("2026-11-28")).toBe(today);
    expect(await two.existing("2026-11-28")).toBe(today);
    expect(await one.salt("2026-11-29")).not.toBe(today);
    expect(await one.existing("2026-11-27")).toBeUndefined();

    expect(await deleteOldSalts(db, "2026-11-29"), "yesterday's salt is kept").toBe(0);
    expect(await deleteOldSalts(db, "2026-11-30"), "the day before yesterday's is deleted").toBe(1);
    expect(await two.existing("2026-11-28")).toBeUndefined();
    expect(await two.existing("2026-11-29")).toBeDefined();
  });

  const recordView = (db: Db, view: CountedView) => viewWriter(db).write(view);
  const view = (patch: Partial<CountedView>): CountedView => ({ day: "2026-11-20", visitor: "a", path: "/", locale: "en", source: "", medium: "", campaign: "", device: "desktop", ...patch });
  const daily = () => db.selectFrom("analytics_daily").selectAll().orderBy("dimension").orderBy("value").execute();
  const days = () => db.selectFrom("analytics_days").selectAll().orderBy("day").execute();
  const numbers = <T extends object>(rows: T[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v])));

  it("rolls up raw views two days old per day and page, locale, source, campaign and device, and deletes them", async () => {
    await recordView(db, view({ visitor: "a" }));
    await recordView(db, view({ visitor: "a" }));
    await recordView(db, view({ visitor: "b" }));
    await recordView(db, view({ visitor: "b", path: "/about" }));
    await recordView(db, view({ visitor: "c", path: "/about", device: "mobile", source: "google.com" }));
    await recordView(db, view({ day: "2026-11-21", visitor: "z" }));

    expect(await rollUpViews(db, "2026-11-22", 730)).toEqual({ views: 5, expired: 0 });
    const row = (dimension: string, value: string, views: number, visitors: number) => ({ day: "2026-11-20", dimension, value, views, visitors });
    expect(numbers(await daily())).toEqual([
      row("campaign", "", 5, 3),
      row("device", "desktop", 4, 2),
      row("device", "mobile", 1, 1),
      row("locale", "en", 5, 3),
      row("path", "/", 3, 2),
      row("path", "/about", 2, 2),
      row("source", "", 4, 2),
      row("source", "google.com", 1, 1),
    ]);
    expect(numbers(await days()), "a visitor of two pages is one visitor of the day").toEqual([{ day: "2026-11-20", views: 5, visitors: 3 }]);
    expect(await db.selectFrom("analytics_views").select("day").execute(), "yesterday's views stay raw").toEqual([{ day: "2026-11-21" }]);

    expect(await rollUpViews(db, "2026-11-22", 730), "a second pass finds nothing").toEqual({ views: 0, expired: 0 });
    expect(numbers(await days())).toEqual([{ day: "2026-11-20", views: 5, visitors: 3 }]);
  });

  it("adds a late view of a day already rolled up, and deletes figures older than the retention period", async () => {
    await recordView(db, view({ visitor: "a" }));
    await rollUpViews(db, "2026-11-22", 730);
    await recordView(db, view({ visitor: "b" }));
    await rollUpViews(db, "2026-11-22", 730);
    expect(numbers(await days())).toEqual([{ day: "2026-11-20", views: 2, visitors: 2 }]);

    expect(daysBefore("2026-11-22", 2)).toBe("2026-11-20");
    expect(await rollUpViews(db, "2026-11-23", 2)).toEqual({ views: 0, expired: 6 });
    expect(await days()).toEqual([]);
  });

  it("writes views that arrive together in shared inserts (a group commit), each answered once stored, and the next at once", async () => {
    const writer = viewWriter(db);
    const inserts = vi.spyOn(db, "insertInto");
    await Promise.all(Array.from({ length: 1200 }, (_, i) => writer.write(view({ visitor: `v${i}` }))));
    const groups = inserts.mock.calls.length;
    expect(groups, "500 views an insert at most").toBeGreaterThanOrEqual(3);
    expect(groups).toBeLessThanOrEqual(4);
    const stored = async () => Number((await db.selectFrom("analytics_views").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    expect(await stored()).toBe(1200);
    const started = performance.now();
    await writer.write(view({ visitor: "late" }));
    expect(performance.now() - started, "no timer to wait for").toBeLessThan(1000);
    await writer.flush();
    expect(await stored()).toBe(1201);
    inserts.mockRestore();
  });
});
