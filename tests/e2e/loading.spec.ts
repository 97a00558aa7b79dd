/**
 * Paint first, then the app: the prerendered page is painted before any of the app's
 * modules is fetched, and the app still hydrates under the page's CSP.
 */
import { expect, test, waitForHydration } from "./fixtures.ts";

for (const path of ["/", "/services/web-development", "/blog"]) {
  test(`${path}: the app's modules are fetched after the first contentful paint, then hydrate`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      modules: performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"))
        .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime })),
    }));
    expect(timing.fcp, "the page reported its first contentful paint").toBeGreaterThan(0);
    expect(timing.modules.length).toBeGreaterThan(3);
    for (const m of timing.modules) expect(m.start, `${m.url} was requested before the first paint`).toBeGreaterThanOrEqual(timing.fcp!);
  });
}

test("the app's modules are preloaded together once the page has painted", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
  expect(preloads.length).toBeGreaterThan(3);
  expect(preloads.every((href) => href?.startsWith("/assets/"))).toBe(true);
  await expect(page.locator('[type="text/x-module-after-paint"], [rel="x-modulepreload-after-paint"]')).toHaveCount(0);
});
