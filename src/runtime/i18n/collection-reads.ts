/**
 * Which collection texts each block of a route shows: its `load` run on the default locale's
 * content with the translated collections (and a template page's item) watched, each text it
 * reads or returns noted by its place in its collection (["items", 3, "question"] of faqs).
 * A list block's collection texts are its page's own (page-language.ts): an untranslated FAQ
 * decides the pages that show it, never the others. No block declares anything: what `load`
 * touches is what the block shows.
 */
import type { CollectionName } from "../../../schemas/collections/index.ts";
import type { ValuePath } from "../../../schemas/translatable.ts";
import { blocks, type BlockType } from "../../blocks/registry.ts";
import type { SiteContent } from "../content/model.ts";
import { loadContext } from "../page-data.ts";
import type { RouteEntry } from "../route-table.ts";
import { expandSections } from "../sections.ts";
import { translatedCollections } from "./collection-texts.ts";

export interface CollectionRead {
  collection: CollectionName;
  /** From the collection file's top: ["items", index, field…]. */
  path: ValuePath;
}

/** Per block of the page (its index in the page file, a section's blocks under the section), the collection texts it shows. */
export type BlockReads = CollectionRead[][];

// The same block on the same item over the same collections reads the same texts: the page
// editor checks the site on every change, and most of its blocks have not changed.
const memo = new Map<string, CollectionRead[]>();
const MEMO_LIMIT = 4000;

export async function collectionReads(entry: RouteEntry, content: SiteContent): Promise<BlockReads> {
  const { page } = entry.file;
  const reads: BlockReads = page.blocks.map(() => []);
  const itemAt = itemPlace(entry, content);
  const signature = collectionsSignature(content);
  for (const { block, origin } of expandSections(page.blocks, content.sections)) {
    const { type, key: _key, ...props } = block;
    const definition = await blocks[type as BlockType]?.definition();
    if (!definition?.load) continue;
    const memoKey = `${signature}\u0000${itemAt ? JSON.stringify(itemAt) : ""}\u0000${JSON.stringify(block)}`;
    let found = memo.get(memoKey);
    if (!found) {
      found = await traced(definition.load, props, entry, content, itemAt);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(memoKey, found);
    }
    reads[origin]!.push(...found);
  }
  return reads;
}

async function traced(
  load: (props: never, context: ReturnType<typeof loadContext>) => unknown,
  props: Record<string, unknown>,
  entry: RouteEntry,
  content: SiteContent,
  itemAt: CollectionRead | undefined,
): Promise<CollectionRead[]> {
  const seen = new Map<string, CollectionRead>();
  const note = (read: CollectionRead) => seen.set(JSON.stringify(read), read);
  const collections = { ...content.collections } as Record<CollectionName, unknown>;
  for (const name of translatedCollections) collections[name] = watch(content.collections[name], name, ["items"], note);
  const context = {
    ...loadContext(entry, content),
    collections: collections as SiteContent["collections"],
    // Values a block sends rather than shows (a form's choices) come from the source's collections: not watched.
    sourceCollections: content.collections,
    ...(itemAt && entry.item && { item: watch(entry.item, itemAt.collection, itemAt.path, note) as Record<string, unknown> }),
  };
  try {
    // What it returns without reading (a whole collection) is shown all the same.
    readAll(await load(props as never, context), new Set());
  } catch {
    // A block that cannot load is the checker's to report (page-data.ts); it shows nothing here.
  }
  return [...seen.values()];
}

/** A value whose string fields note their place when read, at any depth. */
function watch(value: unknown, collection: CollectionName, path: ValuePath, note: (read: CollectionRead) => void): unknown {
  if (typeof value !== "object" || value === null) return value;
  return new Proxy(value, {
    get(target, property, receiver) {
      const found = Reflect.get(target, property, receiver);
      // Methods and symbols (map, length, Symbol.iterator) are the container's, not its content.
      if (typeof property === "symbol" || !Object.hasOwn(target, property)) return found;
      const at: ValuePath = [...path, Array.isArray(target) && /^\d+$/.test(property) ? Number(property) : property];
      if (typeof found === "string") note({ collection, path: at });
      return watch(found, collection, at, note);
    },
  });
}

function readAll(value: unknown, seen: Set<unknown>): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  for (const key of Object.keys(value)) readAll((value as Record<string, unknown>)[key], seen);
}

/** A template page's item, where it is an item of a translated collection (a service). */
function itemPlace(entry: RouteEntry, content: SiteContent): CollectionRead | undefined {
  const name = entry.file.page.each?.collection as CollectionName | undefined;
  if (!name || !entry.item || !translatedCollections.includes(name)) return undefined;
  const index = (content.collections[name] as readonly unknown[]).indexOf(entry.item);
  return index < 0 ? undefined : { collection: name, path: ["items", index] };
}

const signatures = new WeakMap<object, string>();
/** The collections' items by id and order: what decides which item a read lands on. */
function collectionsSignature(content: SiteContent): string {
  const known = signatures.get(content.collections);
  if (known) return known;
  const signature = translatedCollections.map((name) => (content.collections[name] as readonly { id?: unknown }[]).map((i) => String(i.id)).join(",")).join(";");
  signatures.set(content.collections, signature);
  return signature;
}
