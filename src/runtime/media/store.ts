/**
 * Where the originals live, behind one interface: on disk beside their manifests by default
 * (content/media/, so a fresh clone builds with its images), or in an S3-compatible bucket
 * (MEDIA_STORE=s3://bucket[/prefix]), so thousands of images stay out of git and several
 * hosts read the same originals. Manifests are content and always stay in content/media/.
 *
 * Keys are `<id>.<ext>` (schemas/media.ts originalKey).
 */
import { errors } from "../../errors/catalogue.ts";
import { MediaError } from "./media-error.ts";

export interface MediaStore {
  /** How people are told which store it is: "content/media/", "s3://bucket/prefix". */
  readonly label: string;
  /** The original's bytes, or undefined when the store has no such key. */
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, bytes: Buffer, type: string): Promise<void>;
}

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
