/**
 * The media store the settings name (./store.ts says what a store is): on disk by default, or an
 * S3-compatible bucket. Apart from the interface, so each store's module imports only that.
 */
import { errors } from "../../errors/catalogue.ts";
import { MediaError } from "./media-error.ts";
import type { MediaStore } from "./store.ts";

export interface MediaStoreSettings {
  /** "disk" (or unset), or "s3://bucket[/prefix]". */
  MEDIA_STORE?: string;
  /** An S3-compatible service other than AWS (MinIO, R2, s3rver): its URL; paths then name the bucket. */
  MEDIA_S3_ENDPOINT?: string;
  MEDIA_S3_REGION?: string;
}

/** The store the settings name; the S3 client is loaded only when one is configured. */
export async function mediaStoreFrom(settings: MediaStoreSettings, root: string): Promise<MediaStore> {
  const value = settings.MEDIA_STORE?.trim() ?? "";
  if (value === "" || value === "disk") {
    const { diskMediaStore } = await import("./disk-store.server.ts");
    return diskMediaStore(root);
  }
  const s3 = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*?))?\/?$/.exec(value);
  if (!s3) throw new MediaError(errors.MediaStoreSetting(value));
  const { s3MediaStore } = await import("./s3-store.server.ts");
  return s3MediaStore({ bucket: s3[1]!, prefix: s3[2] ?? "", endpoint: settings.MEDIA_S3_ENDPOINT, region: settings.MEDIA_S3_REGION });
}
