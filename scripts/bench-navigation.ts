/**
 * npm run bench:navigation — how long a visitor waits after clicking a link until the next
 * page is painted, on a throttled phone (Chromium, 4x CPU slowdown, Lighthouse's slow 4G:
 * 150 ms round trip, 1.6 Mbit/s down). A report, not a test. Measured from the click (in the
 * page) to the new page's first contentful paint (a page load) or to the frame after its
 * heading is in the DOM (a client-side navigation, where there is no new paint entry).
 *
 *   --runs N       clicks per case, the median is reported (default 5)
 *   --hover MS     the pointer rests on the link this long before the click (default 0 and 300)
 *   --full         stop every click before the page's own scripts see it, so each link is a
 *                  plain page load (to compare against a client-side router on the same build)
 *   --no-build     use the existing build
 *   BUILD_DIR, BENCH_PORT (default 3330)
 */
import { execSync } from "node:child_process";
import { chromium, devices } from "@playwright/test";
import { serveBuild } from "./lib/serve-build.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs") ?? 5) || 5;
const hovers = option("--hover") ? [Number(option("--hover"))] : [0, 300];
const full = args.includes("--full");
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** From a page, a link to click and the heading of the page it leads to. */
const cases = [
  { name: "Home → About (footer)", from: "/", link: 'footer a[href="/about"]', heading: "Engineers who care" },
  { name: "Blog → a post (card)", from: "/blog", link: 'main a[href="/blog/rag-that-answers-from-your-documents"]', heading: "RAG That Actually Answers" },
  { name: "Services → a service", from: "/services", link: 'main a[href="/services/web-development"]', heading: "Web Development" },
  { name: "a post → Blog (back)", from: "/blog/rag-that-answers-from-your-documents", link: 'main a[href="/blog"]', heading: "Insights from the people" },
];

if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
const server = await serveBuild({ port: PORT, buildDir: BUILD_DIR, env: { FORM_RATE_LIMIT: "0" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: string[] = [];
try {
  for (const c of cases) {
    for (const hover of hovers) {
      const samples: { ms: number; load: boolean }[] = [];
      for (let i = 0; i < runs; i++) samples.push(await measure(c, hover));
      const ms = median(samples.map((s) => s.ms));
      const kinds = [...new Set(samples.map((s) => (s.load ? "page load" : "client-side")))].join(" + ");
      const list = samples.map((s) => s.ms).join(", ");
      rows.push(`| ${c.name} | ${kinds} | ${hover} | ${ms} | ${list} |`);
      console.log(`${c.name} (${kinds}), hover ${hover} ms: median ${ms} ms (${list})`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  [
    "",
    `Click → next page painted (ms), Chromium 4x CPU, slow 4G, ${full ? "every link a page load (--full)" : "as the site does it"}, median of ${runs}`,
    "",
    "| case | navigation | hover before click (ms) | median | runs |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n"),
);

async function measure(c: (typeof cases)[number], hover: number): Promise<{ ms: number; load: boolean }> {
  // A fresh context each time: nothing cached from an earlier run but what the case itself loads.
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  await context.addInitScript((forceFull: boolean) => {
    // The moment of the click, kept across a page load; with --full the page's scripts never see it.
    window.addEventListener(
      "click",
      (event) => {
        sessionStorage.setItem("bench-click-at", String(performance.timeOrigin + performance.now()));
        if (forceFull) event.stopImmediatePropagation();
      },
      true,
    );
  }, full);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  try {
    await page.goto(server.origin + c.from, { waitUntil: "load" });
    // Let the page settle as a reader would before choosing a link: start-up work done.
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 60_000 });
    await page.waitForTimeout(1000);
    const link = page.locator(c.link).first();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    if (hover) await page.waitForTimeout(hover);
    const before = page.url();
    await link.click({ noWaitAfter: true });
    await page.waitForFunction(
      ([heading, from]) => location.href !== from && (document.querySelector("h1")?.textContent ?? "").includes(heading),
      [c.heading, before] as const,
      { timeout: 30_000, polling: 16 },
    );
    return await page.evaluate(async () => {
      const clickAt = Number(sessionStorage.getItem("bench-click-at"));
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      const loaded = performance.timeOrigin > clickAt;
      if (loaded) {
        // A page load: its own first contentful paint (wait for it if it is still to come).
        const at = fcp
          ? fcp.startTime
          : await new Promise<number>((resolve) =>
              new PerformanceObserver((list, observer) => {
                const entry = list.getEntriesByName("first-contentful-paint")[0];
                if (entry) (observer.disconnect(), resolve(entry.startTime));
              }).observe({ type: "paint", buffered: true }),
            );
        return { ms: Math.round(performance.timeOrigin + at - clickAt), load: true };
      }
      // A client-side navigation: the frame after the new heading arrived.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      return { ms: Math.round(performance.timeOrigin + performance.now() - clickAt), load: false };
    });
  } finally {
    await context.close();
  }
}
