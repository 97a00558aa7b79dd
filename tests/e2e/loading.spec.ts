/**
 * Paint first, then the app: the prerendered page is painted before any of the app's
 * modules is fetched, and the app still hydrates under the page's CSP. Its styles are all in
 * <head>, and hydrating it writes none of them again.
 */
import { expect, test, waitForHydration } from "./fixtures.ts";

for (const path of ["/", "/services/web-development", "/blog"]) {
  test(`${path}: the app's modules are fetched after the first contentful paint, then hydrate`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      modules: performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"))
        .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime })),
    }));
    expect(timing.fcp, "the page reported its first contentful paint").toBeGreaterThan(0);
    expect(timing.modules.length).toBeGreaterThan(3);
    for (const m of timing.modules) expect(m.start, `${m.url} was requested before the first paint`).toBeGreaterThanOrEqual(timing.fcp!);
  });
}

test("the app's modules are preloaded together once the page has painted", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
  expect(preloads.length).toBeGreaterThan(3);
  expect(preloads.every((href) => href?.startsWith("/assets/"))).toBe(true);
  await expect(page.locator('[type="text/x-module-after-paint"], [rel="x-modulepreload-after-paint"]')).toHaveCount(0);
});

for (const path of ["/", "/contact", "/blog/rag-that-answers-from-your-documents"]) {
  test(`${path}: the styles are prerendered in <head>, and hydration neither moves them nor writes them again`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const styles = await page.evaluate(() => {
      const prerendered = [...document.querySelectorAll("style[data-prerendered-css]")];
      const selectors = (tags: Element[]) => tags.flatMap((t) => [...((t as HTMLStyleElement).sheet?.cssRules ?? [])].map((r) => (r as CSSStyleRule).selectorText).filter(Boolean));
      const written = selectors([...document.querySelectorAll("style[data-emotion]")]);
      return {
        inHead: prerendered.filter((t) => t.parentElement === document.head).length,
        total: prerendered.length,
        globals: prerendered.filter((t) => t.getAttribute("data-prerendered-css")!.startsWith("css-global")).length,
        inBody: document.body.querySelectorAll("style").length,
        rewritten: written.filter((s) => new Set(selectors(prerendered)).has(s)),
      };
    });
    expect(styles.total).toBeGreaterThan(10);
    expect(styles.inHead, "every prerendered style stays in <head>").toBe(styles.total);
    expect(styles.globals, "Chakra's layer order and global styles").toBe(2);
    expect(styles.inBody, "no <style> in <body>").toBe(0);
    expect(styles.rewritten, "rules the page already had, written again by Emotion").toEqual([]);
  });
}

test("a page reached by client navigation is styled as when it is loaded itself", async ({ page }) => {
  // Computed styles of elements whose rules Home's prerendered CSS lacks: Emotion writes them.
  const look = () =>
    page.locator("main h1, main form input, main form button[type=submit]").evaluateAll((els) =>
      els.map((el) => {
        const s = getComputedStyle(el);
        return [el.tagName, s.fontSize, s.fontWeight, s.color, s.backgroundColor, s.padding, s.borderTop, s.borderRadius, s.height].join(" ");
      }),
    );
  await page.goto("/contact");
  await waitForHydration(page);
  const loaded = await look();
  expect(loaded.length).toBeGreaterThan(3);

  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator("main form button[type=submit]")).toBeVisible();
  expect(await look()).toEqual(loaded);
});
