/**
 * What the preview shows for a draft: each block's props as its schema parses them and the
 * data its `load` returns, exactly as the build computes them (page-data.ts's loadBlocks),
 * from the site's checked content with the draft in place, each image use with its image's
 * facts beside it (as page-data.ts resolves them) from the library the editor knows: the
 * published images and the new ones. Runs in the editor on every change; a block is parsed
 * and loaded again only when it changed.
 */
import { type CollectionName, type Collections, collectionSchemas } from "../../../schemas/collections/index.ts";
import type { BlogCollectionName } from "../../../schemas/blog.ts";
import type { LoadContext } from "../../blocks/define.tsx";
import { blocks, type BlockType, isBlockType } from "../../blocks/registry.ts";
import { blogItems, isBlogCollection } from "../../blog/collections.ts";
import { loadBlocks, type RenderedBlock } from "../../runtime/page-data.ts";
import { shellDataFrom, type ShellData } from "../../shell/data.ts";
import type { EditorContext, LibraryImage } from "../model.ts";
import { expandSections } from "../../runtime/sections.ts";
import { resolveImages } from "../../page/media/resolve.ts";
import type { MediaAsset } from "../../page/media/variants.ts";
import { media as studioMedia } from "../../studio/media.ts";

/** One block of the preview: rendered, or why not (its last good rendering is kept by the preview). */
export interface PreviewBlock {
  key: string;
  block?: RenderedBlock;
  failed?: boolean;
}

export interface PreviewFrame {
  blocks: PreviewBlock[];
  shell: ShellData | undefined;
  /** The page's path: the shell marks its link in the navigation as current, as on the site. */
  path: string;
}

/** A page as the preview renders it: its blocks, and the item it is rendered for on a template page. */
export interface PreviewTarget {
  blocks: unknown[];
  keys: readonly string[];
  path: string;
  item?: Record<string, unknown>;
}

/** The items a template page iterates, with the key its path uses. */
export function templateItems(context: EditorContext, collections: Collections, name: string): { key: string; item: Record<string, unknown> }[] {
  if (isBlogCollection(name)) return blogItems(context.blog, name as BlogCollectionName);
  return ((collections as unknown as Record<string, { id: string }[]>)[name] ?? []).map((item) => ({ key: item.id, item: item as unknown as Record<string, unknown> }));
}

/**
 * The collections with a draft of one of them in place: each draft item as its schema parses
 * it (defaults filled in); an item that does not parse yet keeps its saved version.
 */
export function withDraftCollection(collections: Collections, name: CollectionName, items: unknown[]): Collections {
  const schema = collectionSchemas[name];
  const saved = collections[name] as { id?: string; from?: string }[];
  const parsed = items.flatMap((raw) => {
    const result = schema.safeParse(raw);
    if (result.success) return [result.data];
    const id = (raw as { id?: unknown; from?: unknown } | null)?.id ?? (raw as { from?: unknown } | null)?.from;
    const previous = saved.find((s) => (s.id ?? s.from) === id);
    return previous ? [previous] : [];
  });
  return { ...collections, [name]: parsed };
}

const cache = new WeakMap<object, { context: LoadContext; result: PreviewBlock["block"] | null }>();

const NO_IMAGES: ReadonlyMap<string, MediaAsset> = new Map();
const libraries = new WeakMap<readonly LibraryImage[], ReadonlyMap<string, MediaAsset>>();
/**
 * The images the preview draws, by id, each served from the studio's address under the names a
 * page gives its files: a new image no page serves yet, and a published one in a crop no built
 * page names, show as the site will show them. One map per list, so unchanged blocks stay cached.
 */
export function previewMedia(images: readonly LibraryImage[] | undefined): ReadonlyMap<string, MediaAsset> {
  if (!images) return NO_IMAGES;
  if (!libraries.has(images)) libraries.set(images, new Map(images.map(({ unpublished: _, ...image }) => [image.id, { ...image, servedAt: studioMedia.variantsAt(image.id) }])));
  return libraries.get(images)!;
}

/** Parses and loads each block; unchanged blocks (the same object, the same context) come from a cache. */
export async function previewFrame(target: PreviewTarget, context: EditorContext, collections: Collections): Promise<PreviewFrame> {
  const load: LoadContext = { site: context.site, collections, item: target.item, path: target.path, blog: context.blog, media: previewMedia(context.media) };
  const sections = new Map(context.sections.map((s) => [s.id, s]));
  const rendered = await Promise.all(
    target.blocks.map(async (raw, i): Promise<PreviewBlock[]> => {
      const key = target.keys[i] ?? String(i);
      // A section's blocks, as the build expands them; each after the first keyed under the reference's key (sectionPart).
      const shown = expandSections([raw], sections);
      if (shown.length === 0) return [{ key, failed: true }];
      return Promise.all(shown.map(({ block }, n) => previewBlock(n === 0 ? key : sectionPart(key, n), block, load)));
    }),
  );
  return { blocks: rendered.flat(), shell: shellOf(context, collections), path: target.path };
}

/** The preview's key of the nth block of a section placed under `key` (n ≥ 1); a click on it selects the reference. */
export const sectionPart = (key: string, n: number) => `${key}/${n}`;
export const referenceKeyOf = (previewKey: string) => previewKey.replace(/\/\d+$/, "");

async function previewBlock(key: string, raw: unknown, load: LoadContext): Promise<PreviewBlock> {
  if (!raw || typeof raw !== "object") return { key, failed: true };
  const hit = cache.get(raw);
  if (hit && sameContext(hit.context, load)) return hit.result ? { key, block: hit.result } : { key, failed: true };
  const result = await renderBlock(raw as Record<string, unknown>, load);
  cache.set(raw, { context: load, result: result ?? null });
  return result ? { key, block: result } : { key, failed: true };
}

const shells = new WeakMap<Collections, { site: EditorContext["site"]; shell: ShellData | undefined }>();
/** The shell's data, computed again only when the site or the collections changed (so the preview can tell). */
function shellOf(context: EditorContext, collections: Collections): ShellData | undefined {
  const hit = shells.get(collections);
  if (hit && hit.site === context.site) return hit.shell;
  let shell: ShellData | undefined;
  try {
    shell = shellDataFrom({ site: context.site, collections });
  } catch {
    shell = undefined; // the checker reports it; the preview shows the page without the footer form
  }
  shells.set(collections, { site: context.site, shell });
  return shell;
}

const sameContext = (a: LoadContext, b: LoadContext) => a.collections === b.collections && a.item === b.item && a.path === b.path && a.site === b.site && a.blog === b.blog && a.media === b.media;

async function renderBlock(raw: Record<string, unknown>, load: LoadContext): Promise<RenderedBlock | undefined> {
  // The block's key names it for translations (schemas/block-key.ts), not a prop of the block.
  const { type, key: _key, ...props } = raw;
  if (!isBlockType(type)) return undefined;
  const parsed = (await blocks[type as BlockType].definition()).schema.safeParse(props);
  if (!parsed.success) return undefined;
  const [result] = await loadBlocks([{ type, ...(parsed.data as Record<string, unknown>) }], load);
  return result && "block" in result ? resolveImages(result.block, load.media ?? NO_IMAGES) : undefined;
}

/**
 * The page a collection's items are seen on: the template page that iterates it (a service
 * on /services/{id}), else the first page whose blocks read it, found by running their loaders
 * over collections that note what is read. Nothing here knows which block reads what.
 */
export async function pageShowing(context: EditorContext, name: CollectionName): Promise<Record<string, unknown> | undefined> {
  const pages = Object.values(context.pages).filter((p): p is Record<string, unknown> => typeof p === "object" && p !== null && Array.isArray((p as { blocks?: unknown }).blocks));
  const template = pages.find((p) => (p.each as { collection?: string } | undefined)?.collection === name);
  if (template) return template;
  for (const page of pages) {
    if (page.each || page.notFoundFor !== undefined) continue;
    let read = false;
    const watched = new Proxy(context.collections, {
      get(target, key, receiver) {
        if (key === name) read = true;
        return Reflect.get(target, key, receiver);
      },
    });
    const load: LoadContext = { site: context.site, collections: watched, path: String(page.path), blog: context.blog };
    for (const raw of page.blocks as Record<string, unknown>[]) {
      await renderBlock(raw, load);
      if (read) return page;
    }
  }
  return undefined;
}
