/**
 * npm run bench:editor — a report, not a test. How long a keystroke in the page editor takes
 * to show in its live preview, on a page of 30 blocks, in Chromium against the real server
 * in local mode (the studio, signed in through the link it prints) on a throwaway copy of the content.
 *
 * Each keystroke is timed on the editor's page from its keydown to the preview's
 * "preview-painted" event for the first frame sent after it (the preview posts it after the
 * next animation frame following React's commit; src/editor/ui/PreviewPane.tsx). Keys are
 * typed at a brisk typist's pace (one every 120 ms) into a text field of the 15th block.
 *
 * Prints a Markdown summary (median, p95, worst; target median ≤ 100 ms) and writes
 * bench/results/editor.{md,json}.
 *
 *   --no-build    use the existing build in build-bench-editor/ (default: build it)
 *   --keys N      keystrokes measured (default 60)
 *   --cpu N       CPU slowdown for Chromium, as DevTools applies it (default 1)
 *   --profile     also print where the page's main thread spent its time while typing (self time per function)
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROME_PATH } from "./lib/chrome.ts";
import { serveBuild } from "./lib/serve-build.ts";
import { numberOption } from "./lib/cli.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const KEYS = option("--keys", 60);
const CPU = option("--cpu", 1);
const BUILD_DIR = path.resolve("build-bench-editor");
const PORT = Number(process.env.BENCH_PORT ?? 3381);
const TARGET_MS = 100;
const BLOCKS = 30;

if (!args.includes("--no-build")) {
  console.log("Building the site into build-bench-editor/ …");
  execFileSync("npx", ["react-router", "build"], { env: { ...process.env, BUILD_DIR }, stdio: ["ignore", "ignore", "inherit"] });
}

// A copy of the content with one page of 30 blocks: the About page's blocks, five times over.
const root = mkdtempSync(path.join(os.tmpdir(), "bench-editor-"));
cpSync("content", path.join(root, "content"), { recursive: true });
cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });

const about = JSON.parse(readFileSync("content/pages/about.json", "utf8")) as { meta: object; blocks: object[] };
const blocks = Array.from({ length: BLOCKS }, (_, i) => about.blocks[i % about.blocks.length]!);
writeFileSync(path.join(root, "content/pages/bench.json"), JSON.stringify({ path: "/bench", meta: about.meta, blocks }, null, 2));

const server = await serveBuild({
  port: PORT,
  buildDir: BUILD_DIR,
  env: { ADMIN: "1", CONTENT_ROOT: root, DATABASE_URL: `file:${path.join(root, "site.db")}`, FORM_RATE_LIMIT: "0" },
});
const browser = await chromium.launch({ executablePath: CHROME_PATH });
let samples: number[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  if (CPU > 1) await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: CPU });
  // Signed in as the local owner through the link the server printed.
  const link = /Studio, signed in as [^:]+: (\S+)/.exec(server.output())?.[1];
  if (!link) throw new Error(`The server printed no sign-in link:\n${server.output()}`);
  await page.goto(link);
  await page.goto(`${server.origin}/admin/pages?page=bench`);
  await page.frameLocator('iframe[title="Preview"]').getByTestId("preview-page").waitFor({ timeout: 120_000 });
  const outline = page.getByTestId("outline-select");
  if ((await outline.count()) !== BLOCKS) throw new Error(`Expected ${BLOCKS} blocks in the outline, found ${await outline.count()}.`);
  // The 15th block: a card-grid, whose heading title is a one-line text field.
  await outline.nth(14).click();
  const field = page.getByTestId("fields").getByRole("group", { name: "Heading" }).getByLabel("Title", { exact: true });
  await field.click();
  await page.keyboard.press("End");

  // keydown → the first frame sent after it → that frame painted in the preview.
  await page.evaluate(() => {
    const w = window as unknown as { benchSamples: number[] };
    w.benchSamples = [];
    let pressed: number | undefined;
    let awaited: number | undefined;
    document.addEventListener("keydown", () => ((pressed = performance.now()), (awaited = undefined)), true);
    window.addEventListener("preview-sent", (e) => {
      if (pressed !== undefined && awaited === undefined) awaited = (e as CustomEvent<{ rev: number }>).detail.rev;
    });
    window.addEventListener("preview-painted", (e) => {
      if (pressed === undefined || awaited === undefined || (e as CustomEvent<{ rev: number }>).detail.rev < awaited) return;
      w.benchSamples.push(performance.now() - pressed);
      pressed = awaited = undefined;
    });
  });
  const cdp = args.includes("--profile") ? await page.context().newCDPSession(page) : undefined;
  if (cdp) (await cdp.send("Profiler.enable"), await cdp.send("Profiler.start"));
  const text = "the quick brown fox jumps over the lazy dog ";
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(text[i % text.length] === " " ? "Space" : text[i % text.length]!);
    await page.waitForFunction((n) => (window as unknown as { benchSamples: number[] }).benchSamples.length > n, i, { timeout: 10_000 });
    await page.waitForTimeout(120);
  }
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const n = byId.get(id)!;
      const name = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
      self.set(name, (self.get(name) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join("\n"));
  }
  samples = await page.evaluate(() => (window as unknown as { benchSamples: number[] }).benchSamples);
  const typed = await field.inputValue();
  const sent = Array.from({ length: KEYS }, (_, i) => text[i % text.length]).join("");
  if (!typed.endsWith(sent)) throw new Error(`The field does not hold what was typed: "${typed}".`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(root, { recursive: true, force: true });
}

const sorted = [...samples].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const figures = { keys: samples.length, blocks: BLOCKS, cpuSlowdown: CPU, medianMs: Math.round(at(0.5)), p95Ms: Math.round(at(0.95)), worstMs: Math.round(sorted.at(-1)!), targetMedianMs: TARGET_MS };
const markdown = [
  `# Page editor: keystroke to preview paint (${BLOCKS}-block page, ${samples.length} keys${CPU > 1 ? `, CPU ${CPU}x slower` : ""})`,
  "",
  "| median | p95 | worst | target (median) |",
  "| --- | --- | --- | --- |",
  `| ${figures.medianMs} ms | ${figures.p95Ms} ms | ${figures.worstMs} ms | ≤ ${TARGET_MS} ms ${figures.medianMs <= TARGET_MS ? "✓" : "✗"} |`,
].join("\n");
console.log("\n" + markdown);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/editor.md", markdown + "\n");
writeFileSync("bench/results/editor.json", JSON.stringify({ ...figures, samples: samples.map(Math.round) }, null, 2));
