/**
 * The real site's Hindi blog and translated paths, in Chromium against the built site: /hi/blog
 * lists the Hindi posts only, a Hindi post is an indexable version of its English post, the
 * language switcher links the two, the Hindi contact page lives at its own path /hi/sampark
 * (the English path under /hi/ answers 301), and a "Coming Soon" notice on a Hindi page shows
 * the Hindi site config's text; an English post under /hi/ says it is in English, and a
 * not-found page's switcher leads to the same path; Hindi is drawn in a Devanagari face, not
 * as boxes (the fonts the browser used, as CDP reports them). Content: content/blog/posts/hi/,
 * content/translations/hi/.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, fontsDrawing, test, waitForHydration } from "./fixtures.ts";

const HINDI_POSTS = ["core-web-vitals-field-guide", "image-optimisation-that-pays-off", "progressive-web-apps-for-field-teams"];
const POST = "/blog/core-web-vitals-field-guide";

const alternates = (page: Page) =>
  page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => `${l.getAttribute("hreflang")} ${new URL(l.getAttribute("href")!).pathname}`));
const switcher = (page: Page) => page.getByTestId("language-switcher").getByRole("link");

test("/hi/blog lists the Hindi posts only, in Hindi, and is accessible (axe)", async ({ page }) => {
  await page.goto("/hi/blog");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const cards = page.getByTestId("post-card");
  await expect(cards).toHaveCount(HINDI_POSTS.length);
  await expect(page.getByTestId("article-count")).toHaveText(`${HINDI_POSTS.length} लेख दिखाए जा रहे हैं`);
  const links = await cards.getByRole("heading").getByRole("link").evaluateAll((list) => list.map((a) => a.getAttribute("href")!));
  expect(links.sort()).toEqual(HINDI_POSTS.map((slug) => `/hi/blog/${slug}`));
  for (const title of await cards.getByRole("heading").allTextContents()) expect(title).toMatch(/[\u0900-\u097F]/);
  // Its screenshots and axe read letters: the heading's Devanagari drawn by a face that has it (the site's, or CI's Lohit).
  const fonts = await fontsDrawing(page, "main h1");
  expect(fonts.filter((f) => /devanagari/i.test(f.familyName)).reduce((n, f) => n + f.glyphCount, 0), JSON.stringify(fonts)).toBeGreaterThan(5);
  await expectNoAxeViolations(page);
});

test("a Hindi post is indexable, canonical to itself, with reciprocal alternates to its English post, and accessible (axe)", async ({ page }) => {
  const response = await page.goto(`/hi${POST}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2025 में Core Web Vitals: एक व्यावहारिक गाइड");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/hi${POST}$`));
  const expected = [`en ${POST}`, `hi /hi${POST}`, `x-default ${POST}`];
  expect(await alternates(page)).toEqual(expected);
  await page.goto(POST);
  expect(await alternates(page)).toEqual(expected);
  await page.goto(`/hi${POST}`);
  await expectNoAxeViolations(page);
});

test("the language switcher on a post leads from the English post to its Hindi translation and back", async ({ page }) => {
  await page.goto(POST);
  await expect(switcher(page)).toHaveText(["English", "हिन्दी"]);
  await switcher(page).filter({ hasText: "हिन्दी" }).click();
  await expect(page).toHaveURL(new RegExp(`/hi${POST}$`));
  await expect(switcher(page).filter({ hasText: "English" })).toHaveAttribute("href", POST);
  // An English post with no Hindi translation offers the nearest Hindi page: the Hindi blog.
  await page.goto("/blog/checkout-friction-audit");
  await expect(page.getByTestId("language-switcher").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi/blog");
});

test("the Hindi contact page is at /hi/sampark: /hi/contact redirects there, Hindi links and the switcher lead there", async ({ page, request }) => {
  const moved = await request.get("/hi/contact", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/hi/sampark");
  await page.goto("/hi/about");
  await expect(page.locator('header a[href="/hi/sampark"]').first()).toBeAttached();
  expect(await page.locator('a[href="/hi/contact"], a[href="/contact"]:not([hreflang])').count()).toBe(0);
  await page.goto("/contact");
  await switcher(page).filter({ hasText: "हिन्दी" }).click();
  await expect(page).toHaveURL(/\/hi\/sampark$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/hi\/sampark$/);
  await expect(switcher(page).filter({ hasText: "English" })).toHaveAttribute("href", "/contact");
  await expectNoAxeViolations(page);
});

test("a Coming Soon notice on a Hindi page shows the Hindi site config's text", async ({ page }) => {
  await page.goto("/hi/services/web-development");
  await waitForHydration(page);
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await header.getByRole("button", { name: "मुफ़्त कोटेशन पाएँ" }).click();
  await expect(page.getByText("जल्द आ रहा है", { exact: true })).toBeVisible();
  await expect(page.getByText("यह सुविधा अभी उपलब्ध नहीं है। यह जल्द ही आएगी!", { exact: true })).toBeVisible();
  await expect(page.getByText("Coming Soon", { exact: true })).toHaveCount(0);
});

test("an English post under /hi says it is in English (the note in Hindi, the post marked lang=en), is noindex, and is accessible (axe)", async ({ page }) => {
  const response = await page.goto("/hi/blog/accessible-forms-checklist");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("note")).toHaveText("इस पेज का अनुवाद अभी नहीं हुआ है: इसका पाठ अंग्रेज़ी में दिखाया गया है।");
  await expect(page.locator('div[lang="en"]').getByTestId("blog-post")).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(page);
});

test("the language switcher of a not-found page leads to the same path in the other language", async ({ page }) => {
  const response = await page.goto("/hi/no-such-page?x=1");
  expect(response?.status()).toBe(404);
  expect(await switcher(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["/no-such-page?x=1", "/hi/no-such-page?x=1"]);
  await page.goto("/no-such-page");
  expect(await switcher(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["/no-such-page", "/hi/no-such-page"]);
});
