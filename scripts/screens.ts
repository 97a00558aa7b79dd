/**
 * npm run screens — screenshots of one route of every kind, in every locale (the routes
 * `npm run bench` measures), at 1280 and 390 px wide, full page, for proving that a change
 * made for speed moved no pixel:
 *
 *   npm run screens -- /tmp/before               (on the build before the change)
 *   npm run screens -- /tmp/after --against /tmp/before
 *
 * With --against, each screenshot is compared with the one of the same name there, and the
 * command fails naming every route and width that differs (or is missing). Screenshots are
 * taken as of a page reached from another of the site's (its faces on from the start: Inter, and
 * a Hindi page's Devanagari face), once they are loaded, with animations finished and the caret hidden.
 *
 *   --no-build     use the existing build (default: npm run build first)
 *   --only K,K     only these kinds of route, as in npm run bench
 *   BUILD_DIR, BENCH_PORT (default 3350)
 */
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { buildDirectory } from "../src/admin/mode.server.ts";
import { benchRoutes, ROUTE_KINDS } from "./lib/bench-routes.ts";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { serveBuild } from "./lib/serve-build.ts";

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const out = args.find((a, i) => !a.startsWith("--") && !["--against", "--only"].includes(args[i - 1] ?? ""));
const against = valueOf("--against");
const only = valueOf("--only")?.split(",");
if (!out) throw new Error("screens: name the folder to write the screenshots to: npm run screens -- <folder> [--against <folder>]");
if (against && !existsSync(against)) throw new Error(`screens: ${against} does not exist: take the screenshots to compare with first.`);

const WIDTHS = [1280, 390];
const BUILD_DIR = buildDirectory();
if (!args.includes("--no-build")) execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
const routes = benchRoutes(readFileSync(path.join(BUILD_DIR, "client", "sitemap.xml"), "utf8"), ROUTE_KINDS, only);

mkdirSync(out, { recursive: true });
const server = await serveBuild({ port: Number(process.env.BENCH_PORT ?? 3350), buildDir: BUILD_DIR });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
const differing: string[] = [];
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    for (const [kind, p] of routes) {
      const name = `${kind.replace(/[^\w()-]+/g, "-")}-${width}.png`;
      // As a page reached from the site's own: its faces are on from the first paint (src/styles/text-face.ts), so the fonts are the designed ones, every time.
      await page.goto(server.origin + p, { waitUntil: "load", referer: `${server.origin}/` });
      await page.evaluate(() => document.fonts.ready);
      const shot = await page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
      writeFileSync(path.join(out, name), shot);
      if (!against) continue;
      const before = path.join(against, name);
      if (!existsSync(before)) differing.push(`${p} at ${width} px: no ${before}`);
      else if (!readFileSync(before).equals(shot)) differing.push(`${p} at ${width} px: differs (${before} and ${path.join(out, name)})`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screens: ${routes.length * WIDTHS.length} screenshots of ${routes.length} routes in ${out}`);
if (against) {
  for (const line of differing) console.error(`screens: ${line}`);
  console.log(differing.length ? `screens: ${differing.length} differ from ${against}` : `screens: every one is identical to ${against}`);
  process.exitCode = differing.length ? 1 : 0;
}
