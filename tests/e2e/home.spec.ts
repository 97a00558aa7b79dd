/** Home (spec §2, "Home (/)"). */
import type { Page } from "@playwright/test";
import { services, testimonials } from "./content.ts";
import { expect, expectNoAxeViolations, test, waitForHydration, waitForIsland } from "./fixtures.ts";

const NOTICE = "This feature isn't implemented yet. It's coming soon!";

async function open(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
}

/** A page section by its heading. */
const section = (page: Page, heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });

test.describe("hero", () => {
  test("has one h1 and the two buttons: Get Started shows the notice, View Services goes to /services", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Software that moves your business forward");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByTestId("toast")).toContainText(NOTICE);
    await expect(page).toHaveURL("/");
    await page.getByRole("link", { name: "View Services" }).first().click();
    await expect(page).toHaveURL("/services");
  });
});

test("the statistics strip shows the four claims", async ({ page }) => {
  await open(page);
  const figures = page.getByRole("region", { name: "Key figures" }).locator("dl > div");
  const texts = await figures.evaluateAll((items) => items.map((i) => `${i.querySelector("dd")!.textContent} ${i.querySelector("dt")!.textContent}`));
  expect(texts).toEqual(["15+ Years Experience", "500+ Projects Completed", "200+ Happy Clients", "50+ Team Members"]);
});

test("the first 6 services are cards linking to their pages", async ({ page }) => {
  await open(page);
  const cards = section(page, "Our Services").getByRole("listitem");
  await expect(cards).toHaveCount(6);
  for (const [i, s] of services.slice(0, 6).entries()) {
    await expect(cards.nth(i).getByRole("heading")).toHaveText(s.title);
    await expect(cards.nth(i).getByRole("link", { name: `Learn More: ${s.title}` })).toHaveAttribute("href", `/services/${s.id}`);
  }
});

test("Technologies We Use has six groups", async ({ page }) => {
  await open(page);
  await expect(section(page, "Technologies We Use").getByRole("heading", { level: 3 })).toHaveText([
    "Frontend",
    "Backend",
    "Databases",
    "Cloud & DevOps",
    "Mobile",
    "Other Tools",
  ]);
});

test.describe("testimonial carousel", () => {
  test("shows 3 testimonials, advances every 5000 ms, wraps, and the dots jump", async ({ page }) => {
    await page.clock.install({ time: new Date("2026-03-02T10:00:00") });
    await page.clock.pauseAt(new Date("2026-03-02T10:00:01"));
    await open(page);
    const carousel = page.locator("[aria-roledescription=carousel]");
    // It starts when it comes into view: no one sees it advance before.
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(page, "testimonials");
    const slides = carousel.locator("[aria-roledescription=slide]");
    const shown = carousel.locator("[aria-roledescription=slide][data-active]");
    expect(testimonials).toHaveLength(3);
    await expect(slides).toHaveCount(3);
    await expect(shown).toContainText(testimonials[0]!.name);
    await expect(shown).toBeVisible();

    await page.clock.runFor(4900);
    await expect(shown).toContainText(testimonials[0]!.name);
    await page.clock.runFor(100);
    await expect(shown).toContainText(testimonials[1]!.name);
    await page.clock.runFor(5000);
    await expect(shown).toContainText(testimonials[2]!.name);
    await page.clock.runFor(5000);
    await expect(shown).toContainText(testimonials[0]!.name);

    await page.getByRole("button", { name: "Show testimonial 3 of 3" }).click();
    await expect(shown).toContainText(testimonials[2]!.name);
    await expect(page.getByRole("button", { name: "Show testimonial 3 of 3" })).toHaveAttribute("aria-current", "true");
  });
});

test("Trusted by shows the logos of 6 companies, each named by its alt text", async ({ page }) => {
  await open(page);
  const strip = page.getByRole("region", { name: "Trusted by" });
  await expect(strip.getByRole("listitem")).toHaveCount(6);
  expect(await strip.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual(["Kesar Organics", "LedgerLoop", "Nordlys Logistics", "BluePeak Health", "Urbanly", "Sahyadri Foods"]);
});

test("the closing call to action: Start Your Project shows the notice, Contact Us goes to /contact", async ({ page }) => {
  await open(page);
  await page.getByRole("button", { name: "Start Your Project" }).click();
  await expect(page.getByTestId("toast")).toContainText(NOTICE);
  await page.getByRole("link", { name: "Contact Us", exact: true }).click();
  await expect(page).toHaveURL("/contact");
});

test.describe("accessibility", () => {
  test("no axe violations", async ({ page }) => {
    await open(page);
    await expectNoAxeViolations(page);
  });

  test("no axe violations @mobile", async ({ page }) => {
    await open(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page still reads: hero heading, figures and the services", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Software that moves your business forward");
    await expect(page.getByRole("region", { name: "Key figures" })).toContainText("Years Experience");
    const cards = section(page, "Our Services").getByRole("listitem");
    await expect(cards).toHaveCount(6);
    await expect(cards.first().getByRole("link")).toHaveAttribute("href", `/services/${services[0]!.id}`);
    await expect(section(page, "What Our Clients Say")).toContainText(testimonials[0]!.name);
  });
});
