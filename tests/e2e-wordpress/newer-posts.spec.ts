/**
 * Posts published after the build (scripts/wordpress/add-post.php): the server asks
 * WordPress about an unknown /blog/{slug} and sends the page prerendered for it (its
 * loading state), whose island fetches and sanitises the post in the browser, under the
 * page's CSP, with no console error at all.
 */
import type { Page } from "@playwright/test";
import { addPost } from "./env.ts";
import { expect, expectNothingRan, ignore, test, waitForHydration } from "./fixtures.ts";

/**
 * How long a post fetched in the browser may take to show: its island's code, then WordPress's
 * answer, then the post's own islands. On CI's two cores, shared by two browsers, the server
 * and WordPress, that chain has taken over 5 s; run alone, it stays within the default 5 s.
 */
const FETCHED = { timeout: 20_000 };

/** Holds WordPress's answer for one slug until `release()`, so the loading state can be seen. */
async function holdPost(page: Page, slug: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/wp-json/wp/v2/posts?slug=${slug}&*`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a post published after the build is found on a direct visit, after the loading spinner", async ({ page }) => {
  addPost("published-after-build", "Published after the build");
  const release = await holdPost(page, "published-after-build");
  const response = await page.goto("/blog/published-after-build");
  expect(response?.status()).toBe(200);
  await expect(page.locator("[data-state=loading]")).toContainText("Loading...");
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Published after the build", FETCHED);
  await expect(page).toHaveTitle("Published after the build | Arcbyte Technologies");
  await expect(page.getByTestId("post-content")).toContainText("Published after the build.");
  await expect(page.locator("[data-state=loading]")).toHaveCount(0);
  // Its content carries an <img onerror> payload: gone, and nothing ran.
  await expectNothingRan(page);
});

test("a newer post with every classic XSS payload is sanitised in the browser as at build time, without a CSP violation", async ({ page, consoleErrors }) => {
  // The same content, sanitised by the build (Node) and by the browser, must come out the same.
  await page.goto("/blog/xss-payloads");
  await waitForHydration(page);
  const atBuild = await page.getByTestId("post-content").innerHTML();
  addPost("payloads-after-build", "Payloads after the build", "xss-payloads");
  const response = await page.goto("/blog/payloads-after-build");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payloads after the build", FETCHED);
  await expect(page.getByTestId("post-content")).toContainText("Before.");
  expect(await page.getByTestId("post-content").innerHTML()).toBe(atBuild);
  await page.waitForTimeout(500); // a surviving meta refresh or handler would have acted by now
  await expect(page).toHaveURL(/\/blog\/payloads-after-build$/);
  await expectNothingRan(page);
  // On both pages the payload's <img src="x"> stays without its handler and fails to load: the
  // one line expected for each. Any other, a script-src-attr CSP violation above all, fails.
  ignore(consoleErrors, /status of 404/, 2);
});

test("a link to a post newer than the build leads to it, fetched in the browser", async ({ page }) => {
  addPost("linked-after-build", "Linked after the build");
  await page.goto("/blog/no-image");
  await waitForHydration(page);
  // As a link in a newsletter or on another site would: every link is a page load.
  await page.evaluate(() => {
    const link = Object.assign(document.createElement("a"), { href: "/blog/linked-after-build", textContent: "Linked after the build" });
    document.querySelector("main")!.append(link);
  });
  await page.getByRole("link", { name: "Linked after the build" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linked after the build", FETCHED);
  await expect(page).toHaveURL(/\/blog\/linked-after-build$/);
});

test("an unknown slug is still Post Not Found (404), asked of WordPress by the server", async ({ page }) => {
  const response = await page.goto("/blog/never-published");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
  await expect(page.getByText("The blog post you're looking for doesn't exist or has been moved.")).toBeVisible();
});
