/**
 * The page editor's side of the content files, which the studio reads and publishes through
 * (server/studio/documents/kinds.ts): lists what can be edited, opens a file, checks a draft
 * with the whole site exactly as `npm run content:check` would, and saves, creates or deletes files.
 *
 * - A draft is checked by swapping its file in the content held in memory (the checker's
 *   read stage), so every site-wide rule applies: links resolve, references exist, paths are
 *   unique, no redirect hides the page.
 * - A save writes only what changed (./json-edit.ts), atomically, and is refused when the
 *   draft has errors, when it would break other content, or when the file changed on disk
 *   since it was opened (its version, a hash of its text).
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs/promises";
import path from "node:path";
import { collectionNames, type CollectionName, markdownCollections } from "../../../schemas/collections/index.ts";
import type { BlogIndex } from "../../../schemas/blog.ts";
import { errors as catalogue, type ErrorData } from "../../errors/catalogue.ts";
import { checkSite, type SiteCheck } from "../../runtime/content/check.ts";
// Every check reads every post: each post's HTML is sanitised once, not at every draft's check (and the studio's previews).
import { postHtmlMemo } from "../../blog/post-html-memo.server.ts";
import type { ContentError } from "../../content-files/errors.ts";
import { collectionFile, type ContentFiles, pageFiles, readContent, SECTIONS_DIR, sectionFiles, templateFiles, TRANSLATIONS_DIR, withFile } from "../../runtime/content/read.ts";
import { sectionIdOf, sectionsPlacedBy } from "../../runtime/sections.ts";
import { SITE_SETTINGS } from "../../../schemas/site.ts";
import { MEDIA_DIR } from "../../../schemas/media.ts";
import { registeredPageTemplateSchema } from "../../blocks/page-schema.ts";
import { PAGE_TEMPLATE_FILE, type PageTemplate } from "../../../schemas/page.ts";
import { serialize, writeFileAtomic } from "../../runtime/content/write.ts";
import { formatValue, rewriteJson } from "./json-edit.ts";
import type { CheckedDraft, DocumentListing, EditorContext, OpenDocument, PagePlace, PageTemplateRef, SectionRef, TranslationProgress, TranslationState } from "../model.ts";
import { parseTranslationFile, siteWideSources } from "../../../schemas/translations.ts";
import { canonicalLocale } from "../../../schemas/locales.ts";
import type { RouteEntry } from "../../runtime/route-table.ts";
import { renderable } from "../../page/media/resolve.ts";

const PAGE_FILE = /^content\/pages\/[a-z0-9]+(?:-[a-z0-9]+)*\.json$/;
export const isPageFile = (file: string) => PAGE_FILE.test(file);
const SECTION_FILE = /^content\/sections\/[a-z0-9]+(?:-[a-z0-9]+)*\.json$/;
export const isSectionFile = (file: string) => SECTION_FILE.test(file);
/** A page template: content an admin maintains, which New page starts from. */
const TEMPLATE_FILE = PAGE_TEMPLATE_FILE;
export const isTemplateFile = (file: string) => TEMPLATE_FILE.test(file);
export const editableCollections = collectionNames.filter((n) => !markdownCollections[n]) as CollectionName[];

const isSource = (file: string) => PAGE_FILE.test(file) || SECTION_FILE.test(file) || TEMPLATE_FILE.test(file) || file === SITE_SETTINGS || editableCollections.some((n) => collectionFile(n) === file);

/**
 * A translation into a locale the editor edits (schemas/translations.ts names the files): a
 * page's or an editable collection's, or one of the two site-wide files translated field by
 * field, the site settings' (site.json) and the blog taxonomy's (blog-taxonomy.json). Its locale
 * and source file.
 */
export function translationOf(file: string): { locale: string; source: string } | undefined {
  const parsed = parseTranslationFile(file);
  if (!parsed) return undefined;
  const siteWide = parsed.target.kind === "site" || parsed.target.kind === "taxonomy";
  if (!siteWide && !((parsed.target.kind === "page" || parsed.target.kind === "collection" || parsed.target.kind === "section") && isSource(parsed.target.file))) return undefined;
  // A language tag, never a step out of the folder: content/translations/../pages/about.json names a page, not a translation.
  if (canonicalLocale(parsed.locale) !== parsed.locale) return undefined;
  return { locale: parsed.locale, source: parsed.target.file };
}

/** What the editor opens and saves: pages, sections, page templates, collections, the site settings, and their translations. */
export const isEditable = (file: string) => isSource(file) || translationOf(file) !== undefined;
export const versionOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

export type StoreResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409 | 412 | 422; error: ErrorData; errors?: ContentError[] };

/** Errors of loading a route's data (the checker's stage 3). */
const LOAD_ERRORS = new Set<string>([catalogue.BlockDataFailed.code, catalogue.UnknownItemField.code]);

/** An error's identity, to tell the errors a draft introduces from those the site already had. */
const identity = (e: ContentError) => `${e.code}\u0000${e.file}\u0000${e.pointer}\u0000${e.message}`;

export interface EditorStoreOptions {
  /** The project root the content is read from and written to. */
  root: string;
  /** The blog from WordPress, when the site builds from it; the local blog otherwise. */
  remoteBlog?: () => Promise<BlogIndex | undefined>;
}

/** How many drafts' checks are kept, for the publish that follows its gate's check. */
const CHECKS_KEPT = 4;

/** The site with a draft in place (`stamp`: the content on disk it was checked against). */
export interface DraftedSite {
  stamp: string;
  files: ContentFiles;
  check: SiteCheck;
  baseline: { files: ContentFiles; check: SiteCheck };
}

export function editorStore({ root, remoteBlog = async () => undefined }: EditorStoreOptions) {
  let cache: { stamp: string; files: ContentFiles; check: SiteCheck } | undefined;
  const checks = new Map<string, ReturnType<typeof checkAgainst>>();

  /** Changes whenever a content file is added, removed or written (by us, another editor, git). */
  async function stamp(): Promise<string> {
    const parts: string[] = [];
    const translations = (await fs.readdir(path.join(root, TRANSLATIONS_DIR), { recursive: true }).catch(() => [] as string[])).map((f) => `${TRANSLATIONS_DIR}/${f.split(path.sep).join("/")}`);
    for (const dir of ["content", "content/pages", SECTIONS_DIR, "content/collections", MEDIA_DIR, "content/legal", "content/blog", "content/blog/posts", ...translations.map((f) => path.posix.dirname(f))].filter((d, i, all) => all.indexOf(d) === i)) {
      const names = (await fs.readdir(path.join(root, dir)).catch(() => [] as string[])).sort();
      for (const name of names) {
        const stat = await fs.stat(path.join(root, dir, name)).catch(() => undefined);
        if (stat?.isFile()) parts.push(`${dir}/${name}:${stat.mtimeMs}:${stat.size}`);
      }
    }
    return parts.join("|");
  }

  /** The content as it is on disk, read and checked once per change on disk. */
  async function current(): Promise<{ stamp: string; files: ContentFiles; check: SiteCheck }> {
    const now = await stamp();
    if (cache?.stamp !== now) {
      // The posts of the last reads are remembered; one trashed since leaves the memo.
      postHtmlMemo.startRead();
      const files = await readContent(root);
      cache = { stamp: now, files, check: await checkSite(files, { blog: await remoteBlog() }) };
    }
    return cache;
  }

  async function readText(file: string): Promise<string | undefined> {
    return fs.readFile(path.join(root, file), "utf8").catch(() => undefined);
  }

  /** The file's text once the draft is written: only what changed is rewritten. */
  function draftText(diskText: string | undefined, data: unknown): string {
    if (diskText === undefined) return `${formatValue(data, "", { unit: "  ", eol: "\n" })}\n`;
    return rewriteJson(diskText, JSON.parse(diskText), data);
  }

  /**
   * Checks the site with `file` replaced by `text` (or removed): every error, and those it
   * introduces. A page's draft cannot change another page's data, so only its own routes are
   * loaded again; the other pages' load errors are those of the site on disk.
   */
  async function checkWith(file: string, text: string | undefined, besides: ReadonlyMap<string, string> = new Map()) {
    const now = await current();
    // The same draft checked against the same content is one check: the publish gate's and the publish's own.
    const key = [now.stamp, file, text ?? "\u0000deleted", ...[...besides].flat()].join("\u0000");
    const known = checks.get(key);
    if (known) return known;
    const checked = checkAgainst(now, file, text, besides);
    checks.set(key, checked);
    if (checks.size > CHECKS_KEPT) checks.delete(checks.keys().next().value!);
    checked.catch(() => checks.delete(key));
    return checked;
  }

  async function checkAgainst({ stamp: read, files, check: baseline }: Awaited<ReturnType<typeof current>>, file: string, text: string | undefined, besides: ReadonlyMap<string, string>) {
    const loadRoute = routesChangedBy(file);
    const page = loadRoute !== undefined;
    const drafted = [...besides].reduce((all, [other, otherText]) => withFile(all, other, otherText), withFile(files, file, text));
    const check = await checkSite(drafted, { blog: await remoteBlog(), ...(loadRoute && { loadRoute }) });
    // Those of a route loaded again (a translation's page in its locale) are the new check's, not kept twice.
    const fresh = new Set(check.errors.map(identity));
    const kept = page ? baseline.errors.filter((e) => e.file !== file && LOAD_ERRORS.has(e.code) && !fresh.has(identity(e))) : [];
    const errors = [...check.errors, ...kept];
    const before = new Set(baseline.errors.map(identity));
    /** The site's check once the draft is written: these errors are the whole site's (the reasoning above). */
    const written = { read, files: drafted, check: { ...check, errors } };
    const translation = translationState(file, check.completeness);
    return { errors, introduced: errors.filter((e) => !before.has(identity(e))), ...(translation && { translation }), written, baseline: { files, check: baseline } };
  }

  /**
   * After writing `file`: the draft's check stands for the site on disk, so the next save does
   * not check the whole site again, unless something besides `file` changed on disk since the
   * content was read (git, another process): then it is read and checked afresh.
   */
  async function cacheAfterWrite(file: string, { written: { read, files, check }, baseline }: Awaited<ReturnType<typeof checkWith>>) {
    const now = await stamp();
    const others = (stamped: string) => stamped.split("|").filter((part) => !part.startsWith(`${file}:`)).join("|");
    // The routes not loaded again show what they showed (the reasoning of checkWith): every route's data stays at hand (the publish gate compares with it).
    const pages = new Map([...baseline.check.pages, ...check.pages].filter(([route]) => check.table?.routes.has(route)));
    cache = others(now) === others(read) ? { stamp: now, files, check: { ...check, pages } } : undefined;
  }

  const refuse = <T,>(status: 404 | 409 | 412 | 422, error: ErrorData, errors?: ContentError[]): StoreResult<T> => ({ ok: false, status, error, ...(errors && { errors }) });

  return {
    async list(): Promise<DocumentListing> {
      const { files, check } = await current();
      const count = (file: string) => check.errors.filter((e) => e.file === file).length;
      const progress = (file: string) => progressOf(check, file);
      return {
        pages: pageFiles(files).map((file) => {
          let data: { path?: unknown; meta?: { title?: unknown } } = {};
          try {
            data = JSON.parse(files.json.get(file)!);
          } catch {
            // Shown with its errors; its path and title are unknown.
          }
          return { file, path: typeof data.path === "string" ? data.path : "", title: typeof data.meta?.title === "string" ? data.meta.title : "", errors: count(file), progress: progress(file) };
        }).sort((a, b) => (a.path || a.file).localeCompare(b.path || b.file)),
        collections: editableCollections.map((name) => ({ name, file: collectionFile(name), errors: count(collectionFile(name)), progress: progress(collectionFile(name)) })),
        siteWide: siteWideSources.map(({ kind, file }) => ({ kind, progress: progress(file) })).filter((s) => s.progress.length > 0),
      };
    },

    async open(file: string): Promise<StoreResult<OpenDocument>> {
      if (!isEditable(file)) return refuse(404, catalogue.EditorNotEditable(file));
      const text = await readText(file);
      if (text === undefined) return refuse(404, catalogue.EditorNotFound(file));
      const { check } = await current();
      const translation = translationState(file, check.completeness);
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined; // The editor shows the syntax errors; the file must be fixed as text.
      }
      return { ok: true, value: { file, text, data, version: versionOf(text), errors: check.errors, ...(translation && { translation }) } };
    },

    /**
     * Checks a draft (or, with `data` undefined, the file's removal) with the rest of the site;
     * `besides`: other files as they will be when it is published (the new images it names).
     */
    async check(file: string, data: unknown, besides?: ReadonlyMap<string, string>): Promise<StoreResult<CheckedDraft>> {
      if (!isEditable(file)) return refuse(404, catalogue.EditorNotEditable(file));
      const text = data === undefined ? undefined : draftText(await readText(file), data);
      return { ok: true, value: await checkWith(file, text, besides) };
    },

    /**
     * The site with a draft of `file` in place, as its check read and loaded it (the routes the
     * draft can change), beside the site on disk: what the publish gate renders, from the check a
     * publish of the same draft then takes instead of checking again.
     */
    async withDraft(file: string, data: unknown): Promise<DraftedSite | undefined> {
      if (!isEditable(file)) return undefined;
      const { written, baseline } = await checkWith(file, draftText(await readText(file), data));
      return { stamp: written.read, files: written.files, check: written.check, baseline };
    },

    /** Writes a draft: `version` is the file's version it was based on, or null for a new file. */
    save(file: string, data: unknown, version: string | null): Promise<StoreResult<{ version: string; text: string }>> {
      return serialize(root, async () => {
        if (!isEditable(file)) return refuse(404, catalogue.EditorNotEditable(file));
        const disk = await readText(file);
        if (version === null && disk !== undefined) return refuse(409, catalogue.EditorFileExists(file));
        if (version !== null && (disk === undefined || versionOf(disk) !== version)) return refuse(412, catalogue.EditorChangedOnDisk(file));
        const text = draftText(disk, data);
        if (disk !== undefined && text === disk) return { ok: true, value: { version: versionOf(disk), text: disk } };
        const checked = await checkWith(file, text);
        const blocking = blockingErrors(file, checked);
        if (blocking.length > 0) return refuse(422, catalogue.EditorHasErrors(blocking.length), blocking);
        await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFileAtomic(fs, path.join(root, file), text);
        await cacheAfterWrite(file, checked);
        return { ok: true, value: { version: versionOf(text), text } };
      });
    },

    /**
     * Deletes a page, unless other content still links to it (the refusal lists every link), or a
     * section, unless a page still places it (the refusal lists every place, each in its page), or
     * a page template (pages made from it are copies: nothing links to it).
     */
    remove(file: string, version: string): Promise<StoreResult<{ file: string }>> {
      return serialize(root, async () => {
        if (!PAGE_FILE.test(file) && !SECTION_FILE.test(file) && !TEMPLATE_FILE.test(file)) return refuse(404, catalogue.EditorNotEditable(file));
        const disk = await readText(file);
        if (disk === undefined) return refuse(404, catalogue.EditorNotFound(file));
        if (versionOf(disk) !== version) return refuse(412, catalogue.EditorChangedOnDisk(file));
        const { introduced } = await checkWith(file, undefined);
        const places = introduced.filter((e) => e.code === catalogue.UnknownSection.code);
        if (places.length > 0) return refuse(409, catalogue.EditorSectionUsed(new Set(places.map((e) => e.file)).size), places);
        const links = introduced.filter((e) => e.code === catalogue.BrokenLink.code || e.code === catalogue.RedirectTargetMissing.code);
        if (links.length > 0) return refuse(409, catalogue.EditorPageLinked(links.length), links);
        await fs.rm(path.join(root, file));
        cache = undefined;
        return { ok: true, value: { file } };
      });
    },

    /** The paths the content on disk serves a page at: each language's, each item's of a template page (its analytics, server/studio/analytics-api.ts). */
    async routesOf(file: string): Promise<string[]> {
      const { check } = await current();
      return check.table ? [...check.table.routes].filter(([, entry]) => entry.file.source.file === file).map(([path]) => path).sort() : [];
    },

    /** What the editor needs besides the file: data for previews and pickers. */
    async context(): Promise<EditorContext> {
      const { files, check } = await current();
      return {
        site: check.content?.site ?? files.site.value,
        collections: check.content?.collections ?? {},
        blog: check.content?.blog ?? files.localBlog.index,
        routes: check.table ? [...check.table.routes.keys()].sort() : [],
        redirects: check.table ? [...check.table.redirects.keys()].sort() : [],
        pages: Object.fromEntries(pageFiles(files).map((file) => [file, safeParse(files.json.get(file)!)])),
        templates: await pageTemplates(files),
        sections: sectionRefs(files, check),
        locales: (check.locales?.locales ?? []).map(({ code, name, direction }) => ({ code, name, direction })),
        media: [...(check.content?.media?.values() ?? [])].map(renderable).sort((a, b) => a.id.localeCompare(b.id)),
      } as EditorContext;
    },
  };
}

/**
 * The routes whose data a draft of `file` can change, when fewer than all: a page's own (in every
 * locale), a section's (the pages placing it); a translation's, those of its source in its
 * locale (every route of the locale for a collection's or the site settings'). Undefined: every
 * route (a collection shows on many pages).
 */
function routesChangedBy(file: string): ((entry: RouteEntry) => boolean) | undefined {
  if (PAGE_FILE.test(file)) return (entry) => entry.file.source.file === file;
  if (SECTION_FILE.test(file)) return (entry) => sectionsPlacedBy(entry.file.page.blocks).includes(sectionIdOf(file));
  // A template shows on no page: a page made from it is a copy.
  if (TEMPLATE_FILE.test(file)) return () => false;
  const translation = translationOf(file);
  if (!translation) return undefined;
  const source = routesChangedBy(translation.source) ?? (() => true);
  return (entry) => entry.locale?.code === translation.locale && source(entry);
}

/** A translation file's source, in its locale, as a check found it. */
function translationState(file: string, completeness: readonly TranslationState[]): TranslationState | undefined {
  const translation = translationOf(file);
  return translation && completeness.find((c) => c.page === translation.source && c.locale === translation.locale);
}

/** What refuses a save of `file`: its own errors, and those it would bring to other files. */
export const blockingErrors = (file: string, { errors, introduced }: { errors: ContentError[]; introduced: ContentError[] }) => [
  ...errors.filter((e) => e.file === file),
  ...introduced.filter((e) => e.file !== file),
];

/** A source file's translation into each locale, in figures. */
const progressOf = (check: SiteCheck, file: string): TranslationProgress[] =>
  check.completeness.filter((c) => c.page === file).map(({ locale, translated, total, percent, texts }) => ({ locale, translated, total, percent, stale: texts.filter((t) => t.state === "stale").length }));

/** Every section, by name, with the pages placing it (by path) as the files on disk have them. */
function sectionRefs(files: ContentFiles, check: SiteCheck): SectionRef[] {
  const pages = pageFiles(files).map((file) => ({ file, data: safeParse(files.json.get(file)!) as { path?: unknown; meta?: { title?: unknown }; blocks?: unknown } | undefined }));
  const place = ({ file, data }: (typeof pages)[number]): PagePlace => ({ file, path: typeof data?.path === "string" ? data.path : "", title: typeof data?.meta?.title === "string" ? data.meta.title : "" });
  return sectionFiles(files)
    .map((file) => {
      const id = sectionIdOf(file);
      const data = safeParse(files.json.get(file)!) as { name?: unknown; blocks?: unknown } | undefined;
      const usedOn = pages.filter((p) => Array.isArray(p.data?.blocks) && sectionsPlacedBy(p.data.blocks).includes(id)).map(place).sort((a, b) => a.path.localeCompare(b.path));
      return {
        file,
        id,
        name: typeof data?.name === "string" && data.name.trim() ? data.name : id,
        blocks: Array.isArray(data?.blocks) ? data.blocks : [],
        usedOn,
        errors: check.errors.filter((e) => e.file === file).length,
        progress: progressOf(check, file),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The valid page templates, by name: an invalid one is the checker's to report, not New page's to offer. */
async function pageTemplates(files: ContentFiles): Promise<PageTemplateRef[]> {
  const schema = await registeredPageTemplateSchema();
  return templateFiles(files)
    .flatMap((file) => {
      const raw = safeParse(files.json.get(file)!) as PageTemplate;
      // The blocks as written: defaults stay unwritten in the new page, as the editor keeps them.
      return schema.safeParse(raw).success ? [{ file, name: raw.template.name, description: raw.template.description, page: { meta: raw.meta, blocks: raw.blocks } }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

const safeParse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export type EditorStore = ReturnType<typeof editorStore>;
