// @vitest-environment jsdom
/**
 * A page's JavaScript starts once the page has painted: the runtime and the islands' code are
 * named in a JSON data block, and a small loader brings them to life at the first contentful
 * paint (the browser side is tested in tests/e2e/loading.spec.ts).
 */
import { AFTER_PAINT_DATA, AFTER_PAINT_LOADER, type AfterPaint, afterPaint } from "../../src/runtime/after-paint.server.ts";
import { finishPage, PAINT_WHOLE } from "../../src/runtime/finish-page.server.ts";

const imports = ["/assets/markup-1.js"];
const islands = ["/assets/client-1.js", "/assets/styles-2.js"];
const markup = afterPaint({ preload: imports, module: "/assets/browser-3.js", prefetch: islands });
const dataOf = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="after-paint">(.*?)<\/script>/)![1]!) as AfterPaint;

describe("the markup", () => {
  it("is a JSON data block naming the runtime's preloads, its script and the islands' prefetches, then the loader", () => {
    expect(markup).not.toMatch(/<link|type="module"|\ssrc=/);
    expect(dataOf(markup)).toEqual({ preload: imports, module: "/assets/browser-3.js", prefetch: islands });
    expect(markup.endsWith(`<script>${AFTER_PAINT_LOADER}</script>`)).toBe(true);
  });

  it("cannot be closed early by what it names", () => {
    const hostile = afterPaint({ preload: ["/a</script><script>alert(1)</script>"], module: "/m.js", prefetch: [] });
    expect(hostile.match(/<\/script>/g)).toHaveLength(2);
    expect(dataOf(hostile).preload).toEqual(["/a</script><script>alert(1)</script>"]);
  });
});

describe("a finished page", () => {
  const assets = { icons: { url: "/assets/icons-1.svg", symbols: {} }, runtime: "/assets/browser-3.js", runtimeImports: imports, afterPaint: islands, studio: { runtime: "/assets/studio-4.js", runtimeImports: [] }, collector: "/assets/collect-5.js" };
  const page = (island: string) => `<html><head></head><body><main>${island}</main></body></html>`;
  const preloaded = (html: string) => dataOf(html).preload.length;
  const prefetched = (html: string) => dataOf(html).prefetch.length;

  it("paints once, whole: rendering waits for its last element, named first in <head>, after the character set", () => {
    const html = finishPage('<html><head><meta charSet="utf-8"/><title>T</title></head><body><main></main></body></html>', assets);
    expect(html.startsWith(`<html><head><meta charSet="utf-8"/>${PAINT_WHOLE}<title>`)).toBe(true);
    expect(PAINT_WHOLE).toBe(`<link rel="expect" href="#${AFTER_PAINT_DATA}" blocking="render">`);
    const body = new DOMParser().parseFromString(html, "text/html").body;
    expect(body.lastElementChild!.previousElementSibling!.id, "what it waits for is the page's last element but the loader").toBe(AFTER_PAINT_DATA);
  });

  it("only prefetches the islands' code where every island waits for the visitor", () => {
    const html = finishPage(page('<site-island data-island="share-article" data-hydrate="interaction"></site-island>'), assets);
    expect([preloaded(html), prefetched(html)]).toEqual([1, 2]);
  });

  it("preloads it with the runtime where an island hydrates at once, so it waits for no second round trip", () => {
    const html = finishPage(page('<site-island data-island="pending-post" data-hydrate="load"></site-island>'), assets);
    expect([preloaded(html), prefetched(html)]).toEqual([3, 0]);
    expect(html).toContain(`<script>${AFTER_PAINT_LOADER}</script>`);
  });

  it("loads the studio's runtime on a studio screen, and only there", () => {
    const island = '<site-island data-island="admin" data-hydrate="load"></site-island>';
    expect(finishPage(page(island), assets, { studio: true })).toContain("/assets/studio-4.js");
    expect(finishPage(page(island), assets, { studio: true })).not.toContain("/assets/browser-3.js");
    expect(finishPage(page(island), assets)).not.toContain("/assets/studio-4.js");
  });

  it("names the analytics collector on a public page while analytics is on, never on a studio screen", () => {
    const island = '<site-island data-island="share-article" data-hydrate="interaction"></site-island>';
    expect(dataOf(finishPage(page(island), assets, { analytics: true })).collect).toBe("/assets/collect-5.js");
    expect(dataOf(finishPage(page(island), assets)).collect).toBeUndefined();
    expect(dataOf(finishPage(page(island), assets, { analytics: true, studio: true })).collect).toBeUndefined();
  });
});

describe("the loader in the browser", () => {
  beforeEach(() => {
    // As the parser left it, less the loader (run by hand below); innerHTML runs no scripts.
    document.head.innerHTML = "";
    document.body.innerHTML = markup.replace(`<script>${AFTER_PAINT_LOADER}</script>`, "");
  });
  const live = () => ({
    preloads: [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href")),
    modules: [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => s.getAttribute("src")),
    prefetches: [...document.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute("href")),
  });
  const started = { preloads: imports, modules: ["/assets/browser-3.js"], prefetches: islands };
  /** After the task the loader asked for (a message: its first step comes in one, not a timer). */
  const nextTask = () =>
    new Promise<void>((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => (port1.close(), resolve());
      port2.postMessage(null);
    });

  it("brings everything to life at once where the browser has no paint timing", async () => {
    // jsdom, like an old browser, reports no "paint" entry type.
    new Function(AFTER_PAINT_LOADER)();
    await vi.waitFor(() => expect(live()).toEqual(started));
    await vi.waitFor(() => expect(document.getElementById(AFTER_PAINT_DATA)).toBeNull());
  });

  it("brings them to life a few per task from the task after the paint's, the runtime's imports first, so that no task is long", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      // Each link costs a slow phone milliseconds: here each one uses up a task's whole budget.
      let clock = 0;
      vi.spyOn(performance, "now").mockImplementation(() => (clock += 5));
      new Function(AFTER_PAINT_LOADER)();
      expect(live(), "nothing in the task that saw the paint").toEqual({ preloads: [], modules: [], prefetches: [] });
      await nextTask();
      expect(live()).toEqual({ preloads: imports, modules: [], prefetches: [] });
      await vi.advanceTimersToNextTimerAsync();
      expect(live()).toEqual({ preloads: imports, modules: ["/assets/browser-3.js"], prefetches: [] });
      await vi.runAllTimersAsync();
      expect(live()).toEqual(started);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it("imports the analytics collector last, once the browser is idle, adding no script element", async () => {
    document.body.innerHTML = afterPaint({ preload: imports, module: "/assets/browser-3.js", prefetch: islands, collect: "/assets/collect-5.js" });
    document.body.querySelector("script:not([type])")?.remove();
    const idle: { callback: () => Promise<unknown>; options: unknown }[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => Promise<unknown>, options: unknown) => idle.push({ callback, options }));
    try {
      new Function(AFTER_PAINT_LOADER)();
      await vi.waitFor(() => expect(live()).toEqual(started));
      // The last step: on a loaded machine it runs a task after the others (each task has a time budget).
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      expect(idle[0]!.options).toEqual({ timeout: 5000 });
      // An import() (Node cannot import from a Function's code: it refuses); tests/e2e/analytics.spec.ts sees the browser load it.
      await expect(idle[0]!.callback()).rejects.toThrow(/dynamic import/);
      expect(live().modules).toEqual(["/assets/browser-3.js"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("waits for the first contentful paint where the browser reports paints", async () => {
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
      const none = { preloads: [], modules: [], prefetches: [] };
      expect(live()).toEqual(none);
      const entries = (names: string[]) => ({ getEntriesByName: (n: string) => (names.includes(n) ? [{}] : []) }) as unknown as PerformanceObserverEntryList;
      observers[0]!.callback(entries(["first-paint"]), {} as PerformanceObserver);
      expect(live(), "a first paint of the background alone").toEqual(none);
      observers[0]!.callback(entries(["first-contentful-paint"]), {} as PerformanceObserver);
      await vi.waitFor(() => expect(live()).toEqual(started));
      expect(observers[0]!.disconnected).toBe(true);
    } finally {
      globalThis.PerformanceObserver = real;
    }
  });
});
