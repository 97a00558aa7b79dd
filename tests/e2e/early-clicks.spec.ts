/**
 * Every click counts from the first paint (src/runtime/early-clicks.ts). On a phone-like
 * Chromium (4x CPU slowdown, a slow 4G network), each control is clicked as soon as the HTML is
 * parsed, and its effect happens once: the notice, the copied link, the open menu, the
 * chosen testimonial, the switched admin tab.
 *
 * Each control is clicked twice over: once while its code is held back (so the click is
 * certainly early: the test checks the page kept it), and once in a plain race with the page
 * starting up.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { test as adminTest } from "./admin-server.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

const NOTICE = "This feature isn't implemented yet. It's coming soon!";
const POST = "/blog/rag-that-answers-from-your-documents";

test.describe.configure({ timeout: 120_000 });

/** Lighthouse's mobile throttling by the DevTools protocol, and a count of every toast shown. */
async function slowPhone(page: Page, context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __toasts: number };
    w.__toasts = 0;
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
 * Holds back the scripts matching `pattern` (all of the app's, or one block's chunk) until
 * `release()`: the click then certainly comes before the code it needs.
 */
async function holdScripts(page: Page, pattern: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const ALL_SCRIPTS = /\/assets\/[^/]+\.js$/;
const chunk = (name: string) => new RegExp(`/assets/${name}-[^/]+\\.js$`);

/** Opens the page and returns as soon as its HTML has been parsed. */
const arrive = (page: Page, path: string) => page.goto(path, { waitUntil: "domcontentloaded" });

const kept = (page: Page) => page.evaluate(() => (window as { __earlyClicks?: { held(): number } }).__earlyClicks?.held());
const toastsShown = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: number }).__toasts);

/** Waits until nothing more can come of the click: the page has hydrated and its network is quiet. */
async function settled(page: Page) {
  await waitForHydration(page, 90_000);
  await page.waitForLoadState("networkidle", { timeout: 90_000 });
  await page.waitForTimeout(1000);
}

/** Clicks `control` early; with `release` (its code held back), checks the click was kept, then lets the code come. */
async function clickEarly(page: Page, control: ReturnType<Page["getByRole"]>, release: (() => void) | undefined) {
  await control.click();
  if (release) {
    expect(await kept(page), "the click was kept while its code was held back").toBe(1);
    release();
  }
}

for (const hold of [true, false]) {
  const how = hold ? "while its code is held back" : "as the page starts";
  for (const [path, name] of [["/", "Get Started"], ["/", "Start Your Project"], ["/services/web-development", "Get Free Quote"]] as const) {
    test(`${name} on ${path}, clicked ${how}, shows the notice once`, async ({ page, context }) => {
      await slowPhone(page, context);
      // Start Your Project is in the closing call to action (the Cta chunk), Get Free Quote in the service's hero.
      const blockChunk = { "Get Started": chunk("Hero"), "Start Your Project": chunk("Cta"), "Get Free Quote": chunk("ServiceHero") }[name];
      const release = hold ? await holdScripts(page, blockChunk) : undefined;
      await arrive(page, path);
      await clickEarly(page, page.getByRole("main").getByRole("button", { name }), release);
      await expect(page.getByTestId("toast")).toContainText(NOTICE, { timeout: 60_000 });
      await settled(page);
      expect(await toastsShown(page)).toBe(1);
    });
  }

  test(`Share Article, clicked ${how}, copies the post's link once`, async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // The copy path (a phone's share sheet cannot be seen by a test).
    await context.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
    await slowPhone(page, context);
    const release = hold ? await holdScripts(page, chunk("BlogPost")) : undefined;
    await arrive(page, POST);
    await clickEarly(page, page.getByRole("button", { name: "Share Article" }), release);
    await expect(page.getByTestId("toast")).toContainText("Link copied!", { timeout: 60_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(POST, page.url()).href);
    await settled(page);
    expect(await toastsShown(page)).toBe(1);
  });

  test(`a testimonial's dot, clicked ${how}, shows that testimonial`, async ({ page, context }) => {
    await slowPhone(page, context);
    // Time stands still: the carousel does not move on by itself while the test looks.
    await page.clock.install({ time: new Date("2026-03-02T10:00:00") });
    await page.clock.pauseAt(new Date("2026-03-02T10:00:01"));
    const release = hold ? await holdScripts(page, chunk("Testimonials")) : undefined;
    await arrive(page, "/");
    const dot = page.getByRole("button", { name: "Show testimonial 3 of 3" });
    await clickEarly(page, dot, release);
    await expect(dot).toHaveAttribute("aria-current", "true", { timeout: 60_000 });
    await waitForHydration(page, 90_000);
    await expect(dot).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("button", { name: "Show testimonial 1 of 3" })).not.toHaveAttribute("aria-current");
  });

  test(`the menu button, tapped ${how}, opens the menu once @mobile`, async ({ page, context }) => {
    await slowPhone(page, context);
    // The shell's code is the app's: hold all of it.
    const release = hold ? await holdScripts(page, ALL_SCRIPTS) : undefined;
    await arrive(page, "/");
    await clickEarly(page, page.getByRole("button", { name: "Open menu" }), release);
    await expect(page.getByTestId("mobile-menu")).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expect(page.getByTestId("mobile-menu")).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  });
}

test("Get Started, pressed with the keyboard before its code has arrived, shows the notice once", async ({ page, context }) => {
  await slowPhone(page, context);
  const release = await holdScripts(page, chunk("Hero"));
  await arrive(page, "/");
  // Enter on a button is the browser's click: kept like any other.
  await page.getByRole("main").getByRole("button", { name: "Get Started" }).press("Enter");
  expect(await kept(page)).toBe(1);
  release();
  await expect(page.getByTestId("toast")).toContainText(NOTICE, { timeout: 60_000 });
  await settled(page);
  expect(await toastsShown(page)).toBe(1);
});

test("a link clicked before start-up is followed at once, by the browser", async ({ page, context }) => {
  await slowPhone(page, context);
  const release = await holdScripts(page, ALL_SCRIPTS);
  await arrive(page, "/");
  await page.getByRole("main").getByRole("link", { name: "View Services" }).click();
  await expect(page).toHaveURL("/services");
  expect(await kept(page)).toBe(0);
  release();
});

adminTest("the admin's Categories tab, chosen before start-up, is the tab shown", async ({ page, context, admin }) => {
  adminTest.setTimeout(120_000);
  await slowPhone(page, context);
  const release = await holdScripts(page, ALL_SCRIPTS);
  await arrive(page, `${admin.url}/admin#key=${admin.key}`);
  const categories = page.getByRole("tab", { name: /^Categories/ });
  await categories.click();
  expect(await kept(page)).toBe(1);
  release();
  await expect(categories).toHaveAttribute("aria-selected", "true", { timeout: 60_000 });
  await expect(page.getByTestId("admin")).toHaveAttribute("data-state", "loaded", { timeout: 60_000 });
  await expect(page.getByTestId("admin-category-table")).toBeVisible();
});
