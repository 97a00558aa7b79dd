/**
 * The JavaScript a public page can ever run: every script a public page of the build names
 * (its runtime, preloads and prefetches), and every chunk those import, statically or with
 * import(). The studio's screens (/admin and under it) are in every build with a runtime of
 * their own (src/entry.studio.ts); none of their code may be in this set.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A chunk named in a page (/assets/x.js) or in another chunk (./x.js, or "assets/x.js" in Vite's preload map). */
const CHUNK_REFERENCE = /(?:\/assets\/|\.\/|assets\/)([\w.-]+\.js)\b/g;

const referencedChunks = (text: string, chunks: ReadonlySet<string>) =>
  [...text.matchAll(CHUNK_REFERENCE)].map((m) => m[1]!).filter((name) => chunks.has(name));

/** build/client's pages outside /admin. */
function publicPages(client: string): string[] {
  return readdirSync(client, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !path.relative(client, file).split(path.sep).includes("admin"));
}

export function publicScripts(client: string): { pages: number; reached: Set<string>; all: string[] } {
  const assets = path.join(client, "assets");
  const all = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const chunks = new Set(all);
  const reached = new Set<string>();
  const pages = publicPages(client);
  const queue = pages.flatMap((file) => referencedChunks(readFileSync(file, "utf8"), chunks));
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    queue.push(...referencedChunks(readFileSync(path.join(assets, name), "utf8"), chunks));
  }
  return { pages: pages.length, reached, all };
}

/** The chunks among `names` whose text matches `code`. */
export const chunksHolding = (client: string, names: Iterable<string>, code: RegExp) =>
  [...names].filter((name) => code.test(readFileSync(path.join(client, "assets", name), "utf8")));
