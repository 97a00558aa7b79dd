/**
 * npm test: every test, in stages, each timed. Typecheck runs beside the content check and the
 * build (tsc and Vite each keep about one core busy), and the i18n test site's build follows the
 * typecheck, beside the build's end; then Vitest, the Playwright site suite on that build, and
 * the WordPress freshness test beside the WordPress-backed Playwright suite. It stops after the
 * first step that fails, as `a && b && c` would, and closes with a table of the wall time of
 * every stage run, so a stage that got slower shows in the log.
 *
 * TEST_TIMINGS_FILE=path appends "stage<TAB>seconds<TAB>status" lines there too (.ci/run
 * adds its own stages and prints one table for the whole run).
 */
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import path from "node:path";
import { I18N_SITE_ENV } from "../tests/e2e/global-setup.ts";

// Every build of the run, the ones in tests' copies of the project included, takes its picture
// variants from one cache (src/runtime/media/pipeline.server.ts): a variant is encoded once.
const ROOT = path.resolve(import.meta.dirname, "..");
process.env.MEDIA_CACHE_DIR ??= path.join(ROOT, ".media-cache");

interface Stage {
  name: string;
  command: string[];
}

interface Timing {
  name: string;
  seconds: number;
  ok: boolean;
}

const npx = (...args: string[]): string[] => ["npx", ...args];

const TYPECHECK: Stage = { name: "typecheck", command: ["npm", "run", "typecheck"] };
// --strict: a published locale's page with a translation must not be a fallback (docs/i18n.md).
const CONTENT_CHECK: Stage = { name: "content check", command: ["npm", "run", "content:check", "--", "--strict"] };
// npm run build without its own content check, which the stage before has just run.
const BUILD: Stage = { name: "build", command: npx("tsx", "scripts/build.ts") };
// The site with more languages that tests/e2e/i18n.spec.ts runs against, built once the
// typecheck is done, beside the build's end (whose pictures its own then find in the cache):
// built inside the Playwright stage, it held one of its two workers for nearly three minutes.
const I18N_SITE_DIR = path.join(ROOT, "data", "i18n-e2e-site");
const I18N_SITE: Stage = { name: "build (i18n test site)", command: npx("tsx", "tests/e2e/i18n-site.ts", I18N_SITE_DIR) };
// The WordPress freshness test runs apart from the other Vitest files: its WordPress (php -S, one
// request at a time) and its builds starve beside their builds and servers, and its polling
// case then missed two minutes in CI while it took 10 s on its own.
const FRESHNESS = "tests/contract/wordpress-freshness.test.ts";
const VITEST: Stage = { name: "vitest", command: npx("vitest", "run", "--exclude", FRESHNESS) };
const VITEST_FRESHNESS: Stage = { name: "vitest (WordPress freshness)", command: npx("vitest", "run", FRESHNESS) };
const PLAYWRIGHT: Stage = { name: "playwright (site)", command: npx("playwright", "test") };
const PLAYWRIGHT_WORDPRESS: Stage = { name: "playwright (wordpress)", command: ["npm", "run", "test:wordpress"] };

const timings: Timing[] = [];

/**
 * Runs a stage; with `quiet`, its output is held back and printed in one piece when it ends,
 * so two stages running side by side never interleave their lines.
 */
function run(stage: Stage, quiet = false): Promise<boolean> {
  console.log(`\n==> ${stage.name}: ${stage.command.join(" ")}${quiet ? " (alongside; its output follows when it ends)" : ""}`);
  const started = performance.now();
  const [command, ...args] = stage.command;
  const child = spawn(command!, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d));
  child.stderr?.on("data", (d: Buffer) => (output += d));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      const timing = { name: stage.name, seconds: (performance.now() - started) / 1000, ok: status === 0 };
      timings.push(timing);
      if (quiet) process.stdout.write(`\n==> ${stage.name} output\n${output}`);
      console.log(`\n==> ${stage.name}: ${timing.ok ? "passed" : `FAILED (exit ${status})`} in ${formatSeconds(timing.seconds)}`);
      if (process.env.TEST_TIMINGS_FILE) appendFileSync(process.env.TEST_TIMINGS_FILE, `${stage.name}\t${timing.seconds.toFixed(1)}\t${timing.ok ? "ok" : "failed"}\n`);
      resolve(timing.ok);
    });
  });
}

const formatSeconds = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
};

async function main(): Promise<boolean> {
  const [typechecked, built] = await Promise.all([run(TYPECHECK, true).then((ok) => ok && run(I18N_SITE, true)), run(CONTENT_CHECK).then((ok) => ok && run(BUILD))]);
  if (!typechecked || !built) return false;
  process.env[I18N_SITE_ENV] = I18N_SITE_DIR;
  // Not the WordPress suite beside Vitest: tried, and on a loaded machine its WordPress and
  // build starved the freshness test's WordPress until the build's requests to it timed out.
  for (const stage of [VITEST, PLAYWRIGHT]) {
    if (!(await run(stage))) return false;
  }
  // The freshness file beside the WordPress suite, and nothing else: each starts a WordPress of
  // its own (other ports, datadirs, build folders) and builds from it, about a core each with no
  // time limit; the suite's 30 page loads then end about when the freshness file's timed cases
  // begin (measured: 216 s and 214 s in), so those run nearly alone, as they need. Both took
  // 359 s together, less than the freshness file alone had (461 s, under more load).
  const [fresh, wordpress] = await Promise.all([run(VITEST_FRESHNESS), run(PLAYWRIGHT_WORDPRESS, true)]);
  return fresh && wordpress;
}

const started = performance.now();
const ok = await main();
console.log("\n==> Stage times (npm test)");
for (const t of timings) console.log(`${t.name.padEnd(24)} ${formatSeconds(t.seconds).padStart(7)}${t.ok ? "" : "  FAILED"}`);
console.log(`${"total (wall)".padEnd(24)} ${formatSeconds((performance.now() - started) / 1000).padStart(7)}`);
process.exit(ok ? 0 : 1);
