/**
 * Where the originals live, behind one interface: on disk beside their manifests by default
 * (content/media/, so a fresh clone builds with its images), or in an S3-compatible bucket
 * (MEDIA_STORE=s3://bucket[/prefix]), so thousands of images stay out of git and several
 * hosts read the same originals. Manifests are content and always stay in content/media/.
 *
 * Keys are `<id>.<ext>` (schemas/media.ts originalKey).
 */
export interface MediaStore {
  /** How people are told which store it is: "content/media/", "s3://bucket/prefix". */
  readonly label: string;
  /** The original's bytes, or undefined when the store has no such key. */
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  /** Removes an original (an image deleted, or replaced by one of another type); none there is no error. */
  delete(key: string): Promise<void>;
}
