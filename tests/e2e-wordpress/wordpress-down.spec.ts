/**
 * WordPress stopped (its web server killed, data kept): the prerendered blog keeps working,
 * and a post newer than the build shows the error state with Retry, never an endless
 * spinner; Retry finds the post once WordPress is back. Its own Playwright project, run after
 * every other test of the suite, because it takes WordPress down for everyone.
 */
import type { Page } from "@playwright/test";
import { SKIP_ENV, WORDPRESS_URL, addPost, wordpress } from "./env.ts";
import { expect, ignore, test, waitForHydration } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

const up = () => fetch(`${WORDPRESS_URL}/wp-json/`).then((r) => r.ok, () => false);
const NEWER = "written-before-the-outage";

test.beforeAll(async () => {
  test.skip(process.env[SKIP_ENV] === "1");
  addPost(NEWER, "Written before the outage");
  wordpress("stop-php");
  expect(await up()).toBe(false);
});

// Whatever happened above, WordPress is left running (global teardown stops it for good).
test.afterAll(async () => {
  if (process.env[SKIP_ENV] !== "1" && !(await up())) wordpress("start-php");
});

const loadError = (page: Page) => page.getByRole("alert").filter({ hasText: "Couldn't load this page" });

test("prerendered pages still show their content and featured images, which the site serves itself", async ({ page }) => {
  await page.goto("/blog/no-image");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A post without an image");
  await expect(page.getByTestId("post-content")).toHaveText("Text only.");
  await page.getByRole("link", { name: "← Back to Blog" }).click();
  await expect(page.getByTestId("article-count")).toHaveText("Showing 113 articles");
  await page.goto("/blog/category/releases-updates");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Releases & Updates");
  await expect(page.getByTestId("post-card").getByRole("heading")).toHaveText(["What’s new & more in 2025"]);

  await page.goto("/blog/fast-pages-with-react");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fast pages with React");
  await expect(page.getByTestId("post-content").getByRole("heading", { name: "Measure" })).toBeVisible();
  // The build took the featured image in: it shows with WordPress down, and nothing fails to load.
  const image = page.getByRole("img", { name: "A fast page & its metrics" });
  await expect(image).toHaveAttribute("src", /^\/_media\/v1\/remote-/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test("a post newer than the build shows the error state with Retry; Retry asks again, and shows the post once WordPress is back", async ({ page, consoleErrors }) => {
  const postFetchFails = () => page.waitForEvent("requestfailed", (r) => r.url().includes(`/wp-json/wp/v2/posts?slug=${NEWER}`));
  let failed = postFetchFails();
  const response = await page.goto(`/blog/${NEWER}`);
  expect(response?.status()).toBe(200); // the server cannot rule the post out, so the page asks
  await failed;
  await expect(loadError(page)).toBeVisible();
  await expect(loadError(page).getByRole("heading")).toHaveText("Couldn't load this page");
  await expect(loadError(page)).toContainText("Check your connection and try again.");
  await expect(page.locator("[data-state=loading]")).toHaveCount(0);
  // Retry while WordPress is still down: asked again, and the error again, not a spinner that never ends.
  failed = postFetchFails();
  await loadError(page).getByRole("button", { name: "Retry" }).click();
  await failed;
  await expect(loadError(page)).toBeVisible();
  await expect(page.locator("[data-state=loading]")).toHaveCount(0);
  wordpress("start-php");
  await loadError(page).getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Written before the outage");
  await expect(loadError(page)).toHaveCount(0);
  ignore(consoleErrors, /ERR_CONNECTION_REFUSED/);
});
