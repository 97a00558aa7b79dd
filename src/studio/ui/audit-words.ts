/** An audit entry in a marketer's words (the Audit log screen): its document by name, its detail by label. */
import type { AuditEntry } from "../../../schemas/studio-audit.ts";
import { SITE_SETTINGS } from "../../../schemas/site.ts";
import { type ErrorCode, errors } from "../../errors/catalogue.ts";
import { texts } from "../texts.ts";
import { when } from "./when.ts";

const t = texts.audit;

/** A detail's value in words: a day and time, a problem's title, yes or no, a list. */
function valueWords(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => valueWords(key, item)).join(", ");
  if (typeof value === "boolean") return value ? t.yes : t.no;
  if (key === "at" && typeof value === "string") return when(value);
  if (key === "problems" && typeof value === "string" && value in errors) return errors[value as ErrorCode].title;
  // A document published with it (an image published with the page naming it): by its name.
  if (key === "with" && typeof value === "string") return targetWords(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * What an entry's detail says, briefly ("from: editor, to: contributor"), or with `developers`
 * what only they read: ids and git's names for a version, kept in a details line.
 */
export const detailText = (detail: AuditEntry["detail"], developers: boolean) =>
  Object.entries(detail)
    .filter(([key]) => !t.detail[key] === developers)
    .map(([key, value]) => `${t.detail[key] ?? key}: ${valueWords(key, value)}`)
    .join(", ");

/** A document an entry names, as a marketer knows it: "page about", "post /blog/hello"; anything else as it is. */
export function targetWords(target: string): string {
  const page = /^content\/pages\/([^/]+)\.json$/.exec(target)?.[1];
  if (page) return t.target.page(page);
  const collection = /^content\/collections\/([^/]+)\.json$/.exec(target)?.[1];
  if (collection) return t.target.collection(collection.replace(/-/g, " "));
  if (target === SITE_SETTINGS) return t.target.settings;
  const section = /^content\/sections\/([^/]+)\.json$/.exec(target)?.[1];
  if (section) return t.target.section(section.replace(/-/g, " "));
  const template = /^content\/page-templates\/([^/]+)\.json$/.exec(target)?.[1];
  if (template) return t.target.template(template.replace(/-/g, " "));
  const post = /^content\/blog\/posts\/(?:[a-z]{2}(?:-[A-Za-z]+)?\/)?([^/]+)\.md$/.exec(target)?.[1];
  if (post) return t.target.post(post);
  const translation = /^content\/translations\/([^/]+)\/(.+)\.json$/.exec(target);
  if (translation) return t.target.translation(translation[1]!, translation[2]!.replace(/^pages\//, "page ").replace(/^collections\//, "list ").replace(/^sections\//, "section ").replace(/^site$/, t.target.settings));
  return target;
}
