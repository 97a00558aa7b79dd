/**
 * npm run bench:long-tasks — the main thread's long tasks while a page starts, as a phone
 * lives them: real Chromium slowed down (4x CPU, slow 4G; devtools throttling, not Lighthouse's
 * simulation), the page's own PerformanceObserver("longtask") counting from the first
 * contentful paint until 5 s after load. A report, not a test. Per page, the median of the
 * runs: blocking time (the part of each long task over 50 ms, summed, as TBT counts it) and
 * the longest task. Lighthouse's simulated TBT (npm run bench) multiplies an unthrottled
 * trace by four and re-schedules it, so work that the page splits into short tasks can look
 * no different there; this is what a tap meets.
 *
 *   --runs N       runs per page (default 5)
 *   --no-build     use the existing build
 *   paths          the pages (default: /, /services, /blog, a post, /privacy)
 *   BUILD_DIR, BENCH_PORT (default 3340), CHROME_PATH (default /usr/bin/chromium)
 */
import { execSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { buildDirectory } from "../src/admin/mode.server.ts";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { median } from "./lib/median.ts";
import { throttleLikeAPhone } from "./lib/phone.ts";
import { serveBuild } from "./lib/serve-build.ts";

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) || 5 : 5;
const paths = args.filter((a, i) => a.startsWith("/") && args[i - 1] !== "--runs");
const pages = paths.length ? paths : ["/", "/services", "/blog", "/blog/rag-that-answers-from-your-documents", "/privacy"];
const PORT = Number(process.env.BENCH_PORT ?? 3340);
const BUILD_DIR = buildDirectory();

if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
const server = await serveBuild({ port: PORT, buildDir: BUILD_DIR, env: { FORM_RATE_LIMIT: "0" } });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });

const rows: string[] = [];
try {
  for (const p of pages) {
    const samples: { blocking: number; longest: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await throttleLikeAPhone(await context.newCDPSession(page));
      await page.addInitScript(() => {
        const w = window as unknown as { longTasks: [number, number][] };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration]);
        }).observe({ type: "longtask", buffered: true });
      });
      await page.goto(server.origin + p, { waitUntil: "load" });
      await page.waitForTimeout(5000);
      samples.push(
        await page.evaluate(() => {
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
          const after = (window as unknown as { longTasks: [number, number][] }).longTasks.filter(([start, d]) => start + d > fcp).map(([, d]) => d);
          return { blocking: Math.round(after.reduce((sum, d) => sum + Math.max(0, d - 50), 0)), longest: Math.round(Math.max(0, ...after)) };
        }),
      );
      await context.close();
    }
    const blocking = samples.map((s) => s.blocking);
    const longest = median(samples.map((s) => s.longest));
    console.log(`${p}: blocking ${median(blocking)} ms (${blocking.join(", ")}), longest task ${longest} ms`);
    rows.push(`| ${p} | ${median(blocking)} (${blocking.join(", ")}) | ${longest} |`);
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`\n| page | blocking time after FCP (ms), median (runs) | longest task (ms), median |\n| --- | --- | --- |\n${rows.join("\n")}`);
