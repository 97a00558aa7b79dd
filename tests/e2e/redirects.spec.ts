/** Old service paths redirect permanently to the canonical service pages (spec §2, Redirects). */
import { redirects } from "./content.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

// The spec's redirect table, plus /seo-services, which the mobile menu and footer link to.
const SPEC_REDIRECTS: [string, string][] = [
  ["/app-development", "/services/mobile-development"],
  ["/android-app-development", "/services/mobile-development"],
  ["/website-development", "/services/web-development"],
  ["/wordpress-development", "/services/web-development"],
  ["/influencer-marketing", "/services/digital-marketing"],
  ["/saas-software-development", "/services/software-development"],
  ["/shopify-development-services", "/services/ecommerce-development"],
  ["/seo-services", "/services/seo-services"],
];

test("the redirect table covers every redirect the spec names", () => {
  const table = new Map(redirects.map((r) => [r.from, r.to]));
  for (const [from, to] of SPEC_REDIRECTS) expect(table.get(from), from).toBe(to);
});

test.describe("the server answers each redirect with 301 to a page that answers 200", () => {
  for (const { from, to } of redirects) {
    test(`${from} → ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()["location"]!, "http://site.invalid").pathname).toBe(to);
      const target = await request.get(to, { maxRedirects: 0 });
      expect(target.status()).toBe(200);
    });
  }
});

test("a redirect keeps the query string", async ({ request }) => {
  const response = await request.get("/app-development?utm_source=newsletter", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toMatch(/\/services\/mobile-development\?utm_source=newsletter$/);
});

test("a full page load of a redirect source lands on the target page", async ({ page }) => {
  const response = await page.goto("/wordpress-development");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL("/services/web-development");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Development");
});

test("the footer's SEO Services link goes straight to the SEO page, not through its old path's redirect", async ({ page }) => {
  await page.goto("/about");
  const link = page.getByRole("contentinfo").getByRole("link", { name: "SEO Services", exact: true });
  await expect(link).toHaveAttribute("href", "/services/seo-services");
  await link.click();
  await expect(page).toHaveURL("/services/seo-services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Found by Customers Who Are Searching for You");
});

test("the mobile menu's SEO Services link lands on the SEO page @mobile", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SEO Services" });
  await expect(link).toHaveAttribute("href", "/services/seo-services");
  await link.click();
  // The address changes once the SEO page's code has loaded: on a CI machine busy with a second worker, more than 5 s.
  await expect(page).toHaveURL("/services/seo-services", { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
