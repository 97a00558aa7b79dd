/** The persistent elements around every page (spec §2, "Persistent elements"). */
import type { Page } from "@playwright/test";
import { services } from "./content.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";

const NOTICE = { title: "Coming Soon", description: "This feature isn't implemented yet. It's coming soon!" };

async function open(page: Page, path = "/") {
  await page.goto(path);
  await waitForHydration(page);
}

const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);

test.describe("navigation bar", () => {
  test("links to Home, About, Services, Blog and Contact", async ({ page }) => {
    await open(page, "/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [["Home", "/"], ["About", "/about"], ["Services", "/services"], ["Blog", "/blog"], ["Contact", "/contact"]] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("turns translucent once the page is scrolled more than 50 px", async ({ page }) => {
    await open(page);
    const bar = page.getByTestId("navbar");
    await expect(bar).toHaveAttribute("data-scrolled", "false");
    await scrollTo(page, 40);
    await expect(bar).toHaveAttribute("data-scrolled", "false");
    // Solid at the top (its white links read on any page), glass-like once scrolled.
    await expect(bar).toHaveCSS("background-color", "rgb(23, 33, 76)");
    await expect(bar).toHaveCSS("backdrop-filter", "none");
    await scrollTo(page, 60);
    await expect(bar).toHaveAttribute("data-scrolled", "true");
    await expect(bar).toHaveCSS("background-color", "rgba(23, 33, 76, 0.82)");
    await expect(bar).toHaveCSS("backdrop-filter", /blur/);
    await scrollTo(page, 50);
    await expect(bar).toHaveAttribute("data-scrolled", "false");
    await scrollTo(page, 0);
    await expect(bar).toHaveAttribute("data-scrolled", "false");
    await expect(bar).toHaveCSS("background-color", "rgb(23, 33, 76)");
  });

  test("Services opens a two-column dropdown of the whole catalogue on hover", async ({ page }) => {
    await open(page);
    const dropdown = page.getByTestId("services-dropdown");
    await expect(dropdown).toBeHidden();
    await page.getByTestId("services-menu").hover();
    await expect(dropdown).toBeVisible();
    const links = dropdown.getByRole("link");
    expect(services).toHaveLength(15);
    await expect(links).toHaveText(services.map((s) => s.title));
    for (const [i, s] of services.entries()) await expect(links.nth(i)).toHaveAttribute("href", `/services/${s.id}`);
    await expect(dropdown.getByRole("link", { name: "SEO Services" })).toHaveAttribute("href", "/services/seo-services");
    const columns = await dropdown.getByRole("list").evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(2);
    // Leaving closes it.
    await page.mouse.move(640, 600);
    await expect(dropdown).toBeHidden();
  });

  test("the dropdown works by keyboard: Enter on the arrow button opens it, Escape closes it", async ({ page }) => {
    await open(page);
    const toggle = page.getByRole("button", { name: "Services menu" });
    const dropdown = page.getByTestId("services-dropdown");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(dropdown).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dropdown.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dropdown).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("Get Quote goes to /contact at once without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get Quote" }).click();
    await expect(page).toHaveURL("/contact");
    await context.close();
  });

  test("Get Quote goes to /contact and shows the not-implemented notice", async ({ page }) => {
    await open(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get Quote" }).click();
    await expect(page).toHaveURL("/contact");
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(NOTICE.title);
    await expect(toast).toContainText(NOTICE.description);
  });
});

/** The expanded state the browser tells assistive technology (a popover's button has no aria-expanded of its own). */
async function expandedState(page: Page, selector: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    return nodes[0]?.properties?.find((p) => p.name === "expanded")?.value.value ?? false;
  } finally {
    await cdp.detach();
  }
}

test.describe("mobile menu @mobile", () => {
  test("is a toggled panel with every link, SEO Services included; it works without any script", async ({ page }) => {
    await open(page);
    const menu = page.getByTestId("mobile-menu");
    const button = page.getByRole("button", { name: "Menu", exact: true });
    await expect(menu).toBeHidden();
    expect(await expandedState(page, "[popovertarget=mobile-menu]")).toBe(false);
    await button.click();
    await expect(menu).toBeVisible();
    expect(await expandedState(page, "[popovertarget=mobile-menu]")).toBe(true);
    for (const [name, href] of [["Home", "/"], ["About", "/about"], ["Services", "/services"], ["Blog", "/blog"], ["Contact", "/contact"], ["SEO Services", "/services/seo-services"]] as const) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    // The bar is glass-like while the menu is open, as when the page is scrolled.
    await expect(page.getByTestId("navbar")).toHaveCSS("background-color", "rgba(23, 33, 76, 0.82)");
    await button.click();
    await expect(menu).toBeHidden();
    await button.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("opens and closes all the same", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect(page.getByTestId("mobile-menu").getByRole("link", { name: "SEO Services" })).toBeVisible();
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect(page.getByTestId("mobile-menu")).toBeHidden();
    });
  });

  test("closes when a link is followed", async ({ page }) => {
    await open(page);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByTestId("mobile-menu").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });
});

test.describe("scrolling", () => {
  test("the progress bar grows with the scroll position", async ({ page }) => {
    await open(page);
    // The page at its final height (Inter may still be turning on below the fold; see below).
    await page.waitForFunction(() => document.body.hasAttribute("data-faces"));
    const bar = page.getByRole("progressbar", { name: "Reading progress" });
    await expect(bar).toHaveAttribute("aria-valuenow", "0");
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    await scrollTo(page, max / 2);
    await expect(bar).toHaveAttribute("aria-valuenow", "50");
    await scrollTo(page, max);
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    const width = await bar.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeCloseTo(page.viewportSize()!.width, 0);
  });

  test("a route change lands at the top; Back and Forward restore the earlier position", async ({ page }) => {
    await open(page);
    // The page at its final height: Inter, turned on part by part after the paint, may still be
    // under way, and on Back the page has it at once (docs/blocks.md, "Loading it").
    await page.waitForFunction(() => document.body.hasAttribute("data-faces"));
    await scrollTo(page, 100_000);
    const bottom = await page.evaluate(() => window.scrollY);
    expect(bottom).toBeGreaterThan(1000);
    await page.getByTestId("footer").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL("/about");
    // At the top from the first frame on, not scrolled up after it: a page load of its own.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await scrollTo(page, 300);
    await page.goBack();
    await expect(page).toHaveURL("/");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottom);
    await page.goForward();
    await expect(page).toHaveURL("/about");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  });
});

test.describe("chat button", () => {
  test("appears after 2 seconds and opens a prefilled WhatsApp chat in a new tab", async ({ page }) => {
    // Time stands still from the page's first script until the test moves it.
    await page.clock.install({ time: new Date("2026-03-02T10:00:00") });
    await page.clock.pauseAt(new Date("2026-03-02T10:00:01"));
    await open(page);
    const chat = page.getByRole("link", { name: "Chat with us on WhatsApp" });
    await expect(chat).toHaveCount(0);
    await page.clock.runFor(1900);
    await expect(chat).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute("href", `https://wa.me/919829012345?text=${encodeURIComponent("Hi! I'm interested in your tech services.")}`);
    await expect(chat).toHaveAttribute("target", "_blank");
    await expect(chat).toHaveAttribute("rel", "noopener noreferrer");
    // Like all content of the page, it sits in a landmark of its own.
    await expect(page.getByRole("complementary", { name: "Chat with us on WhatsApp" }).getByRole("link")).toHaveCount(1);
    await page.clock.resume(); // axe waits on timers of its own
    await expectNoAxeViolations(page);
  });
});

test.describe("footer", () => {
  test("has the quick links, the first 6 services, contact info, social icons and legal links", async ({ page }) => {
    await open(page);
    const footer = page.getByTestId("footer");
    const quick = footer.getByRole("list").filter({ has: page.getByRole("link", { name: "About Us" }) });
    await expect(quick.getByRole("link")).toHaveText(["Home", "About Us", "Services", "SEO Services", "Blog", "Contact"]);
    const hrefs = await quick.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/", "/about", "/services", "/services/seo-services", "/blog", "/contact"]);

    const servicesList = footer.getByRole("list").filter({ has: page.getByRole("link", { name: services[0]!.title }) });
    await expect(servicesList.getByRole("link")).toHaveText(services.slice(0, 6).map((s) => s.title));
    for (const [i, s] of services.slice(0, 6).entries()) {
      await expect(servicesList.getByRole("link").nth(i)).toHaveAttribute("href", `/services/${s.id}`);
    }

    await expect(footer.getByRole("link", { name: "hello@arcbyte.in" })).toHaveAttribute("href", "mailto:hello@arcbyte.in");
    await expect(footer.getByRole("link", { name: "+91 98290 12345" })).toHaveAttribute("href", "tel:+919829012345");
    await expect(footer.locator("address")).toHaveText("2nd Floor, Station Road, Sanchore, Rajasthan 343041");
    for (const hours of ["Mon-Fri 8:00 AM-5:00 PM", "Saturday 9:00 AM-2:00 PM", "Sunday Closed"]) await expect(footer).toContainText(hours);

    const social = footer.getByRole("list", { name: "Social media" }).getByRole("link");
    await expect(social).toHaveCount(5);
    for (const name of ["Facebook", "Instagram", "X", "GitHub", "YouTube"]) {
      await expect(footer.getByRole("link", { name: `Arcbyte on ${name}` })).toHaveAttribute("target", "_blank");
    }

    await expect(footer.getByTestId("copyright")).toHaveText(`© ${new Date().getFullYear()} Arcbyte Technologies. All rights reserved.`);
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  });
});

test.describe("toasts", () => {
  test("at most 1 is shown at a time", async ({ page }) => {
    await open(page);
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await page.getByRole("button", { name: "Start Your Project" }).click();
    // Give a second toast every chance to appear.
    await page.waitForTimeout(500);
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await expect(page.getByTestId("toast")).toContainText(NOTICE.description);
  });
});
