/**
 * A page reached by a link is a page load of static HTML: shown at its top at once, not
 * scrolled down and gliding up; Back and Forward show each page where it was left.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

interface Frame {
  at: number;
  path: string;
  heading: string;
  y: number;
}

/** Records, every frame of every document from now on, when, the path, the page's heading and the scroll position. */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: Frame[] = [];
    (window as unknown as { __frames: Frame[] }).__frames = frames;
    const record = () => {
      frames.push({ at: Date.now(), path: location.pathname, heading: document.querySelector("h1")?.textContent ?? "", y: Math.round(scrollY) });
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
}

/** The frames the current document drew since `since` (a page restored from the back/forward cache keeps its older ones). */
const frames = (page: Page, since: number) => page.evaluate((t) => (window as unknown as { __frames: Frame[] }).__frames.filter((f) => f.at >= t), since);
const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test("a footer link at the bottom of Home shows the new page at its top; Back and Forward restore where each was", async ({ page }) => {
  await recordFrames(page);
  await page.goto("/");
  await waitForHydration(page);
  const homeHeading = await heading(page).textContent();
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  const bottom = await page.evaluate(() => Math.round(scrollY));
  expect(bottom).toBeGreaterThan(1000);

  let since = Date.now();
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL("/about");
  await expect(heading(page)).not.toHaveText(homeHeading!);
  await page.waitForTimeout(500);
  const aboutFrames = (await frames(page, since)).filter((f) => f.path === "/about" && f.heading !== homeHeading && f.heading !== "");
  // Every frame that shows the new page (its heading drawn) is at the top. Under CI load a frame
  // or two may come between, with the URL changed and the page's blocks not drawn yet.
  expect(aboutFrames.length).toBeGreaterThan(0);
  expect(aboutFrames.filter((f) => f.y !== 0)).toEqual([]);

  since = Date.now();
  await page.goBack();
  await expect(heading(page)).toHaveText(homeHeading!);
  await page.waitForTimeout(500);
  const backFrames = (await frames(page, since)).filter((f) => f.path === "/" && f.heading === homeHeading);
  // Home is shown where it was left: from the back/forward cache at once; reloaded, the
  // browser may draw one frame before it restores the position, and none after.
  const restored = backFrames.findIndex((f) => f.y === bottom);
  expect(restored, `frames: ${backFrames.map((f) => f.y).join(", ")}`).toBeGreaterThanOrEqual(0);
  expect(restored).toBeLessThanOrEqual(1);
  expect(backFrames.slice(restored).map((f) => f.y)).toEqual(backFrames.slice(restored).map(() => bottom));

  since = Date.now();
  await page.goForward();
  await expect(page).toHaveURL("/about");
  await expect(heading(page)).not.toHaveText(homeHeading!);
  await page.waitForTimeout(500);
  const forwardFrames = (await frames(page, since)).filter((f) => f.path === "/about" && f.heading !== homeHeading && f.heading !== "");
  expect(forwardFrames.filter((f) => f.y !== 0)).toEqual([]);
});

test("an in-page link still glides to its section", async ({ page }) => {
  await recordFrames(page);
  await page.goto("/services");
  await waitForHydration(page);
  const since = Date.now();
  await page.getByRole("main").getByRole("link", { name: "Our Process" }).click();
  await expect(page).toHaveURL("/services#process");
  await page.waitForTimeout(1500);
  const ys = [...new Set((await frames(page, since)).map((f) => f.y))];
  // More than the start and the end: it moved in steps.
  expect(ys.length).toBeGreaterThan(2);
});
