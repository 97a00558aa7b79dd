/**
 * Images from another host (WordPress featured images) through the same pipeline as the
 * library's: fetched once at build time, checked and cleaned by intake, kept in the build's
 * cache (<cache>/originals/, never in content/), and served as variants like any asset. One
 * that cannot be fetched or is refused is `undefined`: the caller shows its default image, and
 * the build goes on.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type MediaManifest, mediaManifestSchema, originalKey } from "../../../schemas/media.ts";
import { diskMediaStore } from "./disk-store.server.ts";
import { INTAKE_LIMITS, intakeImage, manifestFacts } from "./intake.server.ts";
import type { MediaStore } from "./store.ts";

/** Remote images' ids start with this; no id of the library does (`npm run media -- add` refuses it). */
export const REMOTE_PREFIX = "remote-";

const ORIGINALS = "originals";
export const remoteStore = (cacheDir: string): MediaStore => diskMediaStore(cacheDir, ORIGINALS);

/** The library's store for its assets, the cache's for remote images. */
export function withRemoteImages(store: MediaStore, cacheDir: string): MediaStore {
  const remote = remoteStore(cacheDir);
  return {
    label: store.label,
    get: (key) => (key.startsWith(REMOTE_PREFIX) ? remote.get(key) : store.get(key)),
    put: (key, bytes, type) => (key.startsWith(REMOTE_PREFIX) ? remote.put(key, bytes, type) : store.put(key, bytes, type)),
    delete: (key) => (key.startsWith(REMOTE_PREFIX) ? remote.delete(key) : store.delete(key)),
  };
}

export interface RemoteImageOptions {
  cacheDir: string;
  alt?: string;
  timeoutMs?: number;
  /** Tells why an image was not taken (the build's log). */
  log?: (line: string) => void;
}

/** The asset for an image URL: from the cache when fetched by an earlier build, else fetched now; undefined when it cannot be had. */
export async function importRemoteImage(url: string, { cacheDir, alt, timeoutMs = 10_000, log = () => undefined }: RemoteImageOptions): Promise<MediaManifest | undefined> {
  const id = `${REMOTE_PREFIX}${createHash("sha256").update(url).digest("hex").slice(0, 16)}`;
  const entry = path.join(cacheDir, ORIGINALS, `${id}.json`);
  const known = await readFile(entry, "utf8").then((t) => mediaManifestSchema.safeParse(JSON.parse(t)), () => undefined);
  if (known?.success) return { ...known.data, ...(alt && { alt }) };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    if (Number(response.headers.get("content-length") ?? 0) > INTAKE_LIMITS.bytes) throw new Error("larger than 25 MB");
    const image = await intakeImage(Buffer.from(await response.arrayBuffer()));
    const manifest = mediaManifestSchema.parse({ id, ...manifestFacts(image) });
    const store = remoteStore(cacheDir);
    await store.put(originalKey(manifest), image.bytes, manifest.type);
    await store.put(`${id}.json`, Buffer.from(JSON.stringify(manifest)), "application/json");
    return { ...manifest, ...(alt && { alt }) };
  } catch (error) {
    log(`Image ${url} not taken, the default shown instead: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
