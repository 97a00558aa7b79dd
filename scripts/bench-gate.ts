/**
 * npm run bench:gate — a report, not a test: the publish gate's check of one page's draft, the
 * way it is now beside the way it was, in one process and alternating, so the machine's load
 * weighs on both alike. Needs a build (npm run build): its renderer renders the drafts.
 *
 *   now:    the editor store's checked content, the draft checked against it once
 *           (src/editor/server/store.ts withDraft), and the page rendered and read in each
 *           language (server/studio/publish-gate.ts gateReport)
 *   before: the content read and the whole site checked again for the draft, and the page
 *           rendered and read in the site's language only (server/studio/documents/render.ts
 *           renderDraft, as the preview links still do; the old gate also read every page file
 *           again for its duplicate titles, not counted here)
 *
 *   --runs N   drafts checked each way (default 7)
 */
import { realpathSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import site from "../src/page/site-settings.ts";
import { renderDraft } from "../server/studio/documents/render.ts";
import { gateReport } from "../server/studio/publish-gate.ts";
import { editorStore } from "../src/editor/server/store.ts";
import { checkRenderedPage } from "../src/editor/publish-gate/page-checks.server.ts";
import { median } from "./lib/median.ts";

const at = process.argv.indexOf("--runs");
const runs = Math.max(1, at >= 0 ? Number(process.argv[at + 1]) : 7);
const root = process.cwd();
const FILE = "content/pages/about.json";
const releaseDir = realpathSync(path.join(root, "build"));
const page = JSON.parse(readFileSync(path.join(root, FILE), "utf8")) as { meta: { title: string } };
const draft = (n: number) => ({ ...page, meta: { ...page.meta, title: `About us, take ${n}` } });
// What gateReport reads of the server: its release, and a log.
const app = { hasDecorator: () => true, liveBuild: { current: () => ({ dir: releaseDir }) }, log: { warn: (...args: unknown[]) => console.warn(...args) } } as unknown as FastifyInstance;
const store = editorStore({ root });

const before = async (n: number) => {
  const rendered = await renderDraft(releaseDir, { root, file: FILE, data: draft(n) });
  if (rendered.kind !== "page") throw new Error(rendered.reason);
  checkRenderedPage(rendered.html, `${site.url}/about`);
};
const now = async (n: number) => {
  const report = await gateReport(app, { store, file: FILE, data: draft(n) });
  if (report?.pages.length !== 2) throw new Error(`The gate read ${report?.pages.length ?? 0} pages, not the page in both languages.`);
};
const timed = async (run: () => Promise<void>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

// Warm: the renderer imported, the store's content read and checked once (as a running server has them).
await before(0);
await now(0);
const times = { before: [] as number[], now: [] as number[] };
for (let n = 1; n <= runs; n++) {
  times.before.push(await timed(() => before(n)));
  times.now.push(await timed(() => now(n)));
}
const ms = (xs: number[]) => `${Math.round(median(xs))} ms (${xs.map(Math.round).join(", ")})`;
console.log(`# The publish gate's check of ${FILE}, ${runs} drafts each way, alternating`);
console.log(`${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs · load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
console.log(`before (read and check the site again, render the page once): median ${ms(times.before)}`);
console.log(`now (the store's checked content, the page in both languages):  median ${ms(times.now)}`);
