/** About (spec §2, "About"). */
import type { Page } from "@playwright/test";
import { BACKDROP_BOX } from "../../src/ui/PageHeader.tsx";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";

async function open(page: Page) {
  await page.goto("/about");
  await waitForHydration(page);
}

const section = (page: Page, heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });

test("the hero has the heading and the four figures", async ({ page }) => {
  await open(page);
  const hero = page.locator("main header").first();
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Engineers who care how your business does");
  const figures = await hero.locator("dl > div").evaluateAll((items) =>
    items.map((i) => `${i.querySelector("dd")!.textContent} ${i.querySelector("dt")!.textContent}`),
  );
  expect(figures).toEqual(["15+ Years Experience", "500+ Projects Completed", "200+ Happy Clients", "50+ Team Members"]);
});

test("the band behind the opening text measures, on a computer and on a phone, what the Media screen's crop previews show", async ({ page }) => {
  for (const width of [1280, 390] as const) {
    await page.setViewportSize({ width, height: 800 });
    await open(page);
    const band = (await page.locator("main header").first().boundingBox())!;
    expect(band.width).toBe(BACKDROP_BOX[width].width);
    // Its height follows the text as the fonts set it: near enough for the preview's shape.
    expect(Math.abs(band.height - BACKDROP_BOX[width].height), `${width}: ${band.height}`).toBeLessThan(BACKDROP_BOX[width].height * 0.08);
  }
});

test("Mission and Vision", async ({ page }) => {
  await open(page);
  await expect(section(page, "Our Mission and Vision").getByRole("heading", { level: 3 })).toHaveText(["Our Mission", "Our Vision"]);
});

test("three values: Mission-Driven, Client-Focused, Innovation First", async ({ page }) => {
  await open(page);
  await expect(section(page, "Our Values").getByRole("heading", { level: 3 })).toHaveText(["Mission-Driven", "Client-Focused", "Innovation First"]);
});

test("the journey runs from 2022 Company Founded to 2026 Product Launchings", async ({ page }) => {
  await open(page);
  const steps = section(page, "Our Journey").getByRole("listitem");
  const texts = await steps.evaluateAll((items) => items.map((i) => `${i.querySelector("p")!.textContent} ${i.querySelector("h3")!.textContent}`));
  expect(texts).toEqual(["2022 Company Founded", "2023 100+ Projects", "2024 AI Division Launch", "2025 500+ Clients", "2026 Product Launchings"]);
});

test("Why Choose: Proven Expertise, Dedicated Team, Timely Delivery", async ({ page }) => {
  await open(page);
  await expect(section(page, "Why Choose Arcbyte").getByRole("heading", { level: 3 })).toHaveText(["Proven Expertise", "Dedicated Team", "Timely Delivery"]);
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

  test("the page still reads", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Engineers who care how your business does");
    await expect(section(page, "Our Journey").getByRole("listitem")).toHaveCount(5);
  });
});
