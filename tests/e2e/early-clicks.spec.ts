/**
 * Every click counts from the first paint (early-events.ts): on a phone-like Chromium (4x CPU
 * slowdown, slow 4G), each control is clicked as soon as the HTML has it, long before its
 * island's code has arrived, and its effect happens exactly once: the notice, the copied
 * link, the open menu, the chosen testimonial, a sign-up. (The studio's screens, the blog admin
 * among them, wait for who is signed in before they draw a control; what is typed into their
 * prerendered forms is kept: studio-early-input.spec.ts.)
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

const NOTICE = "This feature isn't implemented yet. It's coming soon!";
const POST = "/blog/rag-that-answers-from-your-documents";

test.describe.configure({ timeout: 180_000 });

/**
 * A slow phone for this page: Lighthouse's mobile throttling, by the DevTools protocol. Also
 * counted, from before the page's own scripts: each click on an island and whether that
 * island had hydrated then, and every toast that appears.
 */
async function slowPhone(page: Page, context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __clicks: { island: string; hydrated: boolean }[]; __toasts: number };
    w.__clicks = [];
    w.__toasts = 0;
    addEventListener(
      "click",
      (event) => {
        const island = event.isTrusted && event.target instanceof Element ? event.target.closest("site-island") : null;
        if (island) w.__clicks.push({ island: island.getAttribute("data-island")!, hydrated: island.hasAttribute("data-hydrated") });
      },
      true,
    );
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element) w.__toasts += Number(node.matches("[data-testid=toast]")) + node.querySelectorAll("[data-testid=toast]").length;
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/**
 * Holds the island's own chunk back until `release()`: on a fast enough machine the click
 * could otherwise come after an island that hydrates at once (the admin) or as soon as it
 * is reached for (a form, focused to type in it), and the early path would go untested.
 */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens the page and returns as soon as its HTML starts to arrive: nothing has run yet. */
const arrive = (page: Page, path: string) => page.goto(path, { waitUntil: "commit" });

/** The clicks on islands so far: the first was made before its island had hydrated. */
async function expectClickedBeforeHydration(page: Page, island: string) {
  const clicks = await page.evaluate(() => (window as unknown as { __clicks: { island: string; hydrated: boolean }[] }).__clicks);
  expect(clicks[0]).toEqual({ island, hydrated: false });
}

const toastsShown = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: number }).__toasts);

/** Waits until nothing more can come of the click: the page's islands and its network are settled. */
async function settled(page: Page) {
  await waitForHydration(page, 120_000);
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  await page.waitForTimeout(1000);
}

for (const [path, name] of [["/", "Get Started"], ["/", "Start Your Project"], ["/services/web-development", "Get Free Quote"]] as const) {
  test(`${name} on ${path} shows the notice once`, async ({ page, context }) => {
    await slowPhone(page, context);
    await arrive(page, path);
    await page.getByRole("main").getByRole("button", { name }).first().click();
    await expectClickedBeforeHydration(page, "notice-action");
    await expect(page.getByTestId("toast")).toContainText(NOTICE, { timeout: 60_000 });
    await settled(page);
    expect(await toastsShown(page)).toBe(1);
  });
}

test("Get Started, pressed with the keyboard before its code has arrived, shows the notice once", async ({ page, context }) => {
  await slowPhone(page, context);
  const release = await holdChunk(page, "NoticeAction");
  await arrive(page, "/");
  // Enter on a button is the browser's click: kept like any other.
  await page.getByRole("main").getByRole("button", { name: "Get Started" }).press("Enter");
  await expectClickedBeforeHydration(page, "notice-action");
  release();
  await expect(page.getByTestId("toast")).toContainText(NOTICE, { timeout: 60_000 });
  await settled(page);
  expect(await toastsShown(page)).toBe(1);
});

test("a link clicked before start-up is followed at once, by the browser", async ({ page, context }) => {
  await slowPhone(page, context);
  await page.route(/\/assets\/[^/]+\.js$/, () => undefined); // no script ever arrives
  await arrive(page, "/");
  await page.getByRole("main").getByRole("link", { name: "View Services" }).click();
  await expect(page).toHaveURL("/services", { timeout: 60_000 });
});

test("Get Quote goes to /contact and the notice shows there once", async ({ page, context }) => {
  await slowPhone(page, context);
  await arrive(page, "/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get Quote" }).click();
  await expect(page).toHaveURL("/contact", { timeout: 60_000 });
  await expect(page.getByTestId("toast")).toContainText(NOTICE, { timeout: 60_000 });
  await settled(page);
  expect(await toastsShown(page)).toBe(1);
});

test("Share Article copies the post's link once", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await context.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
  await slowPhone(page, context);
  await arrive(page, POST);
  await page.getByRole("button", { name: "Share Article" }).click();
  await expectClickedBeforeHydration(page, "share-article");
  await expect(page.getByTestId("toast")).toContainText("Link copied!", { timeout: 60_000 });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${POST}$`));
  await settled(page);
  expect(await toastsShown(page)).toBe(1);
});

test("a testimonial's dot shows that testimonial", async ({ page, context }) => {
  await slowPhone(page, context);
  // Time stands still: the carousel does not move on by itself while the test looks.
  await page.clock.install({ time: new Date("2026-03-02T10:00:00") });
  await page.clock.pauseAt(new Date("2026-03-02T10:00:01"));
  // The carousel hydrates as soon as it comes into view, which the click itself brings about.
  const release = await holdChunk(page, "TestimonialCarousel");
  await arrive(page, "/");
  const dot = page.getByRole("button", { name: "Show testimonial 3 of 3" });
  await dot.click();
  await expectClickedBeforeHydration(page, "testimonials");
  release();
  await expect(dot).toHaveAttribute("aria-current", "true", { timeout: 60_000 });
  await expect(page.locator("[aria-roledescription=slide][data-active]")).toHaveAttribute("aria-label", "3 of 3");
});

test("a sign-up sent before the form's code arrived is sent once", async ({ page, context }) => {
  await slowPhone(page, context);
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/newsletter" && posts.push(r.url()));
  const release = await holdChunk(page, "ContentForm");
  await arrive(page, "/about");
  const form = page.locator("#footer-newsletter form");
  const address = `e2e-early-${Date.now()}@example.com`;
  await form.getByRole("textbox", { name: "Email address" }).fill(address);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expectClickedBeforeHydration(page, "content-form");
  release();
  await expect(page.getByTestId("toast")).toContainText("Subscribed!", { timeout: 90_000 });
  await settled(page);
  expect(posts).toHaveLength(1);
  expect(await toastsShown(page)).toBe(1);
});

test("the mobile menu opens on the first tap @mobile", async ({ page, context }) => {
  await slowPhone(page, context);
  await arrive(page, "/");
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect(page.getByTestId("mobile-menu")).toBeVisible();
  await settled(page);
  await expect(page.getByTestId("mobile-menu")).toBeVisible();
});
