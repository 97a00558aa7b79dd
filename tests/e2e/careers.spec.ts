/** Careers page, static parts (spec §2 Careers, §3 Job position); the form has its own tests. */
import type { Page } from "@playwright/test";
import { jobs } from "./content.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";

async function open(page: Page, path = "/careers") {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });

test("the four open positions are the spec's, with title, location, type and description", () => {
  expect(jobs.map(({ title, location, type }) => ({ title, location, type }))).toEqual([
    { title: "Frontend Developer (React)", location: "Remote/India", type: "Full Time" },
    { title: "WordPress Developer", location: "Remote/India", type: "Full Time" },
    { title: "Content Writer (Tech)", location: "Remote", type: "Part Time" },
    { title: "Sales & Business Development", location: "Remote/India", type: "Full Time" },
  ]);
});

test("shows each position with an Apply for this role button", async ({ page }) => {
  await open(page);
  await expect(page).toHaveTitle("Careers | Arcbyte Technologies");
  const positions = page.locator("section#positions > div > ul > li");
  await expect(positions).toHaveCount(4);
  for (const [i, job] of jobs.entries()) {
    const card = positions.nth(i);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(job.title);
    await expect(card).toContainText(job.location);
    await expect(card).toContainText(job.type);
    await expect(card).toContainText(job.description);
    await expect(card.getByRole("link", { name: `Apply for this role: ${job.title}` })).toHaveAttribute("href", `/careers?position=${job.id}#apply`);
  }
});

test("the hero links to #apply and #positions, and both anchors exist", async ({ page }) => {
  await open(page);
  const hero = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(hero.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "#apply");
  await expect(hero.getByRole("link", { name: "View Open Positions" })).toHaveAttribute("href", "#positions");
  await expect(page.locator("#apply").getByRole("heading", { level: 2 })).toHaveText("Apply Now");

  await hero.getByRole("link", { name: "View Open Positions" }).click();
  await expect(page).toHaveURL("/careers#positions");
  await expect.poll(() => inViewport(page, "#positions")).toBe(true);
  await hero.getByRole("link", { name: "Apply Now" }).click();
  await expect(page).toHaveURL("/careers#apply");
  await expect.poll(() => inViewport(page, "#apply")).toBe(true);
});

test("Apply for this role puts the position in the URL and scrolls to the application, without a reload", async ({ page }) => {
  await open(page);
  await page.evaluate(() => ((window as { marker?: boolean }).marker = true));
  await page.getByRole("link", { name: "Apply for this role: Content Writer (Tech)" }).click();
  await expect(page).toHaveURL("/careers?position=content-writer-tech#apply");
  await expect.poll(() => inViewport(page, "#apply")).toBe(true);
  expect(await page.evaluate(() => (window as { marker?: boolean }).marker)).toBe(true);
});

test("a link with a position opens at the application", async ({ page }) => {
  await open(page, "/careers?position=wordpress-developer#apply");
  await expect.poll(() => inViewport(page, "#apply")).toBe(true);
});

test("has no accessibility violations", async ({ page }) => {
  await open(page);
  await expectNoAxeViolations(page);
});

test("has no accessibility violations on a phone @mobile", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("link", { name: "Apply for this role: WordPress Developer" })).toBeVisible();
  await expectNoAxeViolations(page);
});
