/**
 * How a page loads (docs/architecture.md): static HTML with its styles in <head>, one small
 * runtime, and islands that hydrate only when needed. What the first island needs is fetched
 * after the first paint, and run only when the visitor reaches for an island. Hydrating an
 * island neither moves the page's styles nor writes them again.
 */
import { fileURLToPath } from "node:url";
import { CHROME_ARGS, CHROME_PATH } from "../../scripts/lib/chrome.ts";
import { startReverseProxy } from "../../scripts/lib/reverse-proxy.ts";
import { devices } from "@playwright/test";
import { expect, fontsDrawing, island, test, waitForHydration, waitForIsland } from "./fixtures.ts";

// Chromium itself, not the suite's headless shell: the faces' swap is measured to the pixel.
test.use({ launchOptions: { executablePath: CHROME_PATH, args: CHROME_ARGS } });

const scripts = (names: string[]) => names.filter((n) => new URL(n).pathname.startsWith("/assets/") && n.endsWith(".js"));

for (const path of ["/", "/services/web-development", "/blog", "/contact"]) {
  test(`${path}: runs only the islands runtime; it and the islands' code are fetched after the first paint, and no island hydrates by itself`, async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      modules: performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"))
        .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime })),
      runtime: [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((s) => new URL(s.src).pathname),
      runtimeImports: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
    }));
    expect(timing.fcp, "the page reported its first contentful paint").toBeGreaterThan(0);
    expect(timing.runtime).toHaveLength(1);
    const atStart = new Set([...timing.runtime, ...timing.runtimeImports]);
    const later = timing.modules.filter((m) => !atStart.has(m.url));
    expect(later.length, "React DOM, Chakra and the hydrator are prefetched").toBeGreaterThan(3);
    // The runtime too: nothing competes with the page for the network before it has painted.
    for (const m of timing.modules) expect(m.start, `${m.url} was requested before the first paint`).toBeGreaterThanOrEqual(timing.fcp!);
    // No island's own code: none has been reached for, none is due at start.
    await expect(page.locator("site-island[data-hydrated]")).toHaveCount(0);
    expect(scripts(requested).filter((u) => /\/(?:Testimonial|ShareArticle|NoticeAction|ContentForm|FilteredPostList|ServicesMenu)[^/]*\.js$/.test(u))).toEqual([]);
    // No client-side router: neither React Router's manifest nor route data is ever asked for.
    expect(requested.filter((u) => /\/assets\/(?:manifest|entry\.client|root)-|\.data(?:\?|$)/.test(u))).toEqual([]);
  });
}

test("the islands' code is prefetched once the page has painted, then nothing is left inert", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForFunction(() => !document.getElementById("after-paint"));
  const prefetches = await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
  expect(prefetches.length).toBeGreaterThan(3);
  expect(prefetches.every((href) => href?.startsWith("/assets/"))).toBe(true);
});

/**
 * The site served through a proxy on this computer that sends a page's HTML in two parts, the
 * second `pause` ms after the first, as a slow network would; every other request and answer
 * passes as it is (asked for uncompressed, so that the page can be cut).
 */
const servedWithASlowTail = (origin: string, pause: number) =>
  startReverseProxy(origin, {
    requestHeaders: ({ "accept-encoding": _, ...headers }) => headers,
    page: (body, res) => {
      res.removeHeader("content-length");
      const footer = body.indexOf("<footer");
      res.write(body.subarray(0, footer));
      setTimeout(() => res.end(body.subarray(footer)), pause);
    },
  });

test("a page paints once, whole: nothing is drawn before its last part has arrived, so no layout of the rest follows the paint", async ({ page, baseURL }) => {
  const slow = await servedWithASlowTail(baseURL!, 1000);
  try {
    await page.goto(slow.origin + "/services/web-development");
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    const { fcp, lastByte } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
      lastByte: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseEnd,
    }));
    expect(lastByte, "the page's footer came a second after the rest").toBeGreaterThan(900);
    expect(fcp, "the first paint waited for the whole page").toBeGreaterThanOrEqual(lastByte);
    await expect(page.locator("footer")).toBeVisible();
  } finally {
    // Away first: the page still fetches (its faces, the islands' code) through the proxy.
    await page.goto("about:blank");
    await slow.stop();
  }
});

/** Runs in the page: whether a face of this family is in the document's fonts, loaded. */
const loaded = (family: string) => [...document.fonts].some((f) => f.family.replaceAll('"', "") === family && f.status === "loaded");

/** Runs in the page: whether the faces are on for the whole page (src/runtime/after-paint.server.ts: the body last). */
const allOn = () => document.body.hasAttribute("data-faces");
/** The faces that drew an element's letters: its Devanagari, and its spaces and digits. */
const facesIn = (fonts: { familyName: string; glyphCount: number }[]) => fonts.filter((f) => f.glyphCount > 0).map((f) => f.familyName).sort();

test("the typeface is asked for after the first paint, and turned on once loaded, part of the page by part, in tasks of their own", async ({ page }) => {
  // Turned on while its file loads, a face makes the browser lay the page out twice: at once in the stand-in, again when the file comes;
  // turned on all at once, one long layout. At the end of each task that turned parts on: how many, and what Inter's status was;
  // and when the body's turn came, how many parts were still in an element without them (the body would style them all again).
  await page.addInitScript(() => {
    const w = window as unknown as { turnedOn: { parts: number; inter: string[] }[]; heldOff?: number };
    w.turnedOn = [];
    new MutationObserver((records) => {
      const inter = [...document.fonts].filter((f) => f.family.replaceAll('"', "") === "Inter Variable").map((f) => f.status);
      w.turnedOn.push({ parts: records.length, inter });
      if (records.some((r) => r.target === document.body))
        w.heldOff = [...document.body.querySelectorAll("[data-faces]")].filter((e) => e.parentElement !== document.body && !e.parentElement!.hasAttribute("data-faces")).length;
    }).observe(document, { attributeFilter: ["data-faces"], subtree: true });
  });
  await page.goto("/");
  await page.waitForFunction(allOn);
  const seen = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
    font: performance.getEntriesByType("resource").find((r) => /\/assets\/inter-latin-[^/]+\.woff2$/.test(r.name))?.startTime,
    turnedOn: (window as unknown as { turnedOn: { parts: number; inter: string[] }[] }).turnedOn,
    heldOff: (window as unknown as { heldOff?: number }).heldOff,
  }));
  expect(seen.font, "Inter's file was requested").toBeDefined();
  expect(seen.font!, "Inter was requested before the first paint").toBeGreaterThanOrEqual(seen.fcp);
  for (const task of seen.turnedOn) expect(task.inter, "turned on before its file had come").toEqual(["loaded"]);
  expect(seen.turnedOn.length, "the tasks that turned it on").toBeGreaterThan(2);
  expect(seen.turnedOn.reduce((parts, task) => parts + task.parts, 0), "the parts of the page").toBeGreaterThan(10);
  expect(seen.heldOff, "parts whose holder had not them when the body's turn came").toBe(0);
  expect(facesIn(await fontsDrawing(page, "h1"))).toEqual(["Inter"]);
  // Every text, the hidden ones (the mobile menu) included, but code.
  const elsewhere = await page.evaluate(() =>
    [...document.body.querySelectorAll(":not(script, style, template)")]
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
      .filter((e) => !/^"Inter Variable", |monospace/.test(getComputedStyle(e).fontFamily))
      .map((e) => e.outerHTML.slice(0, 80)),
  );
  expect(elsewhere, "texts not in Inter").toEqual([]);

  // A page reached from the site has it on before it paints (from the cache: nothing swaps in late), with nothing stored to know it.
  // Paint observers are told in the order they were made: this one before the loader's.
  await page.addInitScript(() => {
    new PerformanceObserver(() => ((window as unknown as { onAtPaint: boolean }).onAtPaint ??= document.documentElement.hasAttribute("data-faces"))).observe({ type: "paint" });
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL("/contact");
  await page.waitForFunction(() => "onAtPaint" in window);
  expect(await page.evaluate(() => (window as unknown as { onAtPaint: boolean }).onAtPaint)).toBe(true);
  expect(facesIn(await fontsDrawing(page, "h1"))).toEqual(["Inter"]);
});

/** Runs in the page: whether a file named so has come, by its resource timing. */
const fetched = (file: string) => performance.getEntriesByType("resource").some((r) => r.name.includes(`/assets/${file}`) && (r as PerformanceResourceTiming).responseEnd > 0);
const DEVANAGARI_FILE = "noto-sans-devanagari-devanagari-wght-normal-";
const INTER_FILE = "inter-latin-wght-normal-";
/** The designed faces, as a Hindi heading is drawn in them. */
const DESIGNED = ["Inter", "Noto Sans Devanagari"];

test("a Hindi page fetches its faces after the first paint and stays in the system's and the stand-ins, which nothing swaps; the site's next page has them before it paints", async ({ page }) => {
  await page.goto("/hi");
  for (const file of [INTER_FILE, DEVANAGARI_FILE]) await page.waitForFunction(fetched, file);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const seen = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
    requests: performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".woff2")).map((r) => ({ name: r.name.replace(/^.*\/assets\//, ""), startTime: r.startTime })),
    preloads: document.querySelectorAll('link[rel="preload"][as="font"]').length,
    // The heading's letters are Devanagari: the face that draws them is the first in its stack that has them.
    stack: getComputedStyle(document.querySelector("h1")!).fontFamily,
  }));
  expect(seen.preloads).toBe(0);
  for (const file of [INTER_FILE, DEVANAGARI_FILE]) expect(seen.requests.filter((r) => r.name.startsWith(file)), file).toHaveLength(1);
  for (const r of seen.requests) expect(r.startTime, `${r.name} was requested before the first paint`).toBeGreaterThanOrEqual(seen.fcp);
  expect(seen.stack).toMatch(/^"Inter Fallback", "Inter Fallback DejaVu", "Noto Sans Devanagari Fallback"/);
  expect(await page.evaluate(loaded, "Noto Sans Devanagari Fallback")).toBe(true);
  for (const face of ["Noto Sans Devanagari", "Inter Variable"]) expect(await page.evaluate(loaded, face), `${face} was loaded on the page`).toBe(false);
  expect(await page.locator("[data-faces]").count(), "turned on anywhere").toBe(0);
  expect(facesIn(await fontsDrawing(page, "h1")), "the system's Devanagari face, and Inter's stand-in (DejaVu here)").toEqual(["DejaVu Sans", "Lohit Devanagari"]);

  // The next page has both faces on before it paints (Paint observers are told in the order they were made: this one before the loader's).
  await page.addInitScript(() => {
    new PerformanceObserver(() => {
      (window as unknown as { onAtPaint: boolean }).onAtPaint ??= document.documentElement.hasAttribute("data-faces");
    }).observe({ type: "paint" });
  });
  await page.locator('footer a[href="/hi/sampark"]').first().click();
  await expect(page).toHaveURL("/hi/sampark");
  await page.waitForFunction(() => "onAtPaint" in window);
  expect(await page.evaluate(() => (window as unknown as { onAtPaint: boolean }).onAtPaint)).toBe(true);
  await page.waitForFunction(loaded, "Noto Sans Devanagari");
  expect(facesIn(await fontsDrawing(page, "h1"))).toEqual(DESIGNED);
  // From the cache the first page filled: nothing was fetched again.
  const sent = await page.evaluate(() => performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".woff2")).map((r) => [r.name.replace(/^.*\/assets\//, ""), (r as PerformanceResourceTiming).transferSize]));
  expect(sent.map(([name]) => name).sort(), "both files").toEqual([expect.stringContaining(INTER_FILE), expect.stringContaining(DEVANAGARI_FILE)]);
  expect(sent.filter(([, bytes]) => bytes !== 0), "fetched again").toEqual([]);
});

test("on a system with no Devanagari face, a Hindi page turns its faces on as soon as they have loaded: anything beats boxes", async ({ playwright, baseURL }) => {
  // Fontconfig told of DejaVu alone: every Devanagari letter is the same missing-glyph box.
  const fontconfig = fileURLToPath(new URL("no-devanagari.fonts.conf", import.meta.url));
  const browser = await playwright.chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, env: { ...process.env, FONTCONFIG_FILE: fontconfig } });
  try {
    const page = await browser.newPage({ baseURL });
    await page.goto("/hi/about");
    await page.waitForFunction(allOn);
    expect(facesIn(await fontsDrawing(page, "h1")), "both faces, turned on together").toEqual(DESIGNED);
  } finally {
    await browser.close();
  }
});

// The local faces are stretched to the faces' widths, capitals and digits on their own (src/styles/text-face.ts,
// script-fonts.ts): held back until the page has painted in them, Inter swaps in on a phone (the width Lighthouse
// measures CLS at) without moving a line, and a Hindi page's faces are not swapped in at all.
for (const path of ["/", "/about", "/contact", "/services", "/hi", "/hi/sampark", "/hi/services", "/hi/about"]) {
  test(`${path}: the faces swap in over their stand-ins without moving anything @mobile`, async ({ page }) => {
    await page.route(/\.woff2$/, async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; sources: string }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
          w.shifts.push({ value: e.value, sources: e.sources.map((s) => s.node?.textContent?.slice(0, 40)).join(" | ") });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    if (path.startsWith("/hi")) for (const file of [INTER_FILE, DEVANAGARI_FILE]) await page.waitForFunction(fetched, file);
    else await page.waitForFunction(allOn);
    // Two frames: the swap is laid out and painted.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { shifts: { value: number; sources: string }[] }).shifts)).toEqual([]);
  });
}

// On every phone's width, not only the one Lighthouse measures: the stand-ins match Inter on average, not word for
// word, so some line somewhere wraps otherwise (Home at 375 px: its title, CLS 0.017; About at 360: 0.012). A part
// Inter would move in view keeps its stand-in until it is out of view (runtime/after-paint.server.ts).
for (const width of [360, 375, 393]) {
  test(`at ${width} px, turning the faces on moves nothing in view; a part held in its stand-in takes them once scrolled out of view`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...devices["Pixel 7"], viewport: { width, height: 839 }, baseURL });
    try {
      for (const path of ["/", "/about", "/contact", "/services/web-development"]) {
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { shift: number };
          w.shift = 0;
          new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.shift += (e as PerformanceEntry & { value: number }).value))).observe({ type: "layout-shift", buffered: true });
        });
        await page.goto(path);
        await page.waitForFunction(allOn);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        // Lighthouse's CLS reads 0.000.
        expect(await page.evaluate(() => (window as unknown as { shift: number }).shift), path).toBeLessThan(0.0005);
        const held = await page.locator("[data-faces-held]").count();
        await page.mouse.wheel(0, 2500);
        await expect(page.locator("[data-faces-held]"), `${path}: ${held} held`).toHaveCount(0);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
}

for (const [path, reach] of [
  ["/", "Get Started"],
  ["/contact", "form"],
  ["/blog/rag-that-answers-from-your-documents", "Share Article"],
] as const) {
  test(`${path}: the styles are prerendered in <head>, in two style elements, and hydrating an island neither moves them nor writes them again`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    if (reach === "form") {
      await page.locator("main form").hover();
      await expect(page.locator("main form")).toHaveAttribute("data-ready", "true");
    } else {
      await page.getByRole("button", { name: reach }).click();
      await expect(page.locator("site-island[data-hydrated]")).not.toHaveCount(0);
    }
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
    expect(styles.total, "two style elements: Chakra's global styles, then every component's").toBe(2);
    expect(styles.inHead, "every prerendered style stays in <head>").toBe(styles.total);
    expect(styles.globals, "Chakra's layer order and global styles, in one").toBe(1);
    expect(styles.inBody, "no <style> in <body>").toBe(0);
    expect(styles.rewritten, "rules the page already had, written again by Emotion").toEqual([]);
  });
}

test("an island that comes into view hydrates by itself, and looks exactly as before", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  // Inter turned on part by part may still be under way: a part's width would change with it, not with hydrating.
  await page.waitForFunction(allOn);
  const carousel = page.locator("[aria-roledescription=carousel]");
  const look = () =>
    carousel.evaluate((el) =>
      [el, ...el.querySelectorAll("*")].map((e) => {
        const s = getComputedStyle(e);
        return [e.tagName, e.className, s.display, s.color, s.backgroundColor, s.width, s.opacity, s.visibility].join(" ");
      }),
    );
  const prerendered = await look();
  await expect(island(page, "testimonials")).not.toHaveAttribute("data-hydrated");
  await carousel.scrollIntoViewIfNeeded();
  await waitForIsland(page, "testimonials");
  expect(await look()).toEqual(prerendered);
});

for (const path of ["/", "/blog/core-web-vitals-field-guide", "/contact"]) {
  test(`${path}: its icons are drawn from symbols the page carries; no sprite document loads, before or after the islands hydrate`, async ({ page }) => {
    const sprites: string[] = [];
    page.on("request", (r) => /\/assets\/icons-[^/]*\.svg/.test(r.url()) && sprites.push(r.url()));
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const icons = await page.evaluate(() =>
      [...document.querySelectorAll("svg > use")].map((use) => {
        const href = use.getAttribute("href") ?? "";
        const box = (use as SVGUseElement).getBBox();
        return { href, symbol: href.startsWith("#") && document.getElementById(href.slice(1))?.tagName === "symbol", drawn: box.width > 0 && box.height > 0 };
      }),
    );
    expect(icons.length).toBeGreaterThan(3);
    expect(icons.filter((i) => !i.symbol)).toEqual([]);
    // Every icon in view is drawn (those in a closed menu have no box).
    expect(icons.filter((i) => i.drawn).length).toBeGreaterThan(3);
    expect(sprites).toEqual([]);
  });
}
