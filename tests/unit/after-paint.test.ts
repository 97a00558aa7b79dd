// @vitest-environment jsdom
/**
 * Paint first, then the app: prerendered pages are written so that React Router's module
 * script and modulepreloads stay inert until the page has painted (the browser side is
 * tested in tests/e2e/loading.spec.ts).
 */
import { AFTER_PAINT_LOADER, loadScriptsAfterPaint } from "../../src/runtime/after-paint.server.ts";

// The shape React Router's <Scripts /> writes into a prerendered page.
const page = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  "</head><body><main><h1>Hello</h1></main>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>',
  "<script>window.__reactRouterContext.streamController.close();</script></body></html>",
].join("");

describe("a prerendered page", () => {
  const written = loadScriptsAfterPaint(page);

  it("keeps its modulepreloads and module script, inert", () => {
    expect(written).not.toMatch(/rel="modulepreload"/);
    expect(written).not.toMatch(/<script type="module"/);
    expect(written.match(/rel="x-modulepreload-after-paint" href="[^"]+"/g)).toHaveLength(2);
    expect(written).toContain('<script type="text/x-module-after-paint">import "/assets/manifest-1.js";');
  });

  it("gets the loader once, last in <body>, and everything else unchanged", () => {
    expect(written.split(AFTER_PAINT_LOADER)).toHaveLength(2);
    expect(written.endsWith(`<script>${AFTER_PAINT_LOADER}</script></body></html>`)).toBe(true);
    expect(written).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(written).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("is left alone when it has nothing to paint, as the SPA fallback (its content is fetched by the app)", () => {
    const fallback = page.replace("<main><h1>Hello</h1></main>", "<!--$--><!--/$-->");
    expect(loadScriptsAfterPaint(fallback)).toBe(fallback);
  });

  it("is left alone when it has no module script", () => {
    const plain = "<html><head></head><body><p>Static</p></body></html>";
    expect(loadScriptsAfterPaint(plain)).toBe(plain);
  });
});

describe("the loader in the browser", () => {
  beforeEach(() => {
    // As the parser left it, less the loader (run by hand below); innerHTML runs no scripts.
    const html = loadScriptsAfterPaint(page).replace(`<script>${AFTER_PAINT_LOADER}</script>`, "");
    document.documentElement.innerHTML = html.replace(/^<!DOCTYPE html><html>|<\/html>$/g, "");
  });

  it("brings the scripts to life at once where the browser has no paint timing", () => {
    // jsdom, like an old browser, reports no "paint" entry type.
    new Function(AFTER_PAINT_LOADER)();
    const preloads = [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));
    expect(preloads).toEqual(["/assets/manifest-1.js", "/assets/entry.client-2.js"]);
    const modules = document.querySelectorAll('script[type="module"]');
    expect(modules).toHaveLength(1);
    expect(modules[0]!.textContent).toBe('import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");');
    expect(document.querySelector('[type="text/x-module-after-paint"], [rel="x-modulepreload-after-paint"]')).toBeNull();
  });

  it("waits for the first contentful paint where the browser reports paints", () => {
    const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      record = { callback: (() => {}) as PerformanceObserverCallback, disconnected: false };
      constructor(callback: PerformanceObserverCallback) {
        this.record.callback = callback;
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    const real = globalThis.PerformanceObserver;
    globalThis.PerformanceObserver = FakeObserver as unknown as typeof PerformanceObserver;
    try {
      new Function(AFTER_PAINT_LOADER)();
      expect(document.querySelector('script[type="module"]')).toBeNull();
      const entries = (names: string[]) => ({ getEntriesByName: (n: string) => (names.includes(n) ? [{}] : []) }) as unknown as PerformanceObserverEntryList;
      observers[0]!.callback(entries(["first-paint"]), {} as PerformanceObserver);
      expect(document.querySelector('script[type="module"]'), "a first paint of the background alone").toBeNull();
      observers[0]!.callback(entries(["first-contentful-paint"]), {} as PerformanceObserver);
      expect(document.querySelector('script[type="module"]')).not.toBeNull();
      expect(observers[0]!.disconnected).toBe(true);
    } finally {
      globalThis.PerformanceObserver = real;
    }
  });
});
