/**
 * Media as content: each image is an asset with a stable id and a manifest,
 * content/media/<id>.json, beside its original (content/media/<id>.<ext> in the disk store,
 * or the same key in an S3 bucket: src/runtime/media/store.ts). `npm run media -- add` writes
 * both; the manifest's facts (hash, type, size, placeholder) come from the intake, its texts
 * (alt, caption, credit) from a person.
 *
 * A block or collection uses an asset through the `image` field (fields.ts), which names the
 * asset by id. The checker runs the page and collection schemas inside `withKnownMedia`, so an
 * unknown asset or a missing alt text becomes an ordinary zod issue with its exact location.
 */
import { z } from "zod";
import { shared, slug, text } from "./fields.ts";
import { focalPoint } from "./media-use.ts";

/** The types intake accepts, detected from the bytes (never from a file name). */
export const mediaTypes = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif", "image/svg+xml"] as const;
export type MediaType = (typeof mediaTypes)[number];

/** What a file chooser offers (the type is still detected from the bytes). */
export const ACCEPTED_IMAGES = mediaTypes.join(",");

/** The file extension an original of each type is stored with. */
export const mediaExtension: Record<MediaType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
  "image/svg+xml": "svg",
};

/** A word or two the library is searched and filtered by (team, office, illustration): lower case, shared by every language. */
export const mediaTag = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[\p{L}\p{N}](?:[\p{L}\p{N} '&-]{0,38}[\p{L}\p{N}])?$/u, { error: "A tag: 1 to 40 letters, digits, spaces, hyphens, apostrophes or &, beginning and ending with a letter or digit" });
/** At most this many tags an image. */
export const MAX_MEDIA_TAGS = 20;

export const mediaManifestSchema = z.strictObject({
  $schema: z.string().optional(),
  id: slug.describe("Stable id: blocks name the image by it"),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: "The SHA-256 of the original: 64 hexadecimal digits, as npm run media -- add writes it" })
    .describe("The original's content hash; variants are named after it"),
  type: z.enum(mediaTypes).describe("The original's type, detected from its bytes"),
  width: z.number().int().positive().describe("The original's width in pixels, upright"),
  height: z.number().int().positive().describe("The original's height in pixels, upright"),
  bytes: z.number().int().positive().describe("The original's size in bytes, as stored"),
  alpha: z.boolean().optional().describe("The original has transparent parts: the fallback format keeps them (PNG)"),
  animated: z.boolean().optional().describe("The original has several frames (GIF, WebP): variants keep them"),
  placeholder: z
    .string()
    .regex(/^[A-Za-z0-9+/]+=*$/, { error: "A ThumbHash in base64, as npm run media -- add writes it" })
    .max(64)
    .optional()
    .describe("ThumbHash of the image (base64): the blurred preview shown while it loads"),
  alt: text(250).optional().describe("What the image shows, for people who cannot see it; a use may say it differently, or mark the image decorative"),
  caption: text(300).optional().describe("Shown under the image where a block shows captions"),
  credit: shared(text(200)).optional().describe("Who made it, e.g. Illustration: unDraw (Katerina Limpitsouni)"),
  licence: shared(text(200)).optional().describe("Under which licence it is used, e.g. MIT, CC0 1.0, own work"),
  focal: focalPoint.optional().describe("The point crops keep in view; the centre when left out"),
  tags: z
    .array(mediaTag)
    .max(MAX_MEDIA_TAGS)
    .refine((tags) => new Set(tags).size === tags.length, { error: "Each tag once" })
    .optional()
    .describe("Words the studio's Media screen finds and filters the image by (team, office); never shown on the site"),
});

export type MediaManifest = z.infer<typeof mediaManifestSchema>;

/** Where an asset's manifest lives, relative to the project root. */
export const MEDIA_DIR = "content/media";
export const manifestFile = (id: string) => `${MEDIA_DIR}/${id}.json`;
/** The key of an asset's original in a media store (and its file name in content/media/). */
export const originalKey = (manifest: Pick<MediaManifest, "id" | "type">) => `${manifest.id}.${mediaExtension[manifest.type]}`;

