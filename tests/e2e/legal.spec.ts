/** Privacy Policy and Terms of Service (spec §2, §9). */
import type { Page } from "@playwright/test";
import site from "../../src/page/site-settings.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/** The text of the section under an h2, up to the next h2. */
const section = (page: Page, title: string) =>
  page.locator("article").evaluate((article, t) => {
    const h2s = [...article.querySelectorAll("h2")];
    const start = h2s.find((h) => h.textContent === t);
    if (!start) return null;
    let text = "";
    for (let el = start.nextElementSibling; el && el.tagName !== "H2"; el = el.nextElementSibling) text += `${el.textContent}\n`;
    return text;
  }, title);

test.describe("Privacy Policy (/privacy)", () => {
  const SECTIONS = [
    "Information We Collect",
    "How We Use Your Information",
    "Information Sharing",
    "Data Security",
    "Your Rights",
    "Contact Us",
    "Cookies",
    "Data Retention",
    "Changes to This Privacy Policy",
  ];

  test("is dated January 15, 2024 and has the spec's sections in order, each in the table of contents", async ({ page }) => {
    await open(page, "/privacy");
    await expect(page).toHaveTitle("Privacy Policy | Arcbyte Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.getByText("Last updated January 15, 2024")).toBeVisible();
    await expect(page.locator("article h2")).toHaveText(SECTIONS);
    const toc = page.getByRole("navigation", { name: "On this page" }).getByRole("link");
    await expect(toc).toHaveText(SECTIONS);
    for (const [i, title] of SECTIONS.entries()) {
      const id = await page.locator("article h2").nth(i).getAttribute("id");
      await expect(toc.filter({ hasText: title }).first()).toHaveAttribute("href", `#${id}`);
    }
  });

  test("a table of contents link jumps to its section", async ({ page }) => {
    await open(page, "/privacy");
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Data Retention" }).click();
    await expect(page).toHaveURL("/privacy#data-retention");
    await expect(page.getByRole("heading", { level: 2, name: "Data Retention" })).toBeInViewport();
  });

  test("states the rights, the 30-day reply, the four kinds of cookies and GDPR retention", async ({ page }) => {
    await open(page, "/privacy");
    const rights = (await section(page, "Your Rights"))!;
    for (const right of ["Access", "Rectification", "Erasure", "Portability", "Objection", "Restriction"]) expect(rights).toContain(right);
    const contact = (await section(page, "Contact Us"))!;
    expect(contact).toContain("within 30 days");
    expect(contact).toContain(site.contact.legalEmail);
    const cookies = (await section(page, "Cookies"))!;
    for (const kind of ["Essential cookies", "Analytics cookies", "Marketing cookies", "Preference cookies"]) expect(cookies).toContain(kind);
    expect(await section(page, "Data Retention")).toContain("GDPR");
  });

  test("has no accessibility violations", async ({ page }) => {
    await open(page, "/privacy");
    await expectNoAxeViolations(page);
  });
});

test.describe("Terms of Service (/terms)", () => {
  const SECTIONS = [
    "Acceptance",
    "Description of Services",
    "User Responsibilities",
    "Intellectual Property",
    "Limitation of Liability",
    "Termination",
    "Payment Terms",
    "Service Level Agreement",
    "Governing Law",
    "Changes to Terms",
    "Contact Information",
  ];

  test("is dated January 15, 2024 and has the spec's sections in order", async ({ page }) => {
    await open(page, "/terms");
    await expect(page).toHaveTitle("Terms of Service | Arcbyte Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expect(page.getByText("Last updated January 15, 2024")).toBeVisible();
    await expect(page.locator("article h2")).toHaveText(SECTIONS);
    await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link")).toHaveText(SECTIONS);
  });

  test("states the payment terms, service levels, arbitration, change notice and legal contact", async ({ page }) => {
    await open(page, "/terms");
    const payment = (await section(page, "Payment Terms"))!;
    for (const term of ["50% project deposit", "Monthly services are billed in advance", "1.5% monthly late charge", "refunds within 30 days for unused services", "prices in USD excluding taxes"]) {
      expect(payment).toContain(term);
    }
    const sla = (await section(page, "Service Level Agreement"))!;
    expect(sla).toContain("99.9% uptime");
    expect(sla).toContain("24-hour support response");
    expect(await section(page, "Governing Law")).toContain("arbitration");
    expect(await section(page, "Changes to Terms")).toContain("30 days notice");
    const contact = (await section(page, "Contact Information"))!;
    expect(contact).toContain("within 5 business days");
    await expect(page.locator("article").getByRole("link", { name: site.contact.legalEmail })).toHaveAttribute("href", `mailto:${site.contact.legalEmail}`);
  });

  test("has no accessibility violations on a phone @mobile", async ({ page }) => {
    await open(page, "/terms");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("the footer links to both documents", async ({ page }) => {
  await open(page, "/");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await footer.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
});
