/**
 * npm run bench — a report, not a test. Builds the site, serves it with the real server,
 * runs Lighthouse (mobile, simulated throttling) on the pages and prints, per route, the
 * four category scores, LCP, TBT, CLS and the page's first-load JavaScript (the modules it
 * preloads, gzip -9: what the budget counts), each against its target, and the JavaScript
 * Lighthouse saw transferred (brotli, including the block chunks fetched while hydrating), the
 * main thread's JavaScript boot-up time (Lighthouse's bootup-time: evaluating, parsing and
 * compiling scripts) and time to interactive (its interactive audit). Also written to
 * bench/results/lighthouse.{md,json}.
 *
 *   --all        every page in the sitemap (default: one route of every kind)
 *   --runs N     runs per route, the median is reported (default 3)
 *   --no-build   use the existing build
 *   --only K,K   only these kinds of route (e.g. --only home,a post)
 *   --compare U,U  also measure another site's pages (full URLs) in the same run, with the same
 *                Chrome and throttling, and print both side by side
 *   BUILD_DIR    build directory (default build)
 *   BENCH_PORT   port of the server the bench starts (default 3310)
 */
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { median } from "./lib/median.ts";
import { serveBuild } from "./lib/serve-build.ts";

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] ?? 3) || 3;
const only = args.includes("--only") ? args[args.indexOf("--only") + 1]?.split(",") : undefined;
const compare = args.includes("--compare") ? (args[args.indexOf("--compare") + 1] ?? "").split(",").filter(Boolean) : [];
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

const targets = {
  performance: { min: 95, label: "Performance" },
  accessibility: { min: 100, label: "Accessibility" },
  bestPractices: { min: 100, label: "Best practices" },
  seo: { min: 100, label: "SEO" },
  lcpMs: { max: 2000, label: "LCP (ms)" },
  tbtMs: { max: 150, label: "TBT (ms)" },
  cls: { max: 0.02, label: "CLS" },
  jsKb: { max: 150, label: "First-load JS (kB gzip)" },
  jsTransferKb: { label: "JS transferred (kB)" },
  bootupMs: { max: 350, label: "JS boot-up (ms)" },
  // Its target depends on the page's own LCP: see `pass`.
  ttiMs: { label: "TTI (ms)" },
} as const;
type Metric = keyof typeof targets;
type Figures = Record<Metric, number>;

// One route of every kind; the first path of the sitemap matching each pattern.
const kinds: [string, RegExp][] = [
  ["home", /^\/$/],
  ["about", /^\/about$/],
  ["services", /^\/services$/],
  ["a service", /^\/services\/web-development$/],
  ["SEO page", /^\/services\/seo-services$/],
  ["contact", /^\/contact$/],
  ["careers", /^\/careers$/],
  ["privacy", /^\/privacy$/],
  ["blog", /^\/blog$/],
  ["a post", /^\/blog\/(?!categories$|tags$|category\/|tag\/|author\/)[^/]+$/],
  ["a category", /^\/blog\/category\/[^/]+$/],
  ["a tag", /^\/blog\/tag\/[^/]+$/],
  ["an author", /^\/blog\/author\/[^/]+$/],
];

if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });

const sitemap = readFileSync(path.join(BUILD_DIR, "client", "sitemap.xml"), "utf8");
const all = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
const routes = args.includes("--all")
  ? all.map((p) => [p, p] as [string, string])
  : kinds.filter(([kind]) => !only || only.includes(kind)).flatMap(([kind, pattern]) => {
      const p = all.find((x) => pattern.test(x));
      if (!p) console.warn(`bench: no page of kind "${kind}" in the sitemap; skipped.`);
      return p ? [[kind, p] as [string, string]] : [];
    });

const server = await serveBuild({ port: PORT, buildDir: BUILD_DIR, env: { FORM_RATE_LIMIT: "0" } });
const profile = mkdtempSync(path.join(tmpdir(), "bench-chrome-"));
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  userDataDir: profile,
  chromeFlags: ["--headless=new", ...CHROME_ARGS],
});

/** gzip -9 size of the modules a page preloads: its first-load JavaScript. */
function firstLoadJsKb(route: string): number {
  const client = path.join(BUILD_DIR, "client");
  const html = readFileSync(path.join(client, route, "index.html"), "utf8");
  const hrefs = new Set([...html.matchAll(/<link rel="(?:x-)?modulepreload[^"]*" href="([^"]+)"/g)].map((m) => m[1]!));
  const bytes = [...hrefs].reduce((sum, href) => sum + gzipSync(readFileSync(path.join(client, href)), { level: 9 }).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

type Result = { kind: string; path: string; figures: Figures };

/** The median figures of `runs` Lighthouse runs on one URL; `jsKb` is first-load JS where it is known (this site's build). */
async function measure(url: string, jsKb: number): Promise<Figures> {
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
      console.warn(`bench: ${url} run ${i + 1} failed in Lighthouse (${lhr.runtimeError?.code ?? "no score"}); running it again.`);
      if (++failed > 3) throw new Error(`Lighthouse failed ${failed} runs of ${url}: ${lhr.runtimeError?.message ?? "no score"}`);
      i--;
      continue;
    }
    // A category below 100 names the audits that cost it points, so the report says why.
    for (const id of ["accessibility", "best-practices", "seo"]) {
      const failing = lhr.categories[id]!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1);
      for (const r of failing) console.warn(`bench: ${url} ${id}: ${lhr.audits[r.id]!.title} ${JSON.stringify((lhr.audits[r.id]!.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 300)}`);
    }
    const summary = lhr.audits["resource-summary"]?.details as { items: { resourceType: string; transferSize: number }[] } | undefined;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    samples.push({
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
      jsKb,
      jsTransferKb: Number(((summary?.items.find((x) => x.resourceType === "script")?.transferSize ?? 0) / 1024).toFixed(1)),
      bootupMs: Math.round(lhr.audits["bootup-time"]?.numericValue ?? NaN),
      ttiMs: Math.round(lhr.audits["interactive"]?.numericValue ?? NaN),
    });
  }
  const figures = Object.fromEntries((Object.keys(targets) as Metric[]).map((m) => [m, median(samples.map((s) => s[m]))])) as Figures;
  console.log(`${url}: ${JSON.stringify(figures)}`);
  return figures;
}

const results: Result[] = [];
const compared: Result[] = [];
try {
  // First-load JS is read from the build's files: the same in every run.
  for (const [kind, p] of routes) results.push({ kind, path: p, figures: await measure(server.origin + p, firstLoadJsKb(p)) });
  for (const url of compare) compared.push({ kind: new URL(url).host, path: url, figures: await measure(url, NaN) });
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}

const bound = (m: Metric) => targets[m] as { label: string; min?: number; max?: number };
const pass = (m: Metric, v: number, figures: Figures) => {
  if (m === "ttiMs") return v <= figures.lcpMs + 400;
  const t = bound(m);
  return (t.min === undefined || v >= t.min) && (t.max === undefined || v <= t.max);
};
const metrics = Object.keys(targets) as Metric[];
const targetText = (m: Metric) => {
  if (m === "ttiMs") return " (≤ LCP + 400)";
  const t = bound(m);
  return t.min !== undefined ? ` (≥ ${t.min})` : t.max !== undefined ? ` (≤ ${t.max})` : "";
};
const shown = (v: number) => (Number.isNaN(v) ? "–" : String(v));
const mark = (m: Metric, r: Result) => (targetText(m) === "" || Number.isNaN(r.figures[m]) ? "" : pass(m, r.figures[m], r.figures) ? " ✅" : " ❌");
const header = `| route | path | ${metrics.map((m) => `${targets[m].label}${targetText(m)}`).join(" | ")} |`;
const rowsOf = (list: Result[]) => list.map((r) => `| ${r.kind} | ${r.path} | ${metrics.map((m) => `${shown(r.figures[m])}${mark(m, r)}`).join(" | ")} |`);
const rows = rowsOf(results);
const failing = results.flatMap((r) => metrics.filter((m) => !pass(m, r.figures[m], r.figures)).map((m) => `${r.path} ${targets[m].label}`));
/** "low–high" over one site's pages, as the two sites are compared in a line each. */
const range = (list: Result[], m: Metric) => {
  const values = list.map((r) => r.figures[m]).filter((v) => !Number.isNaN(v));
  if (values.length === 0) return "–";
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? String(low) : `${low}–${high}`;
};
const otherSite = [...new Set(compared.map((r) => r.kind))].join(", ");
const comparison =
  compared.length === 0
    ? []
    : [
        "",
        `## Side by side with ${otherSite} (same run, same Chrome and throttling; low–high over the pages)`,
        "",
        `| | ${metrics.map((m) => targets[m].label).join(" | ")} |`,
        `|${" --- |".repeat(metrics.length + 1)}`,
        `| this site (${results.map((r) => r.kind).join(", ")}) | ${metrics.map((m) => range(results, m)).join(" | ")} |`,
        `| ${otherSite} (${compared.length} page${compared.length === 1 ? "" : "s"}) | ${metrics.map((m) => range(compared, m)).join(" | ")} |`,
        "",
        header,
        `|${" --- |".repeat(metrics.length + 2)}`,
        ...rowsOf(compared),
      ];
const markdown = [
  `# Lighthouse (mobile), median of ${runs} run${runs === 1 ? "" : "s"}`,
  "",
  `${new Date().toISOString()} · Node ${process.version} · first-load JS = gzip -9 of the modules the page preloads; JS transferred = what Lighthouse saw (brotli, block chunks included)`,
  "",
  header,
  `|${" --- |".repeat(metrics.length + 2)}`,
  ...rows,
  "",
  failing.length === 0 ? "All figures meet their targets." : `Below target: ${failing.join("; ")}`,
  ...comparison,
].join("\n");
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/lighthouse.md", markdown + "\n");
writeFileSync("bench/results/lighthouse.json", JSON.stringify({ runs, targets, results, compared }, null, 2));
console.log("\n" + markdown);
