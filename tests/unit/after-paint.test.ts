// @vitest-environment jsdom
/**
 * What the first island will need is fetched once the page has painted: written as inert
 * preloads that a small loader brings to life at the first contentful paint (the browser
 * side is tested in tests/e2e/loading.spec.ts).
 */
import { AFTER_PAINT_LOADER, preloadAfterPaint } from "../../src/runtime/after-paint.server.ts";

const hrefs = ["/assets/client-1.js", "/assets/styles-2.js"];

describe("the markup", () => {
  const markup = preloadAfterPaint(hrefs);

  it("is the preloads, inert, then the loader", () => {
    expect(markup).not.toMatch(/rel="modulepreload"/);
    expect(markup.match(/rel="x-modulepreload-after-paint" href="[^"]+"/g)).toHaveLength(2);
    expect(markup.endsWith(`<script>${AFTER_PAINT_LOADER}</script>`)).toBe(true);
  });

  it("is nothing when there is nothing to preload", () => {
    expect(preloadAfterPaint([])).toBe("");
  });
});

describe("the loader in the browser", () => {
  beforeEach(() => {
    // As the parser left it, less the loader (run by hand below); innerHTML runs no scripts.
    document.body.innerHTML = preloadAfterPaint(hrefs).replace(`<script>${AFTER_PAINT_LOADER}</script>`, "");
  });
  const live = () => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));

  it("brings the preloads to life at once where the browser has no paint timing", () => {
    // jsdom, like an old browser, reports no "paint" entry type.
    new Function(AFTER_PAINT_LOADER)();
    expect(live()).toEqual(hrefs);
    expect(document.querySelector('[rel="x-modulepreload-after-paint"]')).toBeNull();
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
      expect(live()).toEqual([]);
      const entries = (names: string[]) => ({ getEntriesByName: (n: string) => (names.includes(n) ? [{}] : []) }) as unknown as PerformanceObserverEntryList;
      observers[0]!.callback(entries(["first-paint"]), {} as PerformanceObserver);
      expect(live(), "a first paint of the background alone").toEqual([]);
      observers[0]!.callback(entries(["first-contentful-paint"]), {} as PerformanceObserver);
      expect(live()).toEqual(hrefs);
      expect(observers[0]!.disconnected).toBe(true);
    } finally {
      globalThis.PerformanceObserver = real;
    }
  });
});
