/**
 * The publish gate: before a page goes live, its draft is rendered as visitors would get it (the
 * preview's renderer, ./documents/render.ts) and read for what would hurt it in search or for
 * people using assistive technology (src/editor/publish-gate/page-checks.server.ts), and
 * compared with the site's other pages (the same title or description, a page taken out of
 * search). Errors stop a publish unless an admin publishes anyway with a reason; warnings inform.
 * Pages only; a server without a renderer (the dev server) has no gate.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import site from "../../src/page/site-settings.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { pageName } from "../../src/editor/document/names.ts";
import { isPageFile } from "../../src/editor/server/store.ts";
import { checkRenderedPage } from "../../src/editor/publish-gate/page-checks.server.ts";
import type { GateReport } from "../../src/editor/publish-gate/report.ts";
import { PAGES_DIR } from "../../src/runtime/content/read.ts";
import type { BlogIndex } from "../../schemas/blog.ts";
import { renderDraft, warmRenderer } from "./documents/render.ts";

interface Meta {
  title?: string;
  description?: string;
  noindex?: boolean;
}
const metaOf = (data: unknown): Meta => ((data as { meta?: Meta } | null)?.meta ?? {}) as Meta;
const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Reports kept for a while by the draft they are about: the Publish dialog asks for one, and the
 * publish that follows (the same draft, the same release) takes it instead of rendering again,
 * so the check costs a publish nothing.
 */
const KEPT_MS = 10 * 60_000;
const KEPT_MAX = 100;
const kept = new Map<string, { report: Promise<GateReport | undefined>; at: number }>();

/** The gate's report on a page's draft, or undefined where there is no gate (not a page, no renderer, a page that cannot render yet: the checker says why). */
export async function gateReport(app: FastifyInstance, draft: { contentRoot: string; file: string; data: unknown; blog?: BlogIndex }): Promise<GateReport | undefined> {
  if (!isPageFile(draft.file) || !app.hasDecorator("liveBuild")) return undefined;
  const releaseDir = app.liveBuild.current().dir;
  const key = createHash("sha256").update(`${releaseDir}\0${draft.file}\0${JSON.stringify(draft.data)}`).digest("hex");
  const known = kept.get(key);
  // A check under way is shared: a Publish clicked while the dialog's check runs waits for it.
  if (known && Date.now() - known.at < KEPT_MS) return known.report;
  const report = reportOn(releaseDir, draft).catch((error: unknown) => {
    // A release without its renderer (a copied client/ folder) cannot show drafts: no gate, as on the dev server.
    app.log.warn({ err: error }, "studio: the publish gate could not render the draft");
    kept.delete(key);
    return undefined;
  });
  kept.delete(key);
  kept.set(key, { report, at: Date.now() });
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
  return report;
}

/** Loads the renderer before the first Publish asks for it (seconds on a cold start). */
export async function warmGate(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator("liveBuild")) await warmRenderer(app.liveBuild.current().dir);
}

async function reportOn(releaseDir: string, { contentRoot, file, data, blog }: { contentRoot: string; file: string; data: unknown; blog?: BlogIndex }): Promise<GateReport | undefined> {
  const rendered = await renderDraft(releaseDir, { root: contentRoot, file, data, blog });
  if (rendered.kind !== "page") return undefined;
  const pagePath = String((data as { path?: unknown } | null)?.path ?? "/");
  const { findings, snippet } = checkRenderedPage(rendered.html, new URL(pagePath.replace(/:id.*$/, ""), site.url).href);
  // The card's picture from this server: the site's own address may not be reachable from the studio.
  if (snippet.image.startsWith(new URL(site.url).origin)) snippet.image = new URL(snippet.image).pathname;
  if (snippet.image.startsWith("/") && !existsSync(path.join(releaseDir, "client", decodeURIComponent(snippet.image)))) {
    findings.push({ severity: "warning", ...errors.GateShareImageMissing(snippet.image) });
    snippet.image = "";
  }

  const meta = metaOf(data);
  const published = await readJson(path.join(contentRoot, file));
  if (meta.noindex && !metaOf(published).noindex) findings.push({ severity: "warning", ...errors.GateLeftOutOfSearch() });
  for (const other of await otherPages(contentRoot, file)) {
    const name = pageName(other.data, other.file);
    if (same(meta.title, metaOf(other.data).title)) findings.push({ severity: "warning", ...errors.GateDuplicateTitle(name) });
    if (same(meta.description, metaOf(other.data).description)) findings.push({ severity: "warning", ...errors.GateDuplicateDescription(name) });
  }
  return { findings, snippet, blocking: findings.filter((f) => f.severity === "error").length };
}

async function otherPages(root: string, file: string): Promise<{ file: string; data: unknown }[]> {
  const names = (await readdir(path.join(root, PAGES_DIR)).catch(() => [] as string[])).filter((n) => n.endsWith(".json"));
  const pages = await Promise.all(names.map(async (n) => ({ file: `${PAGES_DIR}/${n}`, data: await readJson(path.join(root, PAGES_DIR, n)) })));
  // Template pages share their meta across items by design ({title} placeholders).
  return pages.filter((p) => p.file !== file && !String((p.data as { path?: unknown } | null)?.path ?? "").includes(":id"));
}

const readJson = async (file: string): Promise<unknown> => {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return undefined;
  }
};
