/**
 * npm run bench:long-tasks — the main thread's long tasks while a page starts, as a phone
 * lives them: real Chromium slowed down (4x CPU, slow 4G; devtools throttling, not Lighthouse's
 * simulation), the page's own PerformanceObserver("longtask") counting from the first
 * contentful paint until 5 s after load. A report, not a test. Per page, the median of the
 * runs: blocking time (the part of each long task over 50 ms, summed, as TBT counts it) and
 * the longest task. Lighthouse's simulated TBT (npm run bench) multiplies an unthrottled
 * trace by four and re-schedules it, so work that the page splits into short tasks can look
 * no different there; this is what a tap meets. Chromium's "longtask" entries leave out the
 * rendering that follows a task (a frame's style and layout: a face swapped in lays out the
 * whole page there), so the same window is also read as long animation frames: their blocking
 * time (a frame's task and its rendering, over 50 ms) and the style and layout within them.
 *
 *   --runs N       runs per page (default 5)
 *   --no-build     use the existing build
 *   paths          the pages (default: /, /hi, /services, /blog, a post, /privacy)
 *   --compare U,U, --compare-headers[=csp]
 *                  also another site's pages, in the same run (lib/compared-pages.ts)
 *   --no-floor     leave out the floor: a page with nothing to it, served with the site's
 *                  headers (lib/floor-page.ts), which shows what the browser costs on its own
 *   BUILD_DIR, BENCH_PORT (default 3340; the floor page on the next one), CHROME_PATH
 */
import { execSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { buildDirectory } from "../src/admin/mode.server.ts";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { compareOptions, startComparedPages } from "./lib/compared-pages.ts";
import { serveFloorPage } from "./lib/floor-page.ts";
import { median } from "./lib/median.ts";
import { throttleLikeAPhone } from "./lib/phone.ts";
import { serveBuild } from "./lib/serve-build.ts";

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) || 5 : 5;
const compare = compareOptions(args, "bench:long-tasks");
const paths = args.filter((a) => a.startsWith("/"));
const pages = paths.length ? paths : ["/", "/hi", "/services", "/blog", "/blog/rag-that-answers-from-your-documents", "/privacy"];
const PORT = Number(process.env.BENCH_PORT ?? 3340);
const BUILD_DIR = buildDirectory();

if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
const floor = args.includes("--no-floor") ? undefined : await serveFloorPage(PORT + 1);
const server = await serveBuild({ port: PORT, buildDir: BUILD_DIR, env: { FORM_RATE_LIMIT: "0" } });
const compared = await startComparedPages(compare);
/** This site's pages, the floor, then the other site's (--compare). */
const targets = [
  ...pages.map((p) => ({ label: p, url: server.origin + p })),
  ...(floor ? [{ label: "floor (nothing to it)", url: floor.url }] : []),
  ...compared.pages.map(({ site, path: p, url }) => ({ label: `${site} ${p}`, url })),
];
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });

const rows: string[] = [];
try {
  for (const { label: p, url } of targets) {
    const samples: { blocking: number; longest: number; frameBlocking: number; frameLayout: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await throttleLikeAPhone(await context.newCDPSession(page));
      await page.addInitScript(() => {
        const w = window as unknown as { longTasks: [number, number][]; frames: [number, number, number, number][] };
        w.longTasks = [];
        w.frames = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration]);
        }).observe({ type: "longtask", buffered: true });
        // [start, duration, blocking, style and layout]: the frame's rendering runs from styleAndLayoutStart to its end.
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { blockingDuration: number; styleAndLayoutStart: number })[]) {
            w.frames.push([e.startTime, e.duration, e.blockingDuration, e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0]);
          }
        }).observe({ type: "long-animation-frame", buffered: true });
      });
      await page.goto(url, { waitUntil: "load" });
      await page.waitForTimeout(5000);
      samples.push(
        await page.evaluate(() => {
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
          const w = window as unknown as { longTasks: [number, number][]; frames: [number, number, number, number][] };
          const after = w.longTasks.filter(([start, d]) => start + d > fcp).map(([, d]) => d);
          const frames = w.frames.filter(([start, d]) => start + d > fcp);
          return {
            blocking: Math.round(after.reduce((total, d) => total + Math.max(0, d - 50), 0)),
            longest: Math.round(Math.max(0, ...after)),
            frameBlocking: Math.round(frames.reduce((total, [, , blocking]) => total + blocking, 0)),
            frameLayout: Math.round(frames.reduce((total, [, , , layout]) => total + layout, 0)),
          };
        }),
      );
      await context.close();
    }
    const blocking = samples.map((s) => s.blocking);
    const longest = median(samples.map((s) => s.longest));
    const frameBlocking = samples.map((s) => s.frameBlocking);
    const frameLayout = median(samples.map((s) => s.frameLayout));
    console.log(`${p}: blocking ${median(blocking)} ms (${blocking.join(", ")}), longest task ${longest} ms; long animation frames: blocking ${median(frameBlocking)} ms, style and layout ${frameLayout} ms`);
    rows.push(`| ${p} | ${median(blocking)} (${blocking.join(", ")}) | ${longest} | ${median(frameBlocking)} (${frameBlocking.join(", ")}) | ${frameLayout} |`);
  }
} finally {
  await browser.close();
  await server.stop();
  await floor?.stop();
  await compared.stop();
}
console.log(
  "\n| page | long tasks: blocking after FCP (ms), median (runs) | longest task (ms), median | long animation frames: blocking after FCP (ms), median (runs) | style and layout in them (ms), median |\n| --- | --- | --- | --- | --- |\n" +
    rows.join("\n") +
    (compared.note ? `\n\n${compared.note}` : ""),
);
