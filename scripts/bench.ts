/**
 * npm run bench — a report, not a test. Builds the site, serves it with the real server,
 * runs Lighthouse (mobile, simulated throttling) on the pages and prints, per route, the
 * four category scores, LCP, TBT, CLS, JavaScript boot-up time (Lighthouse's bootup-time:
 * script evaluation, parse and compile), time to interactive (also as TTI − LCP), and the
 * page's first-load JavaScript (the modules it loads without any interaction: its module
 * script with its static imports and the modules it preloads, gzip -9: what the budget
 * counts), each against its target, the JavaScript Lighthouse saw transferred, and the CSS
 * inline in the page's HTML (its <style> elements, as sent and gzip -9). Also written to
 * bench/results/lighthouse.{md,json}.
 *
 *   --all          every page in the sitemap (default: one route of every kind, in each
 *                  locale the sitemap has: "home", then "home (hi)"…; lib/bench-routes.ts)
 *   --runs N       runs per route, the median is reported (default 3)
 *   --no-build     use the existing build
 *   --only K,K     only these kinds of route (e.g. --only home,a post: in every locale;
 *                  --only "home (hi)": in one)
 *   --list         print the routes it would measure, and stop (with --no-build: at once)
 *   --compare U,U  also run these URLs of another site (a server of its own) in the same
 *                  run, and print both side by side (its first-load JS is not known: n/a)
 *   --compare-headers[=csp]
 *                  reach them through a proxy that adds this site's headers (lib/compared-pages.ts)
 *   --no-floor     leave out the floor: a page with nothing to it, served with the site's
 *                  headers, which shows what the browser costs on its own (lib/floor-page.ts)
 *   BUILD_DIR      build directory (default build)
 *   BENCH_PORT     the port this site is served on for the run (default 3310; the floor
 *                  page on the next one)
 */
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildDirectory } from "../src/admin/mode.server.ts";
import type { AfterPaint } from "../src/runtime/after-paint.server.ts";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { serveFloorPage } from "./lib/floor-page.ts";
import { inlineCss } from "./lib/inline-css.ts";
import { median } from "./lib/median.ts";
import { benchRoutes, ROUTE_KINDS } from "./lib/bench-routes.ts";
import { compareOptions, startComparedPages } from "./lib/compared-pages.ts";
import { serveBuild } from "./lib/serve-build.ts";

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] ?? 3) || 3;
const only = args.includes("--only") ? args[args.indexOf("--only") + 1]?.split(",") : undefined;
const compare = compareOptions(args, "bench");
const withFloor = !args.includes("--no-floor");
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const BUILD_DIR = buildDirectory();

const targets = {
  performance: { min: 100, label: "Performance" },
  accessibility: { min: 100, label: "Accessibility" },
  bestPractices: { min: 100, label: "Best practices" },
  seo: { min: 100, label: "SEO" },
  lcpMs: { max: 1200, label: "LCP (ms)" },
  tbtMs: { max: 30, label: "TBT (ms)" },
  cls: { max: 0, label: "CLS" },
  bootupMs: { max: 350, label: "JS boot-up (ms)" },
  ttiMs: { label: "TTI (ms)" },
  ttiOverLcpMs: { max: 400, label: "TTI − LCP (ms)" },
  jsKb: { max: 120, label: "First-load JS (kB gzip)" },
  jsTransferKb: { label: "JS transferred (kB)" },
  fontKb: { label: "Fonts transferred (kB)" },
  cssKb: { label: "Inline CSS (kB)" },
  cssGzipKb: { label: "Inline CSS (kB gzip)" },
} as const;
type Metric = keyof typeof targets;
type Figures = Record<Metric, number>;

if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });

const sitemap = readFileSync(path.join(BUILD_DIR, "client", "sitemap.xml"), "utf8");
const all = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
const routes = args.includes("--all") ? all.map((p) => [p, p] as [string, string]) : benchRoutes(sitemap, ROUTE_KINDS, only);
if (args.includes("--list")) {
  for (const [kind, p] of routes) console.log(`${kind.padEnd(24)} ${p}`);
  process.exit(0);
}

// The floor first: if its port is taken, nothing else has started yet.
const floor = withFloor ? await serveFloorPage(PORT + 1) : undefined;
const server = await serveBuild({ port: PORT, buildDir: BUILD_DIR, env: { FORM_RATE_LIMIT: "0" } });
const compared = await startComparedPages(compare);
const profile = mkdtempSync(path.join(tmpdir(), "bench-chrome-"));
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  userDataDir: profile,
  chromeFlags: ["--headless=new", ...CHROME_ARGS],
});

/**
 * gzip -9 size of the modules a page loads without any interaction: its first-load
 * JavaScript. Its module script (the islands runtime) with the modules it preloads, and the
 * islands' code it prefetches, all after the first paint (after-paint.server.ts): everything
 * the first island needs.
 */
function firstLoadJsKb(route: string): number {
  const client = path.join(BUILD_DIR, "client");
  const html = readFileSync(path.join(client, route, "index.html"), "utf8");
  const data = html.match(/<script type="application\/json" id="after-paint">(.*?)<\/script>/)?.[1];
  const { preload = [], module, prefetch = [] } = data ? (JSON.parse(data) as Partial<AfterPaint>) : {};
  const hrefs = new Set([
    ...[...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link rel="(?:modulepreload|prefetch)" href="([^"]+)"/g)].map((m) => m[1]!),
    ...preload,
    ...(module ? [module] : []),
    ...prefetch,
  ]);
  const bytes = [...hrefs].reduce((sum, href) => sum + gzipSync(readFileSync(path.join(client, href)), { level: 9 }).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

/** This site's routes, the floor, then the other site's URLs (--compare). */
const pages = [
  ...routes.map(([kind, p]) => ({ site: "this site", kind, path: p, url: server.origin + p, jsKb: firstLoadJsKb(p) })),
  ...(floor ? [{ site: "floor", kind: "nothing to it", path: "/", url: floor.url, jsKb: NaN }] : []),
  ...compared.pages.map((page) => ({ ...page, kind: "compared", jsKb: NaN })),
];
/** The font files a run fetched, by their names: Lighthouse's font type leaves out a face prefetched for the site's next page (a Hindi page's Devanagari, src/styles/script-fonts.ts). */
function fontBytes(lhr: { audits: Record<string, { details?: unknown } | undefined> }): number {
  const requests = (lhr.audits["network-requests"]?.details as { items: { url: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return requests.filter((r) => /\.woff2?(?:$|\?)/.test(r.url)).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

/** Per route, the median of each figure, and the lowest and highest TBT of its runs: on this page size it swings widely between runs of one build (docs/architecture.md, "What start-up costs"). */
const results: { site: string; kind: string; path: string; figures: Figures; tbtRange: [number, number] }[] = [];
try {
  for (const { site, kind, path: p, url, jsKb } of pages) {
    // The page's HTML as the browser gets it, for its inline CSS (same on every run).
    const css = inlineCss(await (await fetch(url)).text());
    const samples: Figures[] = [];
    for (let i = 0, failed = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result!.lhr;
      // Now and then Lighthouse itself fails a run (no paint seen in its trace, a protocol
      // timeout): such a run has no scores. It is run again, not counted as a zero.
      if (lhr.runtimeError || Object.values(lhr.categories).some((c) => c.score === null)) {
        console.warn(`bench: ${p} run ${i + 1} failed in Lighthouse (${lhr.runtimeError?.code ?? "no score"}); running it again.`);
        if (++failed > 3) throw new Error(`Lighthouse failed ${failed} runs of ${p}: ${lhr.runtimeError?.message ?? "no score"}`);
        i--;
        continue;
      }
      // A category below 100 names the audits that cost it points, so the report says why.
      for (const id of ["accessibility", "best-practices", "seo"]) {
        const failing = lhr.categories[id]!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1);
        for (const r of failing) console.warn(`bench: ${p} ${id}: ${lhr.audits[r.id]!.title} ${JSON.stringify((lhr.audits[r.id]!.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 300)}`);
      }
      const summary = lhr.audits["resource-summary"]?.details as { items: { resourceType: string; transferSize: number }[] } | undefined;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const lcpMs = Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN);
      const ttiMs = Math.round(lhr.audits["interactive"]?.numericValue ?? NaN);
      samples.push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs,
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
        bootupMs: Math.round(lhr.audits["bootup-time"]?.numericValue ?? NaN),
        ttiMs,
        ttiOverLcpMs: ttiMs - lcpMs,
        jsKb,
        jsTransferKb: Number(((summary?.items.find((x) => x.resourceType === "script")?.transferSize ?? 0) / 1024).toFixed(1)),
        fontKb: Number((fontBytes(lhr) / 1024).toFixed(1)),
        cssKb: Number((css.bytes / 1024).toFixed(1)),
        cssGzipKb: Number((css.gzipBytes / 1024).toFixed(1)),
      });
    }
    const figures = Object.fromEntries((Object.keys(targets) as Metric[]).map((m) => [m, median(samples.map((s) => s[m]))])) as Figures;
    const tbts = samples.map((x) => x.tbtMs);
    results.push({ site, kind, path: p, figures, tbtRange: [Math.min(...tbts), Math.max(...tbts)] });
    console.log(`${site} ${p}: ${JSON.stringify(figures)}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
  await floor?.stop();
  await compared.stop();
  rmSync(profile, { recursive: true, force: true });
}

const bound = (m: Metric) => targets[m] as { label: string; min?: number; max?: number };
const pass = (m: Metric, v: number) => {
  const t = bound(m);
  return Number.isNaN(v) || ((t.min === undefined || v >= t.min) && (t.max === undefined || v <= t.max));
};
const metrics = Object.keys(targets) as Metric[];
const targetText = (m: Metric) => {
  const t = bound(m);
  return t.min !== undefined ? ` (≥ ${t.min})` : t.max !== undefined ? ` (≤ ${t.max})` : "";
};
const mark = (m: Metric, v: number) => (targetText(m) === "" || Number.isNaN(v) ? "" : pass(m, v) ? " ✅" : " ❌");
const cell = (m: Metric, v: number) => (Number.isNaN(v) ? "n/a" : `${v}${mark(m, v)}`);
const tbtCell = (r: (typeof results)[number]) => `${cell("tbtMs", r.figures.tbtMs)} (${r.tbtRange.join("–")})`;
const header = `| site | route | path | ${metrics.map((m) => `${targets[m].label}${targetText(m)}`).join(" | ")} |`;
// Side by side: the other site's pages follow this site's, one table.
const rows = results.map((r) => `| ${r.site} | ${r.kind} | ${r.path} | ${metrics.map((m) => (m === "tbtMs" && runs > 1 ? tbtCell(r) : cell(m, r.figures[m]))).join(" | ")} |`);
const failing = results.filter((r) => r.site === "this site").flatMap((r) => metrics.filter((m) => !pass(m, r.figures[m])).map((m) => `${r.path} ${targets[m].label}`));
const markdown = [
  `# Lighthouse (mobile), median of ${runs} run${runs === 1 ? "" : "s"}`,
  "",
  `${new Date().toISOString()} · Node ${process.version} · TBT: the median, then the lowest and highest of the runs · first-load JS = gzip -9 of the modules a page loads without interaction (its runtime and the modules it preloads); JS and fonts transferred = what Lighthouse saw; JS boot-up = Lighthouse's bootup-time (evaluation, parse, compile; 4x CPU simulated) · inline CSS = the text of the page's <style> elements, as sent and gzip -9${floor ? " · floor = a page with nothing to it, served with the site's headers: what the browser costs on its own under them" : ""}`,
  ...(compared.note ? ["", compared.note] : []),
  "",
  header,
  `|${" --- |".repeat(metrics.length + 3)}`,
  ...rows,
  "",
  failing.length === 0 ? "All figures meet their targets." : `Below target: ${failing.join("; ")}`,
].join("\n");
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/lighthouse.md", markdown + "\n");
writeFileSync("bench/results/lighthouse.json", JSON.stringify({ runs, targets, results }, null, 2));
console.log("\n" + markdown);
