/**
 * Analytics in the browser (docs/analytics.md), lean: a visit is counted once, a second page
 * the same day is the same visitor, a studio user is not counted, and the browser is left
 * with no cookie and nothing in its storage. Each run counts under a campaign of its own, read
 * from the e2e server's database; the endpoint's rules and attacks are tests/contract/analytics.test.ts.
 */
import Database from "better-sqlite3";
import { ANALYTICS_ENDPOINT } from "../../schemas/analytics.ts";
import { expect, test } from "./fixtures.ts";

// A browser's own User-Agent: a headless one is a bot, and bots are not counted.
test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" });

/** The views counted under a campaign, from the database the e2e server writes (playwright.config.ts). */
function viewsOf(campaign: string) {
  const db = new Database("data/e2e-site.db", { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select visitor, path, source, device from analytics_views where campaign = ? order by id").all(campaign) as { visitor: string; path: string; source: string; device: string }[];
  } finally {
    db.close();
  }
}

const newCampaign = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test("a visit is counted once, a second page is the same visitor, and no cookie or storage is set", async ({ page, context }) => {
  const campaign = newCampaign();
  const counted = () => page.waitForResponse((r) => new URL(r.url()).pathname === ANALYTICS_ENDPOINT);
  let answer = counted();
  await page.goto(`/about?utm_source=e2e&utm_campaign=${campaign}`);
  expect((await answer).status()).toBe(204);
  answer = counted();
  await page.goto(`/contact?utm_campaign=${campaign}`);
  expect((await answer).status()).toBe(204);

  const views = viewsOf(campaign);
  expect(views.map(({ path, source, device }) => ({ path, source, device }))).toEqual([
    { path: "/about", source: "e2e", device: "desktop" },
    { path: "/contact", source: "", device: "desktop" },
  ]);
  expect(new Set(views.map((v) => v.visitor)).size, "one visitor").toBe(1);

  expect(await context.cookies()).toEqual([]);
  const stored = await page.evaluate(async () => ({
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).length,
    caches: (await caches.keys()).length,
  }));
  expect(stored).toEqual({ cookie: "", local: 0, session: 0, databases: 0, caches: 0 });
});

test("a studio user is not counted", async ({ page, context, baseURL }) => {
  const campaign = newCampaign();
  // The session cookie as the studio sets it on a loopback host (server/studio/auth/cookie.ts).
  await context.addCookies([{ name: "studio", value: "a-session", url: baseURL!, httpOnly: true, sameSite: "Strict" }]);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === ANALYTICS_ENDPOINT);
  await page.goto(`/about?utm_campaign=${campaign}`);
  expect((await answer).status()).toBe(204);
  expect(viewsOf(campaign)).toEqual([]);
});
