/**
 * What a marketer calls a document, wherever the studio names one (its editor's heading, the
 * page list, toasts, history): a page by its title and path, "About Us (/about)"; a template
 * page, whose title is a pattern ("{title}") filled in for each item of a collection, by what
 * it shows, "Blog post page (template)" at "/blog/…"; a collection by its label, "FAQs".
 * Never its file's path.
 */
import { UI_STRINGS } from "../../page/ui-strings.ts";
import { shortTitle } from "../../runtime/structured-data.ts";
import { fieldLabel } from "../schema/labels.ts";
import { singular } from "./places.ts";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A template page's path with its parameter in words: "/blog/:id" → "/blog/…". */
export const pathWords = (path: string) => path.replace(/:[A-Za-z]\w*/g, "…");

/** A page's title and path as a marketer reads them; `fallback`: its name when it has no path yet. */
export function pageNaming(data: unknown, fallback: string): { title: string; path: string } {
  const page = isRecord(data) ? data : {};
  const path = typeof page.path === "string" && page.path ? page.path : `/${fallback}`;
  const each = isRecord(page.each) && typeof page.each.collection === "string" ? page.each.collection : undefined;
  if (each) return { title: `${singular(fieldLabel(each))} page (template)`, path: pathWords(path) };
  const title = isRecord(page.meta) && typeof page.meta.title === "string" ? page.meta.title.trim() : "";
  return { title, path };
}

const titled = (title: string, path: string) => (title ? `${title} (${path})` : path);

/** "About Us (/about)", "Blog post page (template) (/blog/…)", or the path alone for a page without a title. */
export function pageName(data: unknown, fallback: string): string {
  const { title, path } = pageNaming(data, fallback);
  return titled(title, path);
}

/**
 * A page in a list of pages on one line, as the site's breadcrumbs name it: "Home (/)",
 * "Careers (/careers)", never the home page's whole search title.
 */
export function pageShortName(data: unknown, fallback: string): string {
  const { title, path } = pageNaming(data, fallback);
  return titled(path === "/" ? UI_STRINGS["shell.home"] : shortTitle(title), path);
}

/** A collection by its label: `faqs` → "FAQs", `seo-services` → "SEO services". */
export const collectionName = (name: string) => fieldLabel(name);

/** The site settings, wherever they are named. */
export const SITE_SETTINGS_NAME = "Site settings";

/** A reusable section by its name: "Closing call to action (section)". */
export function sectionName(data: unknown, fallback: string): string {
  const name = isRecord(data) && typeof data.name === "string" && data.name.trim() ? data.name.trim() : fallback;
  return `${name} (section)`;
}

/** A page template by the name New page offers it under: "Landing page (page template)". */
export function templateName(data: unknown, fallback: string): string {
  const template = isRecord(data) && isRecord(data.template) ? data.template : undefined;
  const name = typeof template?.name === "string" && template.name.trim() ? template.name.trim() : fallback;
  return `${name} (page template)`;
}

/** A document the page editor opens, by its kind. */
export const documentName = (kind: "page" | "section" | "template" | "collection" | "settings", name: string, data: unknown) =>
  kind === "page" ? pageName(data, name) : kind === "section" ? sectionName(data, name) : kind === "template" ? templateName(data, name) : kind === "settings" ? SITE_SETTINGS_NAME : collectionName(name);
