/**
 * Shared fixtures: every test fails on a console error, an uncaught exception or a CSP
 * violation in the page, so hydration warnings and broken scripts cannot pass unnoticed.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, type BrowserContext, expect, type ConsoleMessage, type Frame, type Locator, type Page, type Response } from "@playwright/test";
import axeCore from "axe-core";

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A page answered with an error status on purpose (a not-found page, a form's result
      // page) makes Chromium log "Failed to load resource" for the document itself: expected.
      const errorDocuments = new Set<string>();
      const onResponse = (r: Response) => {
        if (r.status() >= 400 && r.request().isNavigationRequest()) errorDocuments.add(r.url());
      };
      const onConsole = (m: ConsoleMessage) => {
        if (m.type() === "error" && /Failed to load resource/.test(m.text()) && errorDocuments.has(m.location().url)) return;
        if (m.type() === "error" || (m.type() === "warning" && /hydrat/i.test(m.text()))) errors.push(m.text());
      };
      const onPageError = (e: Error) => errors.push(`Uncaught: ${e.message}`);
      page.on("response", onResponse).on("console", onConsole).on("pageerror", onPageError);
      await use(errors);
      // Off again: the page may outlive the test (sharedPageTest).
      page.off("response", onResponse).off("console", onConsole).off("pageerror", onPageError);
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * For tests that only visit a route and read it (the site-wide checks of every route): one page
 * per worker, reused from test to test, with the project's device. A new page per test cost each
 * of those checks about 1.5 s more (a new context, a cold renderer, axe compiled again) than the
 * check itself. A failed test still gets a fresh one: Playwright starts a new worker after it.
 */
export const sharedPageTest = test.extend<object, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  page: async ({ workerPage }, use) => use(workerPage),
});

/** Drops the console lines a test provokes on purpose: Chromium logs every 4xx answer to fetch. */
export function ignoreConsoleErrors(consoleErrors: string[], expected: RegExp) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
}

/**
 * axe's source (550 kB) reaches a browser context once, not twice a check: @axe-core/playwright
 * evaluates it in the page at the start of every check and again in every frame, and sending it
 * took about 0.2 s each time. From a context's first check on, every document it opens holds the
 * source as a string (an init script), and each check runs it there once a document (`AXE` is
 * what the builder evaluates): V8 keeps the compiled code from one document to the next.
 */
const AXE_SOURCE_IN_PAGE = `window.__axeSource = ${JSON.stringify(axeCore.source)};`;
const AXE = "if (!window.axe) (0, eval)(window.__axeSource);";
const contextsWithAxe = new WeakSet<BrowserContext>();

async function axeSourceInPage(page: Page) {
  const context = page.context();
  if (!contextsWithAxe.has(context)) {
    contextsWithAxe.add(context);
    await context.addInitScript(AXE_SOURCE_IN_PAGE);
  }
  // Documents opened before the context's first check have not run the init script. A child
  // frame that goes or navigates meanwhile is skipped, as the builder skips one it cannot reach.
  const give = async (frame: Frame) => {
    if (!(await frame.evaluate("typeof window.__axeSource === 'string'"))) await frame.evaluate(AXE_SOURCE_IN_PAGE);
  };
  for (const frame of page.frames()) await (frame === page.mainFrame() ? give(frame) : give(frame).catch(() => undefined));
}

/** Runs axe (WCAG 2.2 A/AA and axe's best practices, as Lighthouse does) on the page and expects no violations. */
export async function expectNoAxeViolations(page: Page) {
  // A colour caught mid-transition (a pane button fading to its pressed state) fails the contrast
  // rule that the finished state passes: let every finite transition and animation end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await axeSourceInPage(page);
  const axe = new AxeBuilder({ page, axeSource: AXE }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]);
  // A page without frames is checked in the page itself (axe's "legacy mode"): the same rules on
  // the same document, with the same findings, 35–40 % sooner than the frame-by-frame mode, which
  // opens a blank page and loads axe again into it to put the frames' results together. A page
  // with frames keeps that mode: only it checks cross-origin frames.
  if (page.frames().length === 1) axe.setLegacyMode(true);
  const results = await axe.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** The fonts the browser drew an element's text with, each with its glyph count (CSS.getPlatformFontsForNode). */
export async function fontsDrawing(page: Page, selector: string): Promise<{ familyName: string; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

/**
 * Waits until the page's runtime has started and every island due at start has hydrated
 * (the runtime marks <html>). Other islands hydrate when the visitor reaches for them, and
 * keep what was done before (early-events.ts): a test may use them at once.
 */
export async function waitForHydration(page: Page, timeout?: number) {
  // `?.`: between two documents (a click that navigates) the page may briefly have no root element, and a predicate that throws ends the wait at once.
  await page.waitForFunction(() => document.documentElement?.dataset.hydrated === "true", null, { timeout });
}

/** The island of this name (the first, or the one within `scope`). */
export const island = (scope: Page | Locator, name: string) => scope.locator(`site-island[data-island="${name}"]`).first();

/** Waits until that island has hydrated. */
export async function waitForIsland(scope: Page | Locator, name: string, timeout?: number) {
  await expect(island(scope, name)).toHaveAttribute("data-hydrated", "true", { timeout });
}
