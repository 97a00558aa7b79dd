/**
 * Site-wide budgets on every public route (read from the built sitemap): status, head tags,
 * structured data, one h1, and axe with no violations, on desktop, and one route of each kind on a phone (@responsive).
 * Plus the sitemap, robots.txt and the security and caching headers of pages, assets and the API.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, expectNoAxeViolations, sharedPageTest, test } from "./fixtures.ts";
import { checkJsonLd } from "./structured-data.ts";

const sitemap = readFileSync("build/client/sitemap.xml", "utf8");
const origin = /<loc>(https:\/\/[^/<]+)/.exec(sitemap)![1]!;
const paths = [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);

/** A route's kind: the page file it is made from ("/services/:id" for every service), in its language. */
const pagePaths = new Set(readdirSync("content/pages").map((file) => (JSON.parse(readFileSync(path.join("content/pages", file), "utf8")) as { path: string }).path));
const kindOf = (route: string) => {
  const hindi = route === "/hi" || route.startsWith("/hi/");
  const rest = hindi ? route.slice(3) || "/" : route;
  const pattern = rest.replace(/\/[^/]+$/, "/:id");
  return `${hindi ? "hi" : "en"} ${pagePaths.has(rest) ? rest : pagePaths.has(pattern) ? pattern : rest}`;
};
/** On a phone, one route of each kind (the same page file lays them out alike); on a computer, every route. */
const onPhone = new Set([...new Map(paths.map((route) => [kindOf(route), route] as const)).values()]);

test.describe("every public route", () => {
  for (const route of paths) {
    // Each route its own test on each device, all in one page per worker: they only read.
    sharedPageTest(`${route} has its head tags, valid structured data, one h1 and no axe violations${onPhone.has(route) ? " @responsive" : ""}`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);

      const title = await page.title();
      expect(title.length).toBeGreaterThan(10);
      expect(title.length).toBeLessThanOrEqual(110);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThanOrEqual(50);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", origin + route);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\//);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
      expect(jsonLd.map((o) => o["@type"])).toContain("ProfessionalService");
      expect(checkJsonLd(jsonLd)).toEqual([]);

      await expectNoAxeViolations(page);
    });
  }
});

test("every page has a title of its own", async ({ request }) => {
  const titles = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    expect(titles.get(title), `${path} shares its title with ${titles.get(title)}`).toBeUndefined();
    titles.set(title, path);
  }
});

test("the sitemap lists public pages with a last-modified date, and never the admin or a not-found page", async ({ request }) => {
  expect(paths.length).toBeGreaterThan(30);
  expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/services", "/services/web-development", "/services/seo-services", "/contact", "/careers", "/privacy", "/terms", "/blog"]));
  expect(paths.some((p) => p.startsWith("/admin") || /404|not-found/.test(p))).toBe(false);
  expect(sitemap.match(/<url>/g)?.length).toBe(sitemap.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)?.length);
  const live = await request.get("/sitemap.xml");
  expect(live.status()).toBe(200);
  expect(live.headers()["content-type"]).toMatch(/xml/);
});

test("robots.txt keeps crawlers out of the admin and points at the sitemap", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Disallow: \/admin$/m);
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

test.describe("headers", () => {
  const common = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
  };

  test("pages: strict CSP allowing only their own inline scripts, revalidated caching", async ({ request }) => {
    const response = await request.get("/");
    expect(response.headers()).toMatchObject(common);
    const csp = response.headers()["content-security-policy"]!;
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers()["permissions-policy"]).toContain("camera=()");
    expect(response.headers()["cache-control"]).toBe("no-cache");
  });

  test("hashed assets are immutable for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const response = await request.get(asset);
    expect(response.status()).toBe(200);
    expect(response.headers()).toMatchObject({ ...common, "cache-control": "public, max-age=31536000, immutable" });
  });

  test("the API answers JSON that is never cached, with the same security headers", async ({ request }) => {
    const response = await request.post("/api/newsletter", { data: {} });
    expect(response.status()).toBe(400);
    expect(response.headers()).toMatchObject({ ...common, "cache-control": "no-store" });
    expect(response.headers()["content-type"]).toMatch(/application\/json/);
  });
});
