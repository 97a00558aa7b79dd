/**
 * The build's images: every variant a built page names (page/media/variants.ts: the name
 * says what it is made of) is encoded once, from the original in the media store, into a
 * cache kept across builds (.media-cache/, or MEDIA_CACHE_DIR), and linked into
 * build/client/_media/v1/. A rebuild encodes only names no build made before, an incremental
 * rebuild only those its new pages name that its release does not have yet.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { copyFile, link, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { type MediaManifest, originalKey } from "../../../schemas/media.ts";
import { errors } from "../../errors/catalogue.ts";
import { MediaError } from "./media-error.ts";
import type { MediaStore } from "./store.ts";
import { MEDIA_PATH, parseVariantName, type VariantSpec } from "../../page/media/variants.ts";
import { VARIANT_BUDGET_BYTES, variantCacheDir } from "./budget.server.ts";
import { mapAtOnce } from "../at-once.ts";

export interface MediaBuild {
  /** build/client. */
  client: string;
  /** The finished pages' HTML, where the variants are named. */
  pages: Iterable<string>;
  assets: ReadonlyMap<string, MediaManifest>;
  store: MediaStore;
  cacheDir: string;
}

export interface MediaBuildReport {
  /** Distinct files the pages name. */
  named: number;
  /** Already in the build (an incremental rebuild's release). */
  present: number;
  /** Taken from the cache of earlier builds. */
  cached: number;
  /** Encoded by this build. */
  encoded: number;
  /** Names no asset of the library has (a page rendered from other content): left alone. */
  unknown: string[];
  /** Served files over VARIANT_BUDGET_BYTES. */
  overBudget: { id: string; name: string; bytes: number }[];
}

const NAMES = new RegExp(`${MEDIA_PATH.replace(/\//g, "\\/")}\\/([a-z0-9-]+\\.[0-9a-f]{12}\\.[a-z0-9_-]+(?:\\.[a-z]+)?)`, "g");

/** Every variant name the pages name. */
export function namedVariants(pages: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const html of pages) for (const m of html.matchAll(NAMES)) names.add(m[1]!);
  return names;
}

export const mediaCacheDir = (root: string) => path.resolve(root, process.env.MEDIA_CACHE_DIR ?? ".media-cache");

export async function buildMedia({ client, pages, assets, store, cacheDir }: MediaBuild): Promise<MediaBuildReport> {
  const report: MediaBuildReport = { named: 0, present: 0, cached: 0, encoded: 0, unknown: [], overBudget: [] };
  const out = path.join(client, MEDIA_PATH.slice(1));
  const cache = variantCacheDir(cacheDir);
  await mkdir(out, { recursive: true });
  await mkdir(cache, { recursive: true });
  const originals = new Map<string, Promise<Buffer>>();
  const original = (manifest: MediaManifest) => {
    if (!originals.has(manifest.id)) originals.set(manifest.id, loadOriginal(store, manifest));
    return originals.get(manifest.id)!;
  };
  // As many at once as there are cores: sharp encodes on libuv's threads, one core each.
  await mapAtOnce([...namedVariants(pages)].sort(), availableParallelism(), async (name) => {
    report.named++;
    const spec = parseVariantName(name);
    const manifest = spec && assets.get(spec.id);
    if (!spec || !manifest || manifest.sha256.slice(0, 12) !== spec.sha) {
      report.unknown.push(name);
      return;
    }
    const target = path.join(out, name);
    const cached = path.join(cache, name);
    if (existsSync(target)) report.present++;
    else {
      if (existsSync(cached)) report.cached++;
      else {
        await cacheVariant(cacheDir, name, "svg" in spec ? await original(manifest) : await encodeVariant(await original(manifest), manifest, spec));
        report.encoded++;
      }
      await link(cached, target).catch(() => copyFile(cached, target));
    }
    const { size } = await stat(target);
    if (size > VARIANT_BUDGET_BYTES) report.overBudget.push({ id: manifest.id, name, bytes: size });
  });
  report.unknown.sort();
  report.overBudget.sort((a, b) => a.name.localeCompare(b.name));
  return report;
}

/**
 * An incremental rebuild's release is a copy of the one before, variants included: a file of
 * an image replaced (its hash changed) or deleted stays there unless taken out. Removes each
 * variant of an earlier version of an image, or of an image the library no longer has, that no
 * page of the release names (`pages`: every HTML file's text, read only when there are such
 * variants). Returns the names removed.
 */
export async function pruneStaleVariants(client: string, assets: ReadonlyMap<string, Pick<MediaManifest, "sha256">>, pages: () => Promise<Iterable<string>>): Promise<string[]> {
  const out = path.join(client, MEDIA_PATH.slice(1));
  const names = (await readdir(out).catch(() => [] as string[])).filter((name) => !/\.(br|gz)$/.test(name));
  const stale = names.filter((name) => {
    const spec = parseVariantName(name);
    return spec !== undefined && assets.get(spec.id)?.sha256.slice(0, 12) !== spec.sha;
  });
  if (stale.length === 0) return [];
  const named = namedVariants(await pages());
  const unnamed = stale.filter((name) => !named.has(name)).sort();
  // Only the release's own link goes: the cache and the release before keep theirs.
  for (const name of unnamed) for (const suffix of ["", ".br", ".gz"]) await unlink(path.join(out, name + suffix)).catch(() => undefined);
  return unnamed;
}

/** The text of every HTML file under `dir`. */
export async function htmlFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => readFile(path.join(e.parentPath, e.name), "utf8")));
}

async function loadOriginal(store: MediaStore, manifest: MediaManifest): Promise<Buffer> {
  const key = originalKey(manifest);
  const bytes = await store.get(key);
  if (!bytes) throw new MediaError(errors.MediaOriginalMissing(manifest.id, key));
  if (createHash("sha256").update(bytes).digest("hex") !== manifest.sha256) throw new MediaError(errors.MediaOriginalChanged(manifest.id));
  return bytes;
}

/** A variant a build encoded already, from the cache by its name (which says what it is made of), if it is there. */
export const cachedVariant = (cacheDir: string, name: string): Promise<Buffer | undefined> => readFile(path.join(variantCacheDir(cacheDir), name)).catch(() => undefined);

/** Keeps an encoded variant in the cache under its name, for every later build and preview. */
export async function cacheVariant(cacheDir: string, name: string, bytes: Buffer): Promise<void> {
  const cached = path.join(variantCacheDir(cacheDir), name);
  await mkdir(path.dirname(cached), { recursive: true });
  // Written aside and renamed: a build stopped halfway leaves no half file in the cache.
  const temporary = `${cached}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, cached);
}

/** One variant: the crop, scaled to its width, in its format. */
export async function encodeVariant(original: Buffer, manifest: MediaManifest, spec: VariantSpec): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const animated = manifest.animated === true;
  let image = sharp(original, { animated, limitInputPixels: false });
  if (spec.crop) image = image.extract(spec.crop);
  image = image.resize({ width: spec.width, withoutEnlargement: true });
  switch (spec.format) {
    case "avif":
      // Effort 2, not sharp's 4: a 1600 px picture encodes in 0.26 s instead of 2.2 s for 20 %
      // more bytes. Above 960 px, effort 1 at quality 45: the same bytes as effort 2 at 50
      // (1280 px: 11.6 kB against 11.4 kB) for 40 % of the CPU (74 ms against 189 ms), where
      // these two widths took 40 % of a cold build's encoding. The larger widths go to wide
      // and high-density screens, where the lower quality shows least.
      return image.avif(spec.width > 960 ? { quality: 45, effort: 1 } : { quality: 50, effort: 2 }).toBuffer();
    case "webp":
      // WebP goes only to browsers without AVIF: above 960 px, effort 2 halves its CPU (1600 px:
      // 42 ms against 87 ms) for 9 % more bytes.
      return image.webp({ quality: 72, effort: spec.width > 960 ? 2 : 4 }).toBuffer();
    case "jpg":
      return image.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
    case "gif":
      return image.gif().toBuffer();
  }
}

/** "Media: 48 files named, 12 encoded, 36 from the cache, 0 already built (3.2 s)". */
export function describeMediaBuild(report: MediaBuildReport, ms: number): string {
  return `Media: ${report.named} files named, ${report.encoded} encoded, ${report.cached} from the cache, ${report.present} already built (${(ms / 1000).toFixed(1)} s)`;
}

