/**
 * Every studio screen on a phone (issue 36): at 390 px wide, nothing runs off the side of the
 * page (a wide table scrolls inside its own box), and each is axe clean. An admin sees them all.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, test, waitForHydration } from "./studio-server.ts";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

/** The page's width beyond the screen's, in CSS pixels (0: nothing runs off the side). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const SCREENS = [
  // The home's first answer waits for the whole-site check (its translation figures), as the editor's first open does.
  { name: "Home", path: "/admin/home", ready: (page: Page) => expect(page.getByTestId("home-translations")).toBeVisible({ timeout: 60_000 }) },
  { name: "Pages", path: "/admin/pages", ready: (page: Page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "A page in the editor", path: "/admin/pages?page=about", ready: (page: Page) => expect(page.getByTestId("editor")).toBeVisible({ timeout: 60_000 }) },
  { name: "A page template in the editor", path: "/admin/pages?template=landing", ready: (page: Page) => expect(page.getByTestId("editor")).toBeVisible({ timeout: 60_000 }) },
  { name: "Site settings", path: "/admin/settings", ready: (page: Page) => expect(page.getByTestId("editor")).toBeVisible({ timeout: 60_000 }) },
  { name: "Posts", path: "/admin", ready: (page: Page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "Submissions", path: "/admin/submissions", ready: (page: Page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "Your account", path: "/admin/account", ready: (page: Page) => expect(page.getByTestId("studio-account")).toBeVisible() },
  { name: "People", path: "/admin/users", ready: (page: Page) => expect(page.getByTestId("studio-users").getByRole("table")).toBeVisible() },
  { name: "Audit log", path: "/admin/audit", ready: (page: Page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "Media", path: "/admin/media", ready: (page: Page) => expect(page.getByTestId("media-card").first()).toBeVisible() },
  { name: "Analytics", path: "/admin/analytics", ready: (page: Page) => expect(page.getByTestId("analytics-summary")).toBeVisible() },
];

test("at 390 px every studio screen fits the width and is axe clean, signed out and signed in", async ({ page, studio, consoleErrors }) => {
  const email = `narrow-${Date.now().toString(36)}@example.com`;
  await setPassword(page, studio.invite(email, "Asha Rao", "admin"));
  expect(await overflow(page), "Set your password").toBe(0);
  await page.goto(`${studio.url}/admin/sign-in`);
  await waitForHydration(page);
  expect(await overflow(page), "Sign in").toBe(0);
  await expectNoAxeViolations(page);
  await signInWithPassword(page, email);
  await expect(page).not.toHaveURL(/sign-in/);

  for (const screen of SCREENS) {
    await page.goto(studio.url + screen.path);
    await waitForHydration(page);
    await screen.ready(page);
    expect(await overflow(page), screen.name).toBe(0);
    await expectNoAxeViolations(page);
  }
  // An image's own page, opened from the Media screen: its crop previews side by side, its texts, its uses.
  await page.goto(`${studio.url}/admin/media`);
  await waitForHydration(page);
  await page.getByTestId("media-card").first().click();
  await expect(page.getByTestId("studio-media-asset")).toBeVisible();
  expect(await overflow(page), "An image").toBe(0);
  await expectNoAxeViolations(page);
  ignoreConsoleErrors(consoleErrors, /status of 40[14]/);
});
