/** Contact page, static parts (spec §2 Contact); the form has its own tests. */
import type { Page } from "@playwright/test";
import site from "../../src/page/site-settings.ts";
import { faqs } from "./content.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";

const GREETING = "Hi! I'm interested in your tech services.";

async function open(page: Page) {
  const response = await page.goto("/contact");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

const sectionWith = (page: Page, heading: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });

test("hero Get in Touch and the section on how an enquiry proceeds", async ({ page }) => {
  await open(page);
  await expect(page).toHaveTitle("Contact Us | Arcbyte Technologies");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in Touch");
  const next = sectionWith(page, "From First Message to Project Kick-off");
  await expect(next.getByRole("heading", { level: 3 })).toHaveText(["We Read Your Message", "Discovery Call", "Proposal & Estimate", "Project Kick-off"]);
});

test("four info cards: Email Us, Call Us, Visit Us, Working Hours, with the facts from the site settings", async ({ page }) => {
  await open(page);
  const cards = page.locator("li").filter({ has: page.getByRole("heading", { level: 3, name: /^(Email Us|Call Us|Visit Us|Working Hours)$/ }) });
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(["Email Us", "Call Us", "Visit Us", "Working Hours"]);
  await expect(cards.nth(0).getByRole("link", { name: site.contact.email })).toHaveAttribute("href", `mailto:${site.contact.email}`);
  await expect(cards.nth(1).getByRole("link", { name: site.contact.phone })).toHaveAttribute("href", `tel:${site.contact.phoneE164}`);
  await expect(cards.nth(2)).toContainText("Sanchore, Rajasthan 343041");
  await expect(cards.nth(3)).toContainText("Mon - Fri 8:00 AM - 5:00 PM");
  await expect(cards.nth(3)).toContainText("Weekend support available");
});

test.describe("side column", () => {
  test("location card", async ({ page }) => {
    await open(page);
    const location = page.getByRole("region", { name: "Our Location" });
    await expect(location.locator("address")).toContainText("Sanchore, Rajasthan 343041");
    const directions = location.getByRole("link", { name: /Get directions/ });
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(directions).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("Quick Contact: Email Us Directly, WhatsApp Chat (new tab, prefilled greeting), Call Now", async ({ page }) => {
    await open(page);
    const quick = page.getByRole("region", { name: "Quick Contact" });
    await expect(quick.getByRole("link", { name: "Email Us Directly" })).toHaveAttribute("href", `mailto:${site.contact.email}`);
    const whatsApp = quick.getByRole("link", { name: "WhatsApp Chat" });
    await expect(whatsApp).toHaveAttribute("target", "_blank");
    await expect(whatsApp).toHaveAttribute("rel", "noopener noreferrer");
    const url = new URL((await whatsApp.getAttribute("href"))!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${site.contact.phoneE164.slice(1)}`);
    expect(url.searchParams.get("text")).toBe(GREETING);
    await expect(quick.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", `tel:${site.contact.phoneE164}`);
  });

  test("Business Hours with the emergency support line", async ({ page }) => {
    await open(page);
    const hours = page.getByRole("region", { name: "Business Hours" });
    await expect(hours.getByRole("listitem")).toHaveText(["Mon-Fri 8:00 AM-5:00 PM", "Saturday 9:00 AM-2:00 PM", "Sunday Closed"]);
    await expect(hours).toContainText("Emergency support available 24/7 for existing clients");
  });
});

test("Frequently Asked Questions: six questions with their answers, also as FAQPage structured data", async ({ page }) => {
  await open(page);
  const faq = sectionWith(page, "Frequently Asked Questions");
  expect(faqs).toHaveLength(6);
  await expect(faq.getByRole("heading", { level: 3 })).toHaveText(faqs.map((f) => f.question));
  for (const f of faqs) await expect(faq).toContainText(f.answer);
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const faqPage = data.find((d) => d["@type"] === "FAQPage");
  expect(faqPage.mainEntity.map((q: { name: string }) => q.name)).toEqual(faqs.map((f) => f.question));
});

test("has no accessibility violations", async ({ page }) => {
  await open(page);
  await expectNoAxeViolations(page);
});

test("reads well on a phone, with no accessibility violations @mobile", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("link", { name: "WhatsApp Chat" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
