/** The blog search before and without JavaScript. */
import { expect, test } from "./fixtures.ts";

test("a search typed before the list has hydrated is kept and applied", async ({ page }) => {
  // Hold every script back (the runtime too) so there is time to type into the prerendered page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/blog", { waitUntil: "commit" });
  await page.getByRole("searchbox").fill("typescript");
  release();
  await page.locator("[data-testid=blog-list][data-ready=true]").waitFor();
  await expect(page.getByRole("searchbox")).toHaveValue("typescript");
  await expect(page).toHaveURL(/\?q=typescript$/);
  const count = await page.locator("main article, main [data-testid=post-card]").count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByTestId("article-count")).not.toHaveText(/22/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the search box submits as ?q= on Enter", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("searchbox").fill("seo");
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/blog\?q=seo$/);
  });
});
