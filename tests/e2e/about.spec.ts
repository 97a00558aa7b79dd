/** About (spec §2, "About"). */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { contrastRatio, MIN_TEXT_CONTRAST } from "../../src/runtime/content/contrast-check.ts";
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

test("the picture behind the opening text shows through its darkening, which keeps every text on it at 4.5:1 or more", async ({ page }) => {
  await open(page);
  const band = page.locator("main header").first();
  const picture = band.locator("img");
  await expect.poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  const box = (await band.boundingBox())!;
  const texts = await band.locator("p, h1, dt, dd").evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x, y, width, height })));
  // What the words are set on: the band with its words hidden, then without its picture too.
  await band.evaluate((b) => b.querySelectorAll<HTMLElement>("p, h1, dl").forEach((e) => (e.style.visibility = "hidden")));
  const behindWords = await pixels(await page.screenshot({ clip: box }));
  await picture.evaluate((i) => (i.style.visibility = "hidden"));
  const withoutPicture = await pixels(await page.screenshot({ clip: box }));
  let differing = 0;
  for (let i = 0; i < behindWords.data.length; i += 3) if (Math.abs(behindWords.data[i]! - withoutPicture.data[i]!) + Math.abs(behindWords.data[i + 1]! - withoutPicture.data[i + 1]!) + Math.abs(behindWords.data[i + 2]! - withoutPicture.data[i + 2]!) > 24) differing++;
  expect(differing / (behindWords.data.length / 3), "the share of the band the picture changes").toBeGreaterThan(0.05);
  // White on every pixel behind each text, as the checker judges the theme's colours (WCAG's contrast ratio).
  for (const text of texts) {
    let lowest = Infinity;
    for (let y = Math.floor(text.y - box.y); y < Math.ceil(text.y - box.y + text.height); y++) {
      for (let x = Math.floor(text.x - box.x); x < Math.ceil(text.x - box.x + text.width); x++) {
        const at = (y * behindWords.width + x) * 3;
        lowest = Math.min(lowest, contrastRatio("#ffffff", hex(behindWords.data.subarray(at, at + 3))));
      }
    }
    expect(lowest, `white on what is behind the text at ${Math.round(text.x)}, ${Math.round(text.y)}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  }
});

/** A screenshot's pixels, RGB. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** A pixel's colour as #rrggbb. */
const hex = (rgb: Uint8Array) => `#${[...rgb].map((c) => c.toString(16).padStart(2, "0")).join("")}`;

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
