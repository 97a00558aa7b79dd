/**
 * The publish gate: before a draft goes live, every page it changes is rendered as visitors would
 * get it, in each language it is published in (./documents/render.ts's renderer), and read for
 * what would hurt it in search or for people using assistive technology
 * (src/editor/publish-gate/page-checks.server.ts); a page's draft is also compared with the
 * site's other pages (the same title or description, a page taken out of search). A page's draft
 * changes that page; a section's, the pages placing it; a collection's, the pages listing or
 * showing its items; a translation of any of these, the same pages in its language. A translation
 * of the site settings changes the menu, footer and contact facts of every page in its language:
 * a sample of them is read (sampleOfLocale). Errors stop a publish unless an admin publishes
 * anyway with a reason; warnings inform. A server without a renderer (the dev server) has no gate.
 *
 * Why it is quick: the site is not read and checked again for the gate. The editor's store holds
 * the checked content (read once per change on disk) and checks the draft against it once; the
 * publish that follows takes that same check (src/editor/server/store.ts withDraft), and the
 * gate renders only the routes the check loaded again for the draft.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import site from "../../src/page/site-settings.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { pageName, pageNaming } from "../../src/editor/document/names.ts";
import { type DraftedSite, type EditorStore, editableCollections, isPageFile, isSectionFile, translationOf } from "../../src/editor/server/store.ts";
import { checkRenderedPage } from "../../src/editor/publish-gate/page-checks.server.ts";
import type { Finding, GateReport } from "../../src/editor/publish-gate/report.ts";
import { collectionFile, pageFiles } from "../../src/runtime/content/read.ts";
import type { RouteEntry } from "../../src/runtime/route-table.ts";
import { SITE_SETTINGS } from "../../schemas/site.ts";
import { renderPage, warmRenderer } from "./documents/render.ts";

interface Meta {
  title?: string;
  description?: string;
  noindex?: boolean;
}
const metaOf = (data: unknown): Meta => ((data as { meta?: Meta } | null)?.meta ?? {}) as Meta;
const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
const parsed = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

const changesPages = (file: string) => isPageFile(file) || isSectionFile(file) || editableCollections.some((name) => collectionFile(name) === file);
/** A translation of the site settings: the shell of every page in its language. */
const isSiteTranslation = (file: string) => translationOf(file)?.source === SITE_SETTINGS;

/**
 * The documents whose drafts change pages: pages, sections and collections, their translations
 * and the site settings' (a post has its own checks; the site settings themselves, their own screen's).
 */
export const isGated = (file: string) => {
  const source = translationOf(file)?.source;
  return changesPages(file) || (source !== undefined && (changesPages(source) || source === SITE_SETTINGS));
};

/**
 * Reports kept for a while by the draft they are about: the Publish dialog asks for one, and the
 * publish that follows (the same draft, the same content, the same release) takes it instead of
 * rendering again, so the check costs a publish nothing.
 */
const KEPT_MS = 10 * 60_000;
const KEPT_MAX = 100;
const kept = new Map<string, { report: Promise<GateReport | undefined>; at: number }>();

/** The gate's report on a draft, or undefined where there is no gate (a post, no renderer, a draft that cannot render yet: the checker says why). */
export async function gateReport(app: FastifyInstance, { store, file, data }: { store: EditorStore; file: string; data: unknown }): Promise<GateReport | undefined> {
  if (!isGated(file) || !app.hasDecorator("liveBuild")) return undefined;
  const releaseDir = app.liveBuild.current().dir;
  const drafted = await store.withDraft(file, data);
  if (!drafted?.check.content || !drafted.check.table) return undefined;
  const key = createHash("sha256").update(`${releaseDir}\0${drafted.stamp}\0${file}\0${JSON.stringify(data)}`).digest("hex");
  const known = kept.get(key);
  // A check under way is shared: a Publish clicked while the dialog's check runs waits for it.
  if (known && Date.now() - known.at < KEPT_MS) return known.report;
  const report = reportOn(releaseDir, file, data, drafted).catch((error: unknown) => {
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

/**
 * The pages a draft changes, as routes of the site with the draft: a page's own in each language
 * (a template page's first item), else each route the draft's check loaded again whose data is
 * not what the site on disk shows. One route per page file and language: a template page's items
 * share their blocks. The site's own language first.
 */
export function pagesChangedBy(file: string, { check, baseline }: Pick<DraftedSite, "check" | "baseline">): RouteEntry[] {
  const routes = [...(check.table?.routes.values() ?? [])].filter((entry) => check.pages.has(entry.path));
  const changed = isPageFile(file)
    ? routes.filter((entry) => entry.file.source.file === file)
    : routes.filter((entry) => JSON.stringify(check.pages.get(entry.path)) !== JSON.stringify(baseline.check.pages.get(entry.path)));
  if (isSiteTranslation(file)) changed.unshift(...sampleOfLocale(routes));
  const seen = new Set<string>();
  return changed
    .filter((entry) => {
      const page = `${entry.file.source.file}\0${entry.locale?.code ?? ""}`;
      return !seen.has(page) && !!seen.add(page);
    })
    .sort((a, b) => Number(a.locale !== undefined) - Number(b.locale !== undefined));
}

/**
 * The pages of a language a translation of the site settings is read on: its menu, footer and
 * contact facts are the same on every page, so reading each (tens of renders) would find nothing
 * more. Its home page, and one page of each kind besides: a page of its own, an item's page of
 * each template (a service, a post…), the page shown for an unknown address.
 */
export function sampleOfLocale(routes: readonly RouteEntry[]): RouteEntry[] {
  const kinds = new Set<string>();
  const kindOf = ({ locale, file: { page, source } }: RouteEntry) => (locale?.source === "/" ? "home" : page.each ? `items of ${source.file}` : page.notFoundFor !== undefined ? "not found" : "page");
  return [...routes]
    .sort((a, b) => Number(kindOf(b) === "home") - Number(kindOf(a) === "home"))
    .filter((entry) => entry.locale && !kinds.has(kindOf(entry)) && !!kinds.add(kindOf(entry)));
}

async function reportOn(releaseDir: string, file: string, data: unknown, drafted: DraftedSite): Promise<GateReport | undefined> {
  const { check, files } = drafted;
  const content = check.content!;
  const languages = new Map((check.locales?.locales ?? []).map((l) => [l.code, l.name]));
  const findings: Finding[] = [];
  const pages: string[] = [];
  let snippet: GateReport["snippet"];
  const sample = isSiteTranslation(file);
  for (const entry of pagesChangedBy(file, drafted)) {
    const own = entry.file.source.file === file && !entry.locale;
    const { title } = pageNaming(parsed(files.json.get(entry.file.source.file)), entry.path);
    const where = `${title ? `${title} ` : ""}(${entry.path})${entry.locale ? `, ${languages.get(entry.locale.code) ?? entry.locale.code}` : ""}`;
    pages.push(where);
    const rendered = await renderPage(releaseDir, {
      address: entry.path,
      page: check.pages.get(entry.path)!,
      content: (entry.locale && check.localised?.get(entry.locale.code)) || content,
      ...(entry.locale && { locale: entry.locale.code }),
    });
    if (rendered.kind !== "page") continue;
    const read = checkRenderedPage(rendered.html, new URL(entry.path, site.url).href, { shell: sample });
    // A problem met again on another page or language is one field to fix: listed once, where it was first met
    // (the menu's, met again in its mobile version on the same page, too).
    const metBefore = (f: Finding, before: readonly Finding[]) => before.some((seen) => seen.code === f.code && seen.message === f.message);
    const fresh = read.findings.filter((f, i, all) => !metBefore(f, findings) && !(sample && metBefore(f, all.slice(0, i))));
    findings.push(...fresh.map((f) => (own ? f : { ...f, page: where, ...(entry.locale && f.href && { sourceHref: sourceOf(check, f.href) }) })));
    if (own) snippet = read.snippet;
  }
  if (pages.length === 0) return undefined;

  if (snippet) {
    // The card's picture from this server: the site's own address may not be reachable from the studio.
    if (snippet.image.startsWith(new URL(site.url).origin)) snippet.image = new URL(snippet.image).pathname;
    if (snippet.image.startsWith("/") && !existsSync(path.join(releaseDir, "client", decodeURIComponent(snippet.image)))) {
      findings.push({ severity: "warning", ...errors.GateShareImageMissing(snippet.image) });
      snippet.image = "";
    }
  }
  if (isPageFile(file)) findings.push(...againstOtherPages(file, data, drafted));
  return { findings, ...(snippet && { snippet }), pages, ...(sample && { sample: true as const }), blocking: findings.filter((f) => f.severity === "error").length };
}

/** A link's address on a page in another language, in the site's language (/hi/sampark → /contact): where its label's translation is filed. */
function sourceOf(check: DraftedSite["check"], href: string): string | undefined {
  const address = new URL(href, site.url);
  return address.origin === new URL(site.url).origin ? check.table?.routes.get(address.pathname)?.locale?.source : undefined;
}

/** A page's title and description beside the site's other pages', and whether it leaves search, from the content in memory. */
function againstOtherPages(file: string, data: unknown, { files, baseline }: DraftedSite): Finding[] {
  const findings: Finding[] = [];
  const meta = metaOf(data);
  if (meta.noindex && !metaOf(parsed(baseline.files.json.get(file))).noindex) findings.push({ severity: "warning", ...errors.GateLeftOutOfSearch() });
  for (const other of pageFiles(files)) {
    const otherData = parsed(files.json.get(other));
    // Template pages share their meta across items by design ({title} placeholders).
    if (other === file || String((otherData as { path?: unknown } | null)?.path ?? "").includes(":id")) continue;
    const name = pageName(otherData, other);
    if (same(meta.title, metaOf(otherData).title)) findings.push({ severity: "warning", ...errors.GateDuplicateTitle(name) });
    if (same(meta.description, metaOf(otherData).description)) findings.push({ severity: "warning", ...errors.GateDuplicateDescription(name) });
  }
  return findings;
}
