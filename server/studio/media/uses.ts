/**
 * Where each image of the media library is used: every page, collection item, post and blog
 * author that names it (published, in a draft, or in a schedule not run yet), found through the
 * `image` field kind (schemas/image-uses.ts), never per block. The index is kept as content changes: each file is read again only when it
 * changed (./stamped-files.ts), so a lookup over 1,000 pages costs their stats
 * (npm run bench:media-uses).
 */
import path from "node:path";
import type { z } from "zod";
import { localPostFrontmatterSchema, localTaxonomySchema } from "../../../schemas/blog.ts";
import { imageUsesIn } from "../../../schemas/image-uses.ts";
import type { MediaUseView } from "../../../schemas/studio-media.ts";
import { readFrontMatter } from "../../../src/content-files/frontmatter.ts";
import { POSTS_DIR, TAXONOMY_FILE } from "../../../src/blog/local-check.ts";
import { collectionName, pageName } from "../../../src/editor/document/names.ts";
import { placesOf } from "../../../src/editor/document/places.ts";
import { schemaTargets } from "../../../src/runtime/content/json-schema.ts";
import { postLocaleOf } from "../documents/kinds.ts";
import type { Db } from "../../storage/database.ts";
import { filesIn, stampedFiles } from "./stamped-files.ts";

/**
 * One use: the page, list or post in words ("About Us (/about)", "Services"), where in it
 * ("Hero, Image"; "Item “Web Development”, Image"), the language of a post of one language
 * (null where every language shows it), and the file for the studio's links, never shown.
 */
export interface MediaUse extends MediaUseView {
  file: string;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const schemaOf = async (file: string): Promise<z.ZodType | undefined> => schemaTargets.find((target) => target.content?.test(file))?.schema();

/** Uses with the asset each names, as the per-file cache keeps them. */
type Tagged = (MediaUse & { asset: string })[];
const tagged = (found: { asset: string; use: MediaUse }[]): Tagged => found.map(({ asset, use }) => ({ ...use, asset }));

/** The uses one content file holds (none when it cannot be read as its kind: the checker reports that). */
async function usesInFile(file: string, text: string, defaultLocale: string): Promise<Tagged> {
  if (!file.endsWith(".md")) return usesInData(file, parseJson(text), defaultLocale);
  const read = readFrontMatter(text);
  return read.ok ? usesInData(file, read.data, defaultLocale) : [];
}

/** What marks a use not published yet: a draft's, or a pending schedule's. */
type Pending = Pick<MediaUse, "draft" | "scheduled">;

/** The uses a content file's data holds: a page's, a list's, a post's front matter, the blog's authors. */
async function usesInData(file: string, data: unknown, defaultLocale: string, pending: Pending = {}): Promise<Tagged> {
  const uses = (schema: z.ZodType, named: Omit<MediaUse, "place">) =>
    imageUsesIn(schema, data).map(({ path: at, asset }) => ({ asset, use: { ...named, place: placesOf(data, at).join(", "), ...pending } }));
  if (file.endsWith(".md")) {
    const title = isRecord(data) && typeof data.title === "string" ? data.title : path.posix.basename(file, ".md");
    return tagged(uses(localPostFrontmatterSchema, { file, kind: "post", document: title, locale: postLocaleOf(file) ?? defaultLocale }));
  }
  if (file === TAXONOMY_FILE) return tagged(uses(localTaxonomySchema, { file, kind: "authors", document: "Blog authors", locale: null }));
  const schema = await schemaOf(file);
  if (!schema) return [];
  const name = path.posix.basename(file, ".json");
  const isPage = file.startsWith("content/pages/");
  return tagged(uses(schema, { file, kind: isPage ? "page" : "collection", document: isPage ? pageName(data, name) : collectionName(name), locale: null }));
}

/** The images a document's data names (a draft's, before it is published), each once. */
export async function assetsNamedIn(file: string, data: unknown, defaultLocale = "en"): Promise<string[]> {
  return [...new Set((await usesInData(file, data, defaultLocale)).map((use) => use.asset))];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A document's data not published yet: a draft's, or a pending schedule's with its time (`at`, ISO-8601 UTC). */
export interface PendingContent {
  file: string;
  data: unknown;
  at?: string;
}

/**
 * The uses unpublished drafts and pending schedules hold (each one's file and data, as
 * studio_drafts and studio_schedules keep them), marked `draft` or `scheduled`: an image either
 * uses is in use too, so deleting it would break that draft's publish, or fail that schedule at
 * its time (StudioScheduleImageGone).
 */
export async function pendingUses(pending: readonly PendingContent[], { defaultLocale = "en" }: { defaultLocale?: string } = {}): Promise<Map<string, MediaUse[]>> {
  const byAsset = new Map<string, MediaUse[]>();
  for (const { file, data, at } of pending) {
    const mark: Pending = at === undefined ? { draft: true } : { scheduled: at };
    for (const { asset, ...use } of await usesInData(file, data, defaultLocale, mark)) byAsset.set(asset, [...(byAsset.get(asset) ?? []), use]);
  }
  return byAsset;
}

/** Every content file that may use an image. */
export async function contentFilesWithImages(root: string): Promise<string[]> {
  const [pages, collections, posts] = await Promise.all([
    filesIn(root, "content/pages", ".json"),
    filesIn(root, "content/collections", ".json"),
    filesIn(root, POSTS_DIR, ".md", { deep: true }),
  ]);
  return [...pages, ...collections, ...posts, TAXONOMY_FILE];
}

/** The drafts of pages, lists and posts (studio_drafts), whose images count as used. */
export async function contentDrafts(db: Db): Promise<{ file: string; data: unknown }[]> {
  const rows = await db
    .selectFrom("studio_drafts")
    .select(["file", "data"])
    .where((eb) => eb.or([eb("file", "like", "content/pages/%"), eb("file", "like", "content/collections/%"), eb("file", "like", `${POSTS_DIR}/%`), eb("file", "=", TAXONOMY_FILE)]))
    .execute();
  return rows.flatMap((row) => {
    try {
      return [{ file: row.file, data: JSON.parse(row.data) as unknown }];
    } catch {
      return [];
    }
  });
}

export interface MediaUsesOptions {
  defaultLocale?: string;
  /** Drafts not published yet: their images are in use too (`contentDrafts`). */
  drafts?: () => Promise<readonly PendingContent[]>;
  /** Schedules not run yet: their images are in use too (./schedules.ts pendingScheduleData). */
  schedules?: () => Promise<readonly PendingContent[]>;
}

export function mediaUsesIndex(root: string, { defaultLocale = "en", drafts, schedules }: MediaUsesOptions = {}) {
  const files = stampedFiles(root, (file, text) => usesInFile(file, text, defaultLocale));
  let byAsset = new Map<string, MediaUse[]>();

  /** The published content's uses, brought up to date with the files on disk: only changed files are read again. */
  async function refreshPublished(): Promise<ReadonlyMap<string, MediaUse[]>> {
    const { values, changed } = await files.refresh(await contentFilesWithImages(root));
    if (!changed) return byAsset;
    const next = new Map<string, MediaUse[]>();
    for (const uses of values.values()) {
      for (const { asset, ...use } of uses) {
        const list = next.get(asset);
        if (list) list.push(use);
        else next.set(asset, [use]);
      }
    }
    byAsset = next;
    return byAsset;
  }

  /** Every use now: the published content's, then the drafts' and pending schedules' (few: read each time). */
  async function refresh(): Promise<ReadonlyMap<string, MediaUse[]>> {
    const published = await refreshPublished();
    const [drafted, scheduled] = await Promise.all([drafts?.() ?? [], schedules?.() ?? []]);
    const pending = await pendingUses([...drafted.map(({ file, data }) => ({ file, data })), ...scheduled], { defaultLocale });
    if (!pending.size) return published;
    const all = new Map(published);
    for (const [asset, uses] of pending) all.set(asset, [...(all.get(asset) ?? []), ...uses]);
    return all;
  }

  return {
    refresh,
    /** Where an asset is used now. */
    async usesOf(id: string): Promise<MediaUse[]> {
      return (await refresh()).get(id) ?? [];
    },
  };
}

export type MediaUsesIndex = ReturnType<typeof mediaUsesIndex>;
