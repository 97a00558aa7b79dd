/**
 * Originals in an S3-compatible bucket. Credentials come from the SDK's usual places
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role); with an
 * endpoint of its own (MEDIA_S3_ENDPOINT) the bucket is addressed by path, as MinIO, R2 and
 * s3rver expect.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { errors } from "../../errors/catalogue.ts";
import { MediaError } from "./media-error.ts";
import type { MediaStore } from "./store.ts";

export interface S3StoreOptions {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region?: string;
  /** Tests pass s3rver's; otherwise the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function s3MediaStore({ bucket, prefix, endpoint, region, credentials }: S3StoreOptions): MediaStore {
  const client = new S3Client({
    region: region ?? "us-east-1",
    ...(endpoint && { endpoint, forcePathStyle: true }),
    ...(credentials && { credentials }),
  });
  const label = `s3://${bucket}${prefix ? `/${prefix}` : ""}`;
  const keyOf = (key: string) => (prefix ? `${prefix.replace(/\/$/, "")}/${key}` : key);
  const unavailable = (cause: unknown) => new MediaError(errors.MediaStoreUnavailable(label, cause instanceof Error ? cause.message : String(cause)), { cause });
  return {
    label,
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === "NoSuchKey") return undefined;
        throw unavailable(e);
      }
    },
    async put(key, bytes, type) {
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: bytes, ContentType: type }));
      } catch (e) {
        throw unavailable(e);
      }
    },
    async delete(key) {
      try {
        // S3 answers a key it does not have with success too.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
      } catch (e) {
        throw unavailable(e);
      }
    },
  };
}
