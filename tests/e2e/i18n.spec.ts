/**
 * The site in more than one language, in Chromium against the real server: Hindi published
 * with test translations of /about and the 404 page, and a right-to-left test locale (Arabic),
 * built by tests/e2e/i18n-site.ts into a copy of the project (its marked texts and the locale
 * only tests have are not for the real site; npm test builds it beforehand, global-setup.ts's
 * I18N_SITE_ENV). Each version says its language and direction, its
 * links stay in it, unknown paths under /hi/ get the Hindi 404, and the switcher links the
 * versions; nothing redirects by Accept-Language.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";
import { readyForm } from "./forms.ts";
import { I18N_SITE_ENV } from "./global-setup.ts";
import { PORTS } from "./ports.ts";

const PORT = PORTS.i18n;
const origin = `http://127.0.0.1:${PORT}`;
const ROOT = path.resolve(import.meta.dirname, "../..");
let dir: string;
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  // Inside the worktree (data/ is ignored), so the build and the server find node_modules.
  dir = mkdtempSync(path.join(ROOT, "data", "i18n-e2e-"));
  const built = process.env[I18N_SITE_ENV];
  if (!built) {
    const out = execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(import.meta.dirname, "i18n-site.ts"), dir], { encoding: "utf8" });
    console.log(out.trim().split("\n").at(-1));
  }
  const build = path.join(built ?? dir, "build");
  server = spawn(process.execPath, [path.join(build, "server.js")], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", BUILD_DIR: build, DATABASE_URL: `file:${path.join(dir, "site.db")}` },
    stdio: "inherit",
  });
  await expect.poll(async () => (await fetch(`${origin}/hi`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Internal links of the page, but the language switcher's. */
const internalLinks = (page: import("@playwright/test").Page) =>
  page.locator("a[href^='/']:not([hreflang])").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));

test("a Hindi page says its language, is canonical to itself with reciprocal alternates, and its links stay in Hindi", async ({ page }) => {
  const response = await page.goto(`${origin}/hi/about`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("हिन्दी:");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/hi\/about$/);
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((l) => l.map((e) => `${e.getAttribute("hreflang")} ${new URL(e.getAttribute("href")!).pathname}`));
  // Arabic's navigation and footer are English (its site config is not translated): its pages are all in fallback.
  expect(alternates).toEqual(["en /about", "hi /hi/about", "x-default /about"]);
  const links = await internalLinks(page);
  expect(links.length).toBeGreaterThan(10);
  expect(links.filter((href) => !href.startsWith("/hi"))).toEqual([]);
  // The shell's own texts from the Hindi catalogue.
  await expect(page.locator("header button[popovertarget]")).toHaveAttribute("aria-label", "मेन्यू");
});

test("links an island renders in the browser stay in Hindi: the services dropdown once opened", async ({ page }) => {
  await page.goto(`${origin}/hi/about`);
  await expect(page.locator("html")).toHaveAttribute("data-locale-prefix", "/hi");
  await page.getByTestId("services-menu").hover();
  const links = page.getByTestId("services-dropdown").getByRole("link");
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((list) => list.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs.filter((href) => !href.startsWith("/hi/services/"))).toEqual([]);
});

test("a Hindi page is accessible (axe)", async ({ page }) => {
  await page.goto(`${origin}/hi/about`);
  await expectNoAxeViolations(page);
});

test("/hi/ shows the Hindi navigation and the services' Hindi titles, and is accessible (axe)", async ({ page }) => {
  await page.goto(`${origin}/hi`);
  const navigation = page.getByRole("navigation").first();
  await expect(navigation.getByRole("link", { name: "हमारे बारे में" })).toHaveAttribute("href", "/hi/about");
  await expect(navigation.getByRole("link", { name: "About", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("footer").getByRole("link", { name: "वेब डेवलपमेंट" }).first()).toBeVisible();
  await expect(page.getByRole("main").getByText("वेब डेवलपमेंट").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

/** A form's stored submissions, as `npm run submissions -- export <form> --format json` gives them. */
const storedRow = (form: string, email: string) => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "export", form, "--format", "json"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "site.db")}` },
    encoding: "utf8",
  });
  return (JSON.parse(out) as Record<string, string>[]).find((r) => r.email === email);
};

test("every form on a Hindi page records the page's locale: the footer's newsletter too", async ({ page }) => {
  await page.goto(`${origin}/hi/about`);
  await waitForHydration(page);
  const form = await readyForm(page, "newsletter", page.locator("#footer-newsletter"));
  const email = `hi-news-${Date.now()}@example.com`;
  await form.getByRole("textbox").fill(email);
  await form.getByRole("button").click();
  await expect.poll(() => storedRow("newsletter", email), { timeout: 15_000 }).toMatchObject({ page_locale: "hi" });
});

test("the Hindi contact form shows its service choices in Hindi and stores the English one", async ({ page }) => {
  await page.goto(`${origin}/hi/contact`);
  await waitForHydration(page);
  const form = await readyForm(page, "contact");
  const email = `hi-${Date.now()}@example.com`;
  await form.getByLabel(/^पूरा नाम/).fill("अदा लवलेस");
  await form.getByLabel(/^ईमेल पता/).fill(email);
  await form.getByLabel(/^किस सेवा में रुचि है/).selectOption({ label: "क्लाउड और DevOps" });
  await form.getByLabel(/^संदेश/).fill("हमें क्लाउड माइग्रेशन की योजना चाहिए।");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "संदेश भेजें" }).click();
  await expect.poll(() => storedRow("contact", email), { timeout: 15_000 }).toMatchObject({ name: "अदा लवलेस", service: "Cloud & DevOps", page_locale: "hi" });
});

test("a page not translated yet is there under /hi/, in fallback: noindex and canonical to its English source", async ({ page }) => {
  const response = await page.goto(`${origin}/hi/services/web-development`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /[^i]\/services\/web-development$/);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  for (const path of ["/hi/blog", "/hi/privacy", "/hi/services/seo-services", "/hi/contact"]) expect((await fetch(origin + path)).status, path).toBe(200);
});

test("unknown paths under /hi/ get the Hindi not-found page with 404, and redirects stay in Hindi", async ({ page }) => {
  const response = await page.goto(`${origin}/hi/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("हिन्दी:");
  const redirect = await fetch(`${origin}/hi/seo-services`, { redirect: "manual" });
  expect([redirect.status, redirect.headers.get("location")]).toEqual([301, "/hi/services/seo-services"]);
});

test("the language switcher links the same page in each language, and nothing redirects by Accept-Language", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "Accept-Language": "hi-IN,hi;q=0.9" });
  const response = await page.goto(`${origin}/about`);
  expect(response?.status()).toBe(200);
  expect(page.url()).toBe(`${origin}/about`);
  const switcher = page.getByRole("list", { name: "Language" });
  await expect(switcher.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "page");
  await switcher.getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(`${origin}/hi/about`);
  await expect(page.getByRole("list", { name: "भाषा" }).getByRole("link", { name: "हिन्दी" })).toHaveAttribute("aria-current", "page");
});

test("the sitemap lists each translated version with its alternates, and no page in fallback", async () => {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  expect(xml).toContain('<xhtml:link rel="alternate" hreflang="hi" href="https://www.arcbyte.in/hi/about"/>');
  expect(xml).toContain("<loc>https://www.arcbyte.in/hi/about</loc>");
  expect(xml).not.toContain("<loc>https://www.arcbyte.in/hi/services/web-development</loc>");
});

test("a right-to-left locale is dir=rtl and its layout is mirrored", async ({ page }) => {
  const logoX = async (path: string) => {
    await page.goto(origin + path);
    const box = await page.getByRole("navigation").first().getByRole("link", { name: "Arcbyte Technologies" }).boundingBox();
    return box!.x + box!.width / 2;
  };
  const width = page.viewportSize()!.width;
  expect(await logoX("/about")).toBeLessThan(width / 2);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  expect(await logoX("/ar/about")).toBeGreaterThan(width / 2);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // The skip link sits at the start edge (inset-inline-start): the right in right-to-left.
  await page.keyboard.press("Tab");
  const skip = await page.getByRole("link", { name: "Skip to content" }).boundingBox();
  expect(skip!.x).toBeGreaterThan(width / 2);
});
