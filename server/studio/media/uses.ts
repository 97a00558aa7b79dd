/**
 * Where each image of the media library is used: every page, collection item, post and blog
 * author that names it, found through the `image` field kind (schemas/image-uses.ts), never
 * per block. The index is kept as content changes: each file is read again only when it
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
  const uses = (schema: z.ZodType, data: unknown, named: Omit<MediaUse, "place">) =>
    imageUsesIn(schema, data).map(({ path: at, asset }) => ({ asset, use: { ...named, place: placesOf(data, at).join(", ") } }));
  if (file.endsWith(".md")) {
    const read = readFrontMatter(text);
    if (!read.ok) return [];
    const title = typeof read.data.title === "string" ? read.data.title : path.posix.basename(file, ".md");
    return tagged(uses(localPostFrontmatterSchema, read.data, { file, kind: "post", document: title, locale: postLocaleOf(file) ?? defaultLocale }));
  }
  const data = parseJson(text);
  if (file === TAXONOMY_FILE) return tagged(uses(localTaxonomySchema, data, { file, kind: "authors", document: "Blog authors", locale: null }));
  const schema = await schemaOf(file);
  if (!schema) return [];
  const name = path.posix.basename(file, ".json");
  const isPage = file.startsWith("content/pages/");
  return tagged(uses(schema, data, { file, kind: isPage ? "page" : "collection", document: isPage ? pageName(data, name) : collectionName(name), locale: null }));
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

export function mediaUsesIndex(root: string, { defaultLocale = "en" }: { defaultLocale?: string } = {}) {
  const files = stampedFiles(root, (file, text) => usesInFile(file, text, defaultLocale));
  let byAsset = new Map<string, MediaUse[]>();

  /** Brings the index up to date with the content on disk: only changed files are read again. */
  async function refresh(): Promise<ReadonlyMap<string, MediaUse[]>> {
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

  return {
    refresh,
    /** Where an asset is used now. */
    async usesOf(id: string): Promise<MediaUse[]> {
      return (await refresh()).get(id) ?? [];
    },
  };
}

export type MediaUsesIndex = ReturnType<typeof mediaUsesIndex>;
