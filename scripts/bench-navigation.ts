/**
 * npm run bench:navigation — how long a visitor waits after clicking a link until the next
 * page is painted, on a throttled phone (Chromium, 4x CPU slowdown, Lighthouse's slow 4G:
 * 150 ms round trip, 1.6 Mbit/s down). A report, not a test. Three ways to follow the same
 * link, side by side in one run:
 *
 *   client-side            as the site does it (React Router)
 *   page load              the click is stopped in the capture phase before the page's scripts
 *                          see it, so the browser follows the link
 *   page load, prefetched  the same, with speculation rules (prefetch, moderate eagerness) put
 *                          into the page; the table says how many clicks the prefetch served
 *
 * Measured from the click (in the page) to the new page's first contentful paint (a page load)
 * or to the frame after its heading is in the DOM (a client-side navigation, which has no new
 * paint entry).
 *
 *   --runs N       clicks per case and mode, the median is reported (default 3)
 *   --hover MS     the pointer rests on the link this long before the click (default 0 and 300;
 *                  moderate eagerness prefetches after about 200 ms of hover)
 *   --no-build     use the existing build
 *   BUILD_DIR, BENCH_PORT (default 3330), CHROME_PATH (default /usr/bin/chromium)
 */
import { execSync } from "node:child_process";
import { type Browser, chromium, devices } from "@playwright/test";
import { buildDirectory } from "../src/admin/mode.server.ts";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { median } from "./lib/median.ts";
import { throttleLikeAPhone } from "./lib/phone.ts";
import { serveBuild } from "./lib/serve-build.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs") ?? 3) || 3;
const hovers = option("--hover") ? [Number(option("--hover"))] : [0, 300];
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const BUILD_DIR = buildDirectory();

/** From a page, a link to click and the heading of the page it leads to. */
const cases = [
  { name: "Home → About (footer)", from: "/", link: 'footer a[href="/about"]', heading: "Engineers who care" },
  { name: "Blog → a post (card)", from: "/blog", link: 'main a[href="/blog/rag-that-answers-from-your-documents"]', heading: "RAG That Actually Answers" },
  { name: "Services → a service", from: "/services", link: 'main a[href="/services/web-development"]', heading: "Web Development" },
  { name: "a post → Blog (back)", from: "/blog/rag-that-answers-from-your-documents", link: 'main a[href="/blog"]', heading: "Insights from the people" },
];

const modes = [
  { name: "client-side", stopClick: false, prefetch: false },
  { name: "page load", stopClick: true, prefetch: false },
  { name: "page load, prefetched", stopClick: true, prefetch: true },
] as const;
type Mode = (typeof modes)[number];
type Sample = { ms: number; load: boolean; prefetched: boolean };

const speculationRules = { prefetch: [{ where: { href_matches: "/*" }, eagerness: "moderate" }] };

if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
const server = await serveBuild({ port: PORT, buildDir: BUILD_DIR, env: { FORM_RATE_LIMIT: "0" } });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });

const rows: string[] = [];
try {
  for (const c of cases) {
    for (const hover of hovers) {
      // Modes take turns within each run, so a busy moment on the machine hits them all alike.
      const samples = new Map<Mode, Sample[]>(modes.map((m) => [m, []]));
      for (let i = 0; i < runs; i++) for (const m of modes) samples.get(m)!.push(await measure(browser, c, m, hover));
      const cells = modes.map((m) => {
        const s = samples.get(m)!;
        const ms = median(s.map((x) => x.ms));
        // A run that navigated otherwise than the mode intends is flagged, not hidden.
        const wrong = s.filter((x) => x.load !== m.stopClick).length;
        console.log(`${c.name}, hover ${hover} ms, ${m.name}: median ${ms} ms (${s.map((x) => x.ms).join(", ")})${wrong ? `, ${wrong} run(s) navigated the other way` : ""}`);
        return `${ms} (${s.map((x) => x.ms).join(", ")})${wrong ? ` ⚠ ${wrong} other way` : ""}`;
      });
      const prefetched = samples.get(modes[2])!.filter((x) => x.prefetched).length;
      rows.push(`| ${c.name} | ${hover} | ${cells.join(" | ")} | ${prefetched} of ${runs} |`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  [
    "",
    `Click → next page painted, ms: median (runs). Chromium 4x CPU, slow 4G, Pixel 7, median of ${runs}`,
    "",
    `| case | hover before click (ms) | ${modes.map((m) => m.name).join(" | ")} | clicks served by the prefetch |`,
    `| --- | --- | ${modes.map(() => "---").join(" | ")} | --- |`,
    ...rows,
  ].join("\n"),
);

async function measure(browser: Browser, c: (typeof cases)[number], mode: Mode, hover: number): Promise<Sample> {
  // A fresh context each time: nothing cached from an earlier run but what the case itself loads.
  // The site's CSP allows only its own inline scripts by hash; the injected rules need it bypassed.
  const context = await browser.newContext({ ...devices["Pixel 7"], bypassCSP: mode.prefetch });
  await context.addInitScript(
    ({ stopClick, rules }) => {
      // The moment of the click, kept across a page load; in the page-load modes the page's
      // scripts (React Router's link handler) never see the click, so the browser follows the link.
      window.addEventListener(
        "click",
        (event) => {
          sessionStorage.setItem("bench-click-at", String(performance.timeOrigin + performance.now()));
          if (stopClick) event.stopImmediatePropagation();
        },
        true,
      );
      // Only on the page the click starts from: the next page must not prefetch while it paints.
      if (rules && sessionStorage.getItem("bench-click-at") === null) {
        document.addEventListener("DOMContentLoaded", () => {
          const script = document.createElement("script");
          script.type = "speculationrules";
          script.textContent = JSON.stringify(rules);
          document.head.append(script);
        });
      }
    },
    { stopClick: mode.stopClick, rules: mode.prefetch ? speculationRules : null },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttleLikeAPhone(cdp);
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
      const load = performance.timeOrigin > clickAt;
      if (load) {
        // A page load: its own first contentful paint (wait for it if it is still to come).
        const fcp = await new Promise<number>((resolve) =>
          new PerformanceObserver((list, observer) => {
            const entry = list.getEntriesByName("first-contentful-paint")[0];
            if (entry) (observer.disconnect(), resolve(entry.startTime));
          }).observe({ type: "paint", buffered: true }),
        );
        const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { deliveryType?: string };
        return { ms: Math.round(performance.timeOrigin + fcp - clickAt), load, prefetched: entry.deliveryType === "navigational-prefetch" };
      }
      // A client-side navigation: the frame after the new heading arrived.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      return { ms: Math.round(performance.timeOrigin + performance.now() - clickAt), load, prefetched: false };
    });
  } finally {
    await context.close();
  }
}
