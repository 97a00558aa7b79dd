/**
 * What an image field (fields.ts `image`) is made of, and the checks it gets once the site's
 * assets are known. Apart from the manifest's schema (media.ts), which builds on fields.ts:
 * fields.ts imports this file.
 */
import { z } from "zod";

/** Where the eye goes, from the top left (0, 0) to the bottom right (1, 1): crops keep it in view. */
export const focalPoint = z
  .strictObject({
    x: z.number().min(0).max(1).describe("0 is the left edge, 1 the right"),
    y: z.number().min(0).max(1).describe("0 is the top edge, 1 the bottom"),
  })
  .describe("The point a crop keeps in view, as fractions of the width and height");

/** A part of the original to show instead of all of it, as fractions of its width and height. */
export const cropRect = z
  .strictObject({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0).max(1),
    height: z.number().gt(0).max(1),
  })
  .refine((c) => c.x + c.width <= 1.0001 && c.y + c.height <= 1.0001, { error: "A crop must lie inside the image" })
  .describe("The part of the image to show, as fractions of its width and height from the top left");

export type FocalPoint = z.infer<typeof focalPoint>;
export type CropRect = z.infer<typeof cropRect>;

/** What the image field's check needs of each asset. */
export type KnownMedia = ReadonlyMap<string, { alt?: string }>;
let known: KnownMedia | undefined;

/** Runs `run` (a safeParse) with the site's assets known: image fields check their asset and alt text. */
export function withKnownMedia<T>(media: KnownMedia, run: () => T): T {
  const previous = known;
  known = media;
  try {
    return run();
  } finally {
    known = previous;
  }
}

/** What an image field's refinement reports; the checker words it from the catalogue (src/content-files/issues.ts). */
export type MediaIssue =
  | { problem: "unknown-asset"; id: string; known: string[] }
  | { problem: "missing-alt"; id: string }
  | { problem: "alt-is-file-name"; alt: string };

/** "team-photo.jpg", "IMG_2041.JPG", "hero image.png": a file name where a description belongs. */
export const looksLikeFileName = (alt: string) => /^[^\s/\\]*[\w-]\.(?:jpe?g|png|gif|webp|avif|svg|heic|tiff?|bmp)$/i.test(alt.trim()) || /^(?:IMG|DSC|PXL)_?\d+/i.test(alt.trim());

/** The checks an image use gets once the site's assets are known (fields.ts `image`). */
export function checkImageUse(use: { asset: string; alt?: string; decorative?: true }, report: (issue: MediaIssue, path: string[]) => void): void {
  if (!known) return;
  const asset = known.get(use.asset);
  if (!asset) return report({ problem: "unknown-asset", id: use.asset, known: [...known.keys()].sort() }, ["asset"]);
  if (use.decorative) return;
  const alt = use.alt ?? asset.alt;
  if (alt === undefined) report({ problem: "missing-alt", id: use.asset }, ["alt"]);
  else if (looksLikeFileName(alt)) report({ problem: "alt-is-file-name", alt }, use.alt === undefined ? ["asset"] : ["alt"]);
}
