/**
 * Analytics in the browser (docs/analytics.md), lean: a visit is counted once, a second page
 * the same day is the same visitor, a studio user is not counted, and the browser is left
 * with no cookie and nothing in its storage. Each run counts under a campaign of its own, read
 * from the e2e server's database; the endpoint's rules and attacks are tests/contract/analytics.test.ts.
 * Then the studio's Analytics screen (a STUDIO=1 server, studio-server.ts): an editor's figures
 * match the visits made, by keyboard-readable tables (the chart's too), axe clean; the page
 * editor's Visits panel shows the page's figures at 390 px; a contributor has no such screen
 * (the panel's refusal to contributors: tests/contract/analytics-page.test.ts).
 */
import Database from "better-sqlite3";
import { ANALYTICS_ENDPOINT } from "../../schemas/analytics.ts";
import { expect, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, test, waitForHydration } from "./studio-server.ts";

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

test("an editor's Analytics screen shows the visits made, and a studio user's own visit is not among them", async ({ page, browser, studio, consoleErrors }) => {
  test.setTimeout(120_000);
  const source = newCampaign();
  // A visitor: two pages, from a campaign link, in a browser of their own.
  const visitor = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" });
  const visit = await visitor.newPage();
  for (const path of [`/about?utm_source=${source}`, `/services?utm_source=${source}`]) {
    const answer = visit.waitForResponse((r) => new URL(r.url()).pathname === ANALYTICS_ENDPOINT);
    await visit.goto(`${studio.url}${path}`);
    expect((await answer).status()).toBe(204);
  }
  await visitor.close();

  /** Invited with `npm run users`, the password set from the link, signed in: at the studio home. */
  const signIn = async (role: "editor" | "contributor", name: string) => {
    const email = `${role}-${source}@example.com`;
    await setPassword(page, studio.invite(email, name, role));
    await page.goto(`${studio.url}/admin/sign-in`);
    await waitForHydration(page);
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(`${studio.url}/admin/home`, { timeout: 20_000 });
  };
  await signIn("editor", "Esha Editor");
  // Signed in, the editor's own visit is not counted.
  const own = page.waitForResponse((r) => new URL(r.url()).pathname === ANALYTICS_ENDPOINT);
  await page.goto(`${studio.url}/contact?utm_source=${source}-editor`);
  expect((await own).status()).toBe(204);

  await page.goto(`${studio.url}/admin/home`);
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(`${studio.url}/admin/analytics`);
  await waitForHydration(page);
  const sources = page.getByTestId("analytics-sources");
  await expect(sources.getByRole("row", { name: new RegExp(`^${source} `) })).toHaveText(new RegExp(`^${source}\\s*2\\s*1\\s*0\\s*New$`));
  await expect(sources.getByRole("row", { name: new RegExp(`${source}-editor`) })).toHaveCount(0);
  await expect(page.getByTestId("analytics-pages").getByRole("row", { name: /^\/about / })).toBeVisible();
  // The chart's figures are its table's, opened by keyboard.
  await expect(page.getByTestId("analytics-chart").locator("rect")).toHaveCount(30);
  await page.getByText("Show the figures by day as a table").first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("analytics-days").getByRole("row")).toHaveCount(31);
  await expectNoAxeViolations(page);
  await page.getByLabel("Period", { exact: true }).selectOption({ label: "Last 7 days" });
  await expect(page.getByTestId("analytics-period")).toContainText("compared with");
  await expect(sources.getByRole("row", { name: new RegExp(`^${source} `) })).toBeVisible();

  // The page editor's Visits panel: the About page's figures, its publishes from its history, at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${studio.url}/admin/pages?page=about`);
  await waitForHydration(page);
  await page.getByTestId("page-analytics-button").click();
  const panel = page.getByTestId("page-analytics");
  await expect(panel.getByRole("heading", { name: /^Visits and forms sent: / })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId("page-analytics-summary").getByRole("row", { name: /^Page views / })).not.toHaveText(/^Page views\s*0\s/);
  await expect(panel.getByTestId("page-analytics-since")).toContainText("Last published");
  await expect(panel.getByTestId("page-analytics-chart").locator("rect")).toHaveCount(30);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "fits 390 px").toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${studio.url}/admin/home`);
  await waitForHydration(page);

  // A contributor has no link, and the server refuses them the figures.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await signIn("contributor", "Cai Contributor");
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Analytics" })).toHaveCount(0);
  await page.goto(`${studio.url}/admin/analytics`);
  await waitForHydration(page);
  await expect(page.getByTestId("studio-error")).toHaveAttribute("data-code", "StudioForbidden");
  // Chromium logs the refused call (403) and the signed-out /me (401).
  ignoreConsoleErrors(consoleErrors, /status of 40[13]/);
});
