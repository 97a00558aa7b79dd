/**
 * What the studio edits, by kind, behind one door: the page editor's pages and collections
 * (JSON: the editor's store, the whole-site check, the minimal diff) and the blog admin's local
 * posts (`content/blog/posts/<slug>.md`, and each locale's own `content/blog/posts/<locale>/<slug>.md`:
 * the blog writer, ./posts.ts, in the post's folder, with the post's own checks
 * and its taxonomy additions). Drafts, publish, history and revert take a
 * document from here, so a post is one more document of the same pipeline, not a second one.
 *
 * A post's data (its draft, what changes in words compare) is the admin form's fields
 * (AdminPostInput); its version is the hash of its file's text, as a page's.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { localeCode, localesFileSchema } from "../../../schemas/locales.ts";
import { LOCALES_FILE } from "../../../src/runtime/content/read.ts";
import { slug as slugSchema } from "../../../schemas/fields.ts";
import { errors, type ErrorData } from "../../../src/errors/catalogue.ts";
import { POSTS_DIR, TAXONOMY_FILE } from "../../../src/blog/local-check.ts";
import type { ContentError } from "../../../src/content-files/errors.ts";
import type { FieldErrors } from "../../../src/admin/model.ts";
import { type LocalBlogWriter, localBlogWriter } from "./posts.ts";
import { blockingErrors, type EditorStore, isEditable } from "../../../src/editor/server/store.ts";

/** A write or check refused: the status, the catalogue's error, and what it carries. */
export type DocumentRefusal = { ok: false; status: 404 | 409 | 412 | 422; error: ErrorData; errors?: ContentError[]; fields?: FieldErrors };

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * `content/blog/posts/<slug>.md`, or a locale's own post `content/blog/posts/<locale>/<slug>.md`,
 * for a slug the site accepts and a locale code's shape (isDocument also wants the locale in content/locales.json).
 */
export const isPostFile = (file: string) => {
  const { dir, name, ext } = path.posix.parse(file);
  const folderOk = dir === POSTS_DIR || (path.posix.dirname(dir) === POSTS_DIR && localeCode.safeParse(path.posix.basename(dir)).success);
  return folderOk && ext === ".md" && file.endsWith(`/${name}.md`) && slugSchema.safeParse(name).success;
};
export const slugOf = (file: string) => path.posix.basename(file, ".md");
/** The locale of a locale's own post; undefined for the default locale's. */
export const postLocaleOf = (file: string) => (path.posix.dirname(file) === POSTS_DIR ? undefined : path.posix.basename(path.posix.dirname(file)));

/** The locales with posts of their own: every locale of content/locales.json but the default (none while the file is missing or invalid: the checker reports it). */
export function postLocales(root: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.join(root, LOCALES_FILE), "utf8"));
  } catch {
    return [];
  }
  const registry = localesFileSchema.safeParse(data);
  return registry.success ? registry.data.locales.map((l) => l.code).filter((code) => code !== registry.data.default) : [];
}

export function studioDocuments({ root, store }: { root: string; store: EditorStore }) {
  const posts = localBlogWriter(root);
  const localeWriters = new Map<string, LocalBlogWriter>();
  /** The blog writer of a locale's own posts; the default locale's without one. */
  const writerFor = (locale: string | undefined): LocalBlogWriter => {
    if (locale === undefined) return posts;
    if (!localeWriters.has(locale)) localeWriters.set(locale, localBlogWriter(root, { locale }));
    return localeWriters.get(locale)!;
  };
  /** The blog writer of the post's folder. */
  const writerOf = (file: string) => writerFor(postLocaleOf(file));

  /** The writer's refusal as the pipeline's: a field error is 422 (as the checker's), a version moved on is 412. */
  const postRefusal = (status: 400 | 404 | 409 | 412, failure: { error: ErrorData; fields?: FieldErrors }): DocumentRefusal => ({
    ok: false,
    status: status === 400 ? 422 : status,
    error: failure.error,
    ...(failure.fields && { fields: failure.fields }),
  });

  return {
    /** Temporary files an interrupted post write left behind, removed (every post folder's): their names. */
    removeStaleTemps: async () => (await Promise.all([undefined, ...postLocales(root)].map((locale) => writerFor(locale).removeStaleTemps()))).flat(),

    store,
    posts,
    writerFor,
    /** The locales whose own posts the studio edits. */
    postLocales: () => postLocales(root),

    /** A file the studio edits: a page, an editable collection, a local blog post. */
    isDocument: (file: unknown): file is string => {
      if (typeof file !== "string") return false;
      if (!isPostFile(file)) return isEditable(file);
      const locale = postLocaleOf(file);
      return locale === undefined || postLocales(root).includes(locale);
    },

    /** Whether the document's file is there (a draft may be of a file not published yet). */
    exists: async (file: string) => (isPostFile(file) ? (await writerOf(file).textOf(slugOf(file))) !== undefined : (await store.open(file)).ok),

    /** The files a write of `file` may change: a post may add authors and tags to the taxonomy. */
    touches: (file: string) => (isPostFile(file) ? [file, TAXONOMY_FILE] : [file]),

    /** The document's data in a text of its file: what drafts hold and what changes in words compare. */
    dataOf: async (file: string, text: string | undefined): Promise<unknown> =>
      text === undefined ? undefined : isPostFile(file) ? await posts.fieldsOf(text) : parseJson(text),

    /** "post /blog/<slug>", for commit messages (pages and collections are named by publish.ts). */
    postName: (file: string) => {
      if (!isPostFile(file)) return undefined;
      const locale = postLocaleOf(file);
      return `post /blog/${slugOf(file)}${locale ? ` in ${locale}` : ""}`;
    },

    /** Writes a document checked: from version `base` of its file, or a new one (null). */
    async save(file: string, data: unknown, base: string | null): Promise<{ ok: true; version: string; text: string } | DocumentRefusal> {
      if (!isPostFile(file)) {
        const saved = await store.save(file, data, base);
        return saved.ok ? { ok: true, ...saved.value } : { ok: false, status: saved.status, error: saved.error, ...(saved.errors && { errors: saved.errors }) };
      }
      const writer = writerOf(file);
      const saved = await writer.put(slugOf(file), data, base);
      if (!saved.ok) return postRefusal(saved.status, saved.failure);
      const text = await writer.textOf(slugOf(file));
      return { ok: true, version: saved.value.version, text: text ?? "" };
    },

    /** What a publish of this draft would refuse in the content, nothing written; `besides`: files published with it (a page's new images' entries), by their texts. */
    async check(file: string, data: unknown, besides?: ReadonlyMap<string, string>): Promise<{ ok: true } | DocumentRefusal> {
      if (isPostFile(file)) {
        const checked = await writerOf(file).validate(slugOf(file), data);
        return checked.ok ? { ok: true } : postRefusal(checked.status, checked.failure);
      }
      const checked = await store.check(file, data, besides);
      if (!checked.ok) return { ok: false, status: 404, error: errors.StudioNotADocument(file) };
      const blocking = blockingErrors(file, checked.value);
      return blocking.length > 0 ? { ok: false, status: 422, error: errors.StudioHasErrors(blocking.length), errors: blocking } : { ok: true };
    },

    /** Removes a post's file, or a page's while nothing else links to it (the refusal lists each link): `base` is the version it was at. */
    async remove(file: string, base: string): Promise<{ ok: true } | DocumentRefusal> {
      if (!isPostFile(file)) {
        const removed = await store.remove(file, base);
        return removed.ok ? { ok: true } : { ok: false, status: removed.status, error: removed.error, ...(removed.errors && { errors: removed.errors }) };
      }
      const removed = await writerOf(file).remove(slugOf(file), base);
      return removed.ok ? { ok: true } : postRefusal(removed.status, removed.failure);
    },
  };
}

export type StudioDocuments = ReturnType<typeof studioDocuments>;
