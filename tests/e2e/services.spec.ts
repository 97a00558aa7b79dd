/** Services list, service detail pages, the SEO page and the not-found pages (spec §2). */
import type { Page } from "@playwright/test";
import { seoServices, serviceDetails } from "./content.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";

const NOTICE = { title: "Coming Soon", description: "This feature isn't implemented yet. It's coming soon!" };
const catalogue = serviceDetails.filter((s) => s.id !== "seo-services");
const WITH_EXTRA_SECTION = ["AI/ML Development", "Web Development", "Software Development", "Cloud & DevOps"];

async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), `HTTP status of ${path}`).toBe(status);
  await waitForHydration(page);
}

/** The browser logs the 404 status of a not-found document itself; that line is expected. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

test.describe("services list (/services)", () => {
  test("shows every catalogue service with its description, first 4 key features and a Learn More link", async ({ page }) => {
    await open(page, "/services");
    await expect(page).toHaveTitle("Our Services | Arcbyte Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
    const cards = page.locator("main section").filter({ has: page.getByRole("heading", { name: "Solutions for Every Stage of Your Business" }) }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(serviceDetails.length);
    for (const [i, s] of serviceDetails.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(s.title);
      await expect(card).toContainText(s.description);
      await expect(card.getByRole("listitem")).toHaveText(s.features.slice(0, 4));
      await expect(card.getByRole("link", { name: `Learn More: ${s.title}` })).toHaveAttribute("href", `/services/${s.id}`);
    }
  });

  test("shows the four-step process, six reasons and the closing call to action", async ({ page }) => {
    await open(page, "/services");
    const process = page.locator("section#process");
    await expect(process.getByRole("heading", { level: 3 })).toHaveText(["Discovery & Planning", "Design & Prototyping", "Development & Testing", "Deployment & Support"]);
    await expect(process.getByRole("listitem")).toContainText(["01", "02", "03", "04"]);
    const reasons = page.locator("section").filter({ has: page.getByRole("heading", { name: "Why Choose Our Services" }) });
    await expect(reasons.getByRole("heading", { level: 3 })).toHaveCount(6);
    const cta = page.locator("section").filter({ has: page.getByRole("heading", { name: "Ready to start your project?" }) });
    await expect(cta.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute("href", "/contact");
    await expect(cta.getByRole("link", { name: "Learn More About Us" })).toHaveAttribute("href", "/about");
    await cta.getByRole("link", { name: "Learn More About Us" }).click();
    await expect(page).toHaveURL("/about");
  });

  test("Learn More opens the service's page", async ({ page }) => {
    await open(page, "/services");
    await page.getByRole("link", { name: "Learn More: Cloud & DevOps" }).click();
    await expect(page).toHaveURL("/services/cloud-devops");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cloud & DevOps");
  });

  test("has no accessibility violations", async ({ page }) => {
    await open(page, "/services");
    await expectNoAxeViolations(page);
  });
});

test.describe("service detail (/services/{id})", () => {
  test("every catalogue service has a page with its title, subtitle, description and meta", async ({ request }) => {
    expect(catalogue).toHaveLength(14);
    for (const s of catalogue) {
      const response = await request.get(`/services/${s.id}`);
      expect(response.status(), s.id).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${escapeHtml(s.title)} | Arcbyte Technologies</title>`);
      expect(html).toContain(`<meta name="description" content="${escapeHtml(s.subtitle)}"/>`);
      // Rendered elements, not the page data embedded in the HTML.
      expect(html).toContain(`>${escapeHtml(s.description)}</p>`);
      // The extra section only for the four services the spec names.
      expect(Boolean(s.highlights), `${s.title} has an extra section`).toBe(WITH_EXTRA_SECTION.includes(s.title));
      if (s.highlights) expect(html).toContain(`>${escapeHtml(s.highlights.heading.title)}</h2>`);
      const extraHeadings = serviceDetails.flatMap((x) => (x.highlights && x.id !== s.id ? [x.highlights.heading.title] : []));
      for (const other of extraHeadings) expect(html).not.toContain(`>${escapeHtml(other)}</h2>`);
      // Pricing where the service has it.
      expect(html.includes(">Pricing Plans</h2>"), `${s.title} shows pricing`).toBe(s.pricing !== undefined);
    }
  });

  test("Web Development: hero actions, extra section, features, technologies, numbered steps, closing CTA", async ({ page }) => {
    const s = serviceDetails.find((x) => x.id === "web-development")!;
    await open(page, "/services/web-development");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Development");
    await expect(page.getByText(s.subtitle)).toBeVisible();
    await expect(page.getByText(s.description)).toBeVisible();

    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await header.getByRole("button", { name: "Get Free Quote" }).click();
    await expect(page.getByText(NOTICE.title, { exact: true })).toBeVisible();
    await expect(page.getByText(NOTICE.description, { exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");

    const extra = page.locator("section").filter({ has: page.getByRole("heading", { name: s.highlights!.heading.title }) });
    await expect(extra.getByRole("heading", { level: 3 })).toHaveText(s.highlights!.items.map((i) => i.title));

    const features = page.locator("section").filter({ has: page.getByRole("heading", { name: "Key Features" }) });
    await expect(features.getByRole("list").first().getByRole("listitem")).toHaveText(s.features);
    await expect(features.getByRole("list").nth(1).getByRole("listitem")).toHaveText(s.technologies);

    const steps = page.locator("section").filter({ has: page.getByRole("heading", { name: "Our Process" }) }).locator("ol > li");
    await expect(steps).toHaveCount(s.process.length);
    for (const [i, name] of s.process.entries()) {
      await expect(steps.nth(i)).toContainText(`${String(i + 1).padStart(2, "0")}${name}`);
    }
    await expect(page.getByRole("heading", { name: "Pricing Plans" })).toHaveCount(0);

    const cta = page.locator("section").filter({ has: page.getByRole("heading", { name: "Let's talk about your project" }) });
    await cta.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL("/contact");
  });

  test("Cloud & DevOps shows its three pricing tiers", async ({ page }) => {
    const s = serviceDetails.find((x) => x.id === "cloud-devops")!;
    await open(page, "/services/cloud-devops");
    const tiers = page.locator("section").filter({ has: page.getByRole("heading", { name: "Pricing Plans" }) }).locator("ul").first().locator("> li");
    await expect(tiers).toHaveCount(3);
    for (const [i, tier] of [s.pricing!.basic, s.pricing!.standard, s.pricing!.premium].entries()) {
      await expect(tiers.nth(i).getByRole("heading", { level: 3 })).toHaveText(tier.name);
      for (const f of tier.features) await expect(tiers.nth(i)).toContainText(f);
    }
    await expect(tiers.nth(0)).toContainText("$5,000+");
    await expect(tiers.nth(1)).toContainText("$15,000+");
    await expect(tiers.nth(2)).toContainText("$8,000+/mo");
  });

  test("publishes Service and BreadcrumbList structured data", async ({ page }) => {
    await open(page, "/services/web-development");
    const data = await jsonLd(page);
    expect(data.find((d) => d["@type"] === "Service")).toMatchObject({
      name: "Web Development",
      url: "https://www.arcbyte.in/services/web-development",
      provider: { "@id": "https://www.arcbyte.in/#organization" },
    });
    expect(data.find((d) => d["@type"] === "BreadcrumbList")?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.arcbyte.in/" },
      { "@type": "ListItem", position: 2, name: "Our Services", item: "https://www.arcbyte.in/services" },
      { "@type": "ListItem", position: 3, name: "Web Development", item: "https://www.arcbyte.in/services/web-development" },
    ]);
  });

  test("has no accessibility violations (AI/ML Development, with every section)", async ({ page }) => {
    await open(page, "/services/ai-development");
    await expectNoAxeViolations(page);
  });

  test("has no accessibility violations on a phone (Quality Assurance, with pricing) @mobile", async ({ page }) => {
    await open(page, "/services/quality-assurance");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quality Assurance");
    await expect(page.getByText("Contact Us", { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("not found", () => {
  test("an unknown service id answers 404 with Service Not Found and a way back to the services", async ({ page }) => {
    await open(page, "/services/unknown-id", 404);
    await expect(page).toHaveURL("/services/unknown-id");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Not Found");
    await expect(page.getByText("The service you are looking for does not exist or may have been renamed.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
  });

  test("an unknown path anywhere else answers 404 with the site's not-found page", async ({ page }) => {
    await open(page, "/does-not-exist", 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("SEO services page (/services/seo-services)", () => {
  test("hero, six SEO services, four reasons, four numbered steps and a closing call to action", async ({ page }) => {
    await open(page, "/services/seo-services");
    await expect(page).toHaveTitle("SEO Services | Arcbyte Technologies");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /SEO/);
    const hero = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByRole("link", { name: "Get a Free SEO Audit" })).toHaveAttribute("href", "/contact");

    const servicesSection = page.locator("section").filter({ has: page.getByRole("heading", { name: "Our SEO Services" }) });
    expect(seoServices.map((s) => s.title)).toEqual(["On-Page SEO", "Technical SEO", "Off-Page SEO", "Local SEO", "SEO Audits", "Content Strategy"]);
    await expect(servicesSection.getByRole("heading", { level: 3 })).toHaveText(seoServices.map((s) => s.title));
    for (const s of seoServices) await expect(servicesSection).toContainText(s.description);

    const why = page.locator("section").filter({ has: page.getByRole("heading", { name: "Why Choose Us" }) });
    await expect(why.getByRole("heading", { level: 3 })).toHaveCount(4);

    const steps = page.locator("section#seo-process ol > li");
    await expect(steps).toHaveText([/^01SEO Audit & Research/, /^02Strategy & Planning/, /^03Implementation/, /^04Monitoring & Reporting/]);

    const cta = page.locator("section").filter({ has: page.getByRole("heading", { name: "Find out what is holding your rankings back" }) });
    await expect(cta.getByRole("link", { name: "Get a Free SEO Audit" })).toHaveAttribute("href", "/contact");
    await cta.getByRole("link", { name: "Get a Free SEO Audit" }).click();
    await expect(page).toHaveURL("/contact");
  });

  test("publishes Service structured data", async ({ page }) => {
    await open(page, "/services/seo-services");
    expect((await jsonLd(page)).find((d) => d["@type"] === "Service")).toMatchObject({
      name: "SEO Services",
      provider: { "@id": "https://www.arcbyte.in/#organization" },
    });
  });

  test("has no accessibility violations", async ({ page }) => {
    await open(page, "/services/seo-services");
    await expectNoAxeViolations(page);
  });
});

function escapeHtml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
