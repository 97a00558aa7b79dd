/**
 * The weight budget of served images: a variant heavier than VARIANT_BUDGET_BYTES is a warning
 * located at its image's entry (a marketer may decide the picture is worth it). The build
 * reports what it has just encoded (site-media.server.ts); the content check reports what the
 * media cache holds for each image's current original, which is every variant a build has
 * served of it (variants are named by the original's hash, so a replaced image starts clean).
 * Before the first build there is nothing to weigh, and nothing is reported.
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { MediaManifest } from "../../../schemas/media.ts";
import { type ContentError, located } from "../../content-files/errors.ts";
import type { ErrorData } from "../../errors/catalogue.ts";
import { fileLabeller } from "../../content-files/issues.ts";
import type { SourceFile } from "../../content-files/source.ts";
import { errors } from "../../errors/catalogue.ts";
import { MEDIA_PATH, parseVariantName } from "../../page/media/variants.ts";

/** A served file heavier than this is reported. */
export const VARIANT_BUDGET_BYTES = 200 * 1024;

/** Where the cache keeps the variants of the current encoder (its MEDIA_PATH version). */
export const variantCacheDir = (cacheDir: string) => path.join(cacheDir, MEDIA_PATH.split("/").at(-1)!);

/** The warning for one variant over budget. */
export const overBudget = (id: string, name: string, bytes: number) => errors.MediaVariantTooLarge(id, name, Math.round(bytes / 1024), VARIANT_BUDGET_BYTES / 1024);

/** Located at the image's entry (content/media/<id>.json). */
export const atImageEntry = (source: SourceFile, id: string, error: ErrorData): ContentError => located(source, [], fileLabeller(`Image ${id}`), error);

/** Every variant over budget the cache holds of the library's images, as located warnings. */
export async function cachedVariantsOverBudget(cacheDir: string, assets: ReadonlyMap<string, MediaManifest>, sources: ReadonlyMap<string, SourceFile>): Promise<ContentError[]> {
  const dir = variantCacheDir(cacheDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const warnings: ContentError[] = [];
  for (const name of names.sort()) {
    const spec = parseVariantName(name);
    const manifest = spec && assets.get(spec.id);
    const source = spec && sources.get(spec.id);
    if (!manifest || !source || manifest.sha256.slice(0, 12) !== spec.sha) continue;
    const { size } = await stat(path.join(dir, name));
    if (size > VARIANT_BUDGET_BYTES) warnings.push(atImageEntry(source, manifest.id, overBudget(manifest.id, name, size)));
  }
  return warnings;
}
