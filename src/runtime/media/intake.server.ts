/**
 * An image as it enters the media library (npm run media -- add, and WordPress images at
 * build): its type told by its bytes, never its name; refused above 25 MB or 50 megapixels
 * before anything is decoded (a decompression bomb is small on disk); turned upright by its
 * EXIF orientation and re-encoded without EXIF, XMP, IPTC or GPS, keeping its colour profile;
 * an SVG sanitised (./svg.server.ts). What comes back is stored as the original.
 */
import { createHash } from "node:crypto";
import type { Sharp } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import type { MediaType } from "../../../schemas/media.ts";
import { errors } from "../../errors/catalogue.ts";
import { MediaError } from "./media-error.ts";
import { sanitiseSvg, svgSize } from "./svg.server.ts";

export const INTAKE_LIMITS = { bytes: 25 * 1024 * 1024, pixels: 50_000_000 } as const;

export interface IntakeResult {
  /** The bytes to store as the original. */
  bytes: Buffer;
  sha256: string;
  type: MediaType;
  width: number;
  height: number;
  alpha: boolean;
  animated: boolean;
  /** ThumbHash (base64), for rasters. */
  placeholder?: string;
}

/** What an image's entry says of it that intake found (schemas/media.ts), the rest being a person's to write. */
export const manifestFacts = (image: IntakeResult) => ({
  sha256: image.sha256,
  type: image.type,
  width: image.width,
  height: image.height,
  bytes: image.bytes.length,
  ...(image.alpha && { alpha: true }),
  ...(image.animated && { animated: true }),
  ...(image.placeholder && { placeholder: image.placeholder }),
});

/** The type of an image from its first bytes, or what else it looks like. */
export function detectType(bytes: Buffer): { type: MediaType } | { found: string } {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: "image/jpeg" };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { type: "image/png" };
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return { type: "image/gif" };
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { type: "image/webp" };
  // ISO BMFF: a "ftyp" box whose brands include avif (still) or avis (sequence).
  if (ascii(4, 8) === "ftyp") {
    const size = Math.min(bytes.readUInt32BE(0), 64, bytes.length);
    const brands = ascii(8, size);
    if (/avif|avis/.test(brands)) return { type: "image/avif" };
    return { found: /hei[cfx]|mif1/.test(brands) ? "a HEIC photo" : "a video" };
  }
  const text = bytes.subarray(0, 4096).toString("utf8").replace(/^\uFEFF/, "");
  // XML declaration, comments and a doctype may come before the root element.
  const start = text.replace(/^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, "");
  if (/^<svg[\s>]/i.test(start)) return { type: "image/svg+xml" };
  if (/^<(?:!doctype html|html|head|body)[\s>]/i.test(start) || /<html[\s>]/i.test(text)) return { found: "an HTML page" };
  if (ascii(0, 5) === "%PDF-") return { found: "a PDF document" };
  if (ascii(0, 2) === "PK") return { found: "a ZIP archive or an office document" };
  if (ascii(0, 2) === "BM") return { found: "a BMP image" };
  if (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*") return { found: "a TIFF image" };
  return { found: /^[\x09\x0a\x0d\x20-\x7e]*$/.test(ascii(0, 512)) ? "text" : "unknown binary data" };
}

export async function intakeImage(input: Buffer): Promise<IntakeResult> {
  if (input.length > INTAKE_LIMITS.bytes) throw new MediaError(errors.MediaFileTooLarge(round1(input.length / 1024 / 1024), INTAKE_LIMITS.bytes / 1024 / 1024));
  const detected = detectType(input);
  if ("found" in detected) throw new MediaError(errors.MediaTypeNotSupported(detected.found));
  if (detected.type === "image/svg+xml") return intakeSvg(input);
  return intakeRaster(input, detected.type);
}

async function intakeSvg(input: Buffer): Promise<IntakeResult> {
  const clean = sanitiseSvg(input.toString("utf8"));
  const size = clean && svgSize(clean);
  if (!clean || !size) throw new MediaError(errors.MediaUnreadable("an SVG needs an <svg> element with a viewBox, or a width and a height"));
  const bytes = Buffer.from(clean, "utf8");
  // librsvg parses it as the browser will: a file it cannot read is refused now, not at build.
  const sharp = (await import("sharp")).default;
  await sharp(bytes).metadata().catch((cause: unknown) => {
    throw new MediaError(errors.MediaUnreadable(messageOf(cause)), { cause });
  });
  return { bytes, sha256: sha256(bytes), type: "image/svg+xml", ...size, alpha: true, animated: false };
}

async function intakeRaster(input: Buffer, type: Exclude<MediaType, "image/svg+xml">): Promise<IntakeResult> {
  const sharp = (await import("sharp")).default;
  // The header alone tells the size: nothing is decoded before the limit is checked.
  const meta = await sharp(input, { animated: true, limitInputPixels: false }).metadata().catch((cause: unknown) => {
    throw new MediaError(errors.MediaUnreadable(messageOf(cause)), { cause });
  });
  const frameHeight = meta.pageHeight ?? meta.height;
  const pixels = meta.width * frameHeight;
  if (pixels > INTAKE_LIMITS.pixels) throw new MediaError(errors.MediaTooManyPixels(round1(pixels / 1e6), INTAKE_LIMITS.pixels / 1e6));
  const animated = (meta.pages ?? 1) > 1 && (type === "image/gif" || type === "image/webp");
  const image = sharp(input, { animated, limitInputPixels: INTAKE_LIMITS.pixels * (animated ? (meta.pages ?? 1) : 1) })
    // Upright by its EXIF orientation; every metadata but the ICC profile is left behind.
    .autoOrient()
    .keepIccProfile();
  const bytes = await encodeAs(image, type).toBuffer().catch((cause: unknown) => {
    throw new MediaError(errors.MediaUnreadable(messageOf(cause)), { cause });
  });
  const stored = await sharp(bytes, { animated }).metadata();
  const first = sharp(bytes);
  const alpha = stored.hasAlpha === true && !(await first.stats()).isOpaque;
  return {
    bytes,
    sha256: sha256(bytes),
    type,
    width: stored.width,
    height: stored.pageHeight ?? stored.height,
    alpha,
    animated,
    placeholder: await thumbHash(bytes),
  };
}

/** The original's own format, at a quality that keeps it an original. */
function encodeAs(image: Sharp, type: Exclude<MediaType, "image/svg+xml">): Sharp {
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality: 92, mozjpeg: true });
    case "image/png":
      return image.png({ compressionLevel: 9 });
    case "image/webp":
      return image.webp({ quality: 92 });
    case "image/avif":
      return image.avif({ quality: 80 });
    case "image/gif":
      return image.gif();
  }
}

/** ThumbHash of the first frame, from a copy at most 100 pixels a side (its limit). */
async function thumbHash(bytes: Buffer): Promise<string> {
  const sharp = (await import("sharp")).default;
  const { data, info } = await sharp(bytes).resize(100, 100, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const round1 = (n: number) => Math.round(n * 10) / 10;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, " ").trim();
