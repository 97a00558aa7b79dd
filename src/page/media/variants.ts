/**
 * Which files an image is served as: pure and shared by the renderer (src/ui/Picture.tsx, in
 * the build and in the browser) and the build's encoder (src/runtime/media/pipeline.server.ts).
 *
 * A variant's URL names everything it is made of, so nothing else has to be kept to make it:
 *
 *   /_media/v1/<id>.<first 12 digits of the original's SHA-256>.[c<left>_<top>_<width>_<height>-]<width>.<ext>
 *
 * The hash makes it content-addressed (a changed original gets new names; an unchanged one
 * keeps them, cached for a year), the crop is in the original's pixels, the width is the
 * output's. The build collects the URLs its pages name and encodes each one it has not
 * encoded before. Bump the "v1" when every visitor must get files encoded anew (a defect in
 * them); a change of speed or quality settings need not: a file cached from the earlier
 * settings is still that picture.
 */
import type { CropRect, FocalPoint } from "../../../schemas/media-use.ts";
import type { MediaManifest } from "../../../schemas/media.ts";

export const MEDIA_PATH = "/_media/v1";

/** The widths an image is encoded at, up to its own. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** Fixed ratios a layout asks for (width / height); "original" keeps the image's own. */
export const ratios = { wide: 16 / 9, square: 1, portrait: 4 / 5, original: undefined } as const;
export type Ratio = keyof typeof ratios;

export type VariantFormat = "avif" | "webp" | "jpg" | "png" | "gif";
export const formatType: Record<VariantFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png", gif: "image/gif" };

/**
 * What rendering needs of an asset: its manifest's facts, and where its files are when not at
 * MEDIA_PATH (`servedAt`: the studio's address in the page editor's preview, which shows
 * images no built page serves yet, under the same names).
 */
export type MediaAsset = Pick<MediaManifest, "id" | "sha256" | "type" | "width" | "height" | "alpha" | "animated" | "placeholder" | "alt" | "focal"> & { servedAt?: string };

/** A part of the original, in its pixels. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface VariantSpec {
  id: string;
  sha: string;
  crop?: PixelRect;
  width: number;
  format: VariantFormat;
}

export interface PictureSources {
  /** The shown part's size at its largest variant: the img's width and height (no layout shift). */
  width: number;
  height: number;
  /** <source> elements, best format first. */
  sources: { type: string; srcSet: string }[];
  /**
   * The img's own file, in a format every browser shows: one width, no srcset. Every browser of
   * today takes a <source> (WebP at least), so more widths of it would be made and never sent.
   */
  fallback: { src: string; type: string };
  /** CSS object-position from the focal point, for a box that crops further (fill). */
  objectPosition: string;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The part of the original a use shows: its crop (if any), then the largest rectangle of the
 * ratio around the focal point inside it.
 */
export function cropFor(asset: Pick<MediaAsset, "width" | "height">, ratio: Ratio, focal: FocalPoint, crop?: CropRect): PixelRect | undefined {
  const region: PixelRect = crop
    ? {
        left: Math.round(crop.x * asset.width),
        top: Math.round(crop.y * asset.height),
        width: Math.max(1, Math.round(crop.width * asset.width)),
        height: Math.max(1, Math.round(crop.height * asset.height)),
      }
    : { left: 0, top: 0, width: asset.width, height: asset.height };
  region.width = Math.min(region.width, asset.width - region.left);
  region.height = Math.min(region.height, asset.height - region.top);
  const r = ratios[ratio];
  let rect = region;
  if (r !== undefined) {
    const width = Math.min(region.width, Math.round(region.height * r));
    const height = Math.min(region.height, Math.round(width / r));
    // The focal point in the original's pixels, kept as near the middle as the region allows.
    const fx = focal.x * asset.width;
    const fy = focal.y * asset.height;
    rect = {
      left: clamp(Math.round(fx - width / 2), region.left, region.left + region.width - width),
      top: clamp(Math.round(fy - height / 2), region.top, region.top + region.height - height),
      width,
      height,
    };
  }
  const whole = rect.left === 0 && rect.top === 0 && rect.width === asset.width && rect.height === asset.height;
  return whole ? undefined : rect;
}

/**
 * The CSS object-position that makes a box of `ratio` (object-fit: cover) show exactly the part
 * cropFor cuts for the site: the studio's crop previews show what the site will serve, the focal
 * point as near the middle as the picture allows, not merely the focal point's percentages.
 */
export function cropObjectPosition(size: Pick<MediaAsset, "width" | "height">, ratio: Ratio, focal: FocalPoint): string {
  const rect = cropFor(size, ratio, focal) ?? { left: 0, top: 0, width: size.width, height: size.height };
  const at = (offset: number, spare: number) => `${spare > 0 ? Math.round((offset / spare) * 1000) / 10 : 50}%`;
  return `${at(rect.left, size.width - rect.width)} ${at(rect.top, size.height - rect.height)}`;
}

/** The CSS object-position of a picture covering a box of any shape (`fill`: behind a hero's text): its focal point's. */
export const focalObjectPosition = (point: FocalPoint) => `${Math.round(point.x * 100)}% ${Math.round(point.y * 100)}%`;

/** The widths a part this wide is encoded at: the standard ones below it, and its own up to the largest. */
export function widthsFor(sourceWidth: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < sourceWidth);
  return sourceWidth <= VARIANT_WIDTHS.at(-1)! ? [...below, sourceWidth] : [...VARIANT_WIDTHS];
}

/**
 * Whether a page could name this variant of `asset`: its picture's hash, a crop inside it, one of
 * the widths and formats that part is served at. The studio encodes such a name on demand for the
 * page editor's preview (server/studio/media-api.ts), and nothing else.
 */
export function isVariantOf(asset: MediaAsset, spec: VariantSpec): boolean {
  if (spec.id !== asset.id || spec.sha !== asset.sha256.slice(0, 12) || asset.type === "image/svg+xml") return false;
  const part = spec.crop ?? { left: 0, top: 0, width: asset.width, height: asset.height };
  const inside = part.width >= 1 && part.height >= 1 && part.left + part.width <= asset.width && part.top + part.height <= asset.height;
  return inside && widthsFor(part.width).includes(spec.width) && formatsFor(asset).includes(spec.format);
}

/** The formats an asset is served in, best first; the last is the fallback every browser shows. */
export function formatsFor(asset: Pick<MediaAsset, "type" | "alpha" | "animated">): VariantFormat[] {
  // sharp writes animated WebP and GIF, not animated AVIF.
  if (asset.animated) return ["webp", "gif"];
  const fallback: VariantFormat = asset.alpha || asset.type === "image/png" || asset.type === "image/gif" ? "png" : "jpg";
  return ["avif", "webp", fallback];
}

export const variantUrl = ({ id, sha, crop, width, format }: VariantSpec, at = MEDIA_PATH) =>
  `${at}/${id}.${sha}.${crop ? `c${crop.left}_${crop.top}_${crop.width}_${crop.height}-` : ""}${width}.${format}`;

/** An SVG is served as it was stored (sanitised at intake): it scales by itself. */
export const svgUrl = (asset: Pick<MediaAsset, "id" | "sha256" | "servedAt">) => `${asset.servedAt ?? MEDIA_PATH}/${asset.id}.${asset.sha256.slice(0, 12)}.svg`;

const VARIANT_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([0-9a-f]{12})\.(?:c(\d+)_(\d+)_(\d+)_(\d+)-)?(\d+)\.(avif|webp|jpg|png|gif)$/;
const SVG_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([0-9a-f]{12})\.svg$/;

/** A variant's spec from its file name (the part after MEDIA_PATH/), or undefined when it is not one. */
export function parseVariantName(name: string): VariantSpec | { id: string; sha: string; svg: true } | undefined {
  const svg = SVG_NAME.exec(name);
  if (svg) return { id: svg[1]!, sha: svg[2]!, svg: true };
  const m = VARIANT_NAME.exec(name);
  if (!m) return undefined;
  const [, id, sha, left, top, cw, ch, width, format] = m;
  return {
    id: id!,
    sha: sha!,
    ...(left !== undefined && { crop: { left: Number(left), top: Number(top), width: Number(cw), height: Number(ch) } }),
    width: Number(width),
    format: format as VariantFormat,
  };
}

/** How wide the file is that a page is shared with (og:image): what social networks show large. */
export const SOCIAL_WIDTH = 1200;

/**
 * The file a page is shared with and that its structured data names: the use's 16:9 crop,
 * 1200 wide (or its own width, when smaller), in JPEG (PNG when transparent), the formats every
 * social network shows. None for an SVG or an animated image, which they do not take.
 */
export function socialImageUrl(asset: MediaAsset, { focal, crop }: { focal?: FocalPoint | undefined; crop?: CropRect | undefined } = {}): string | undefined {
  if (asset.type === "image/svg+xml" || asset.animated) return undefined;
  const rect = cropFor(asset, "wide", focal ?? asset.focal ?? { x: 0.5, y: 0.5 }, crop);
  const width = Math.min(SOCIAL_WIDTH, rect?.width ?? asset.width);
  const format = formatsFor(asset).at(-1)!;
  return variantUrl({ id: asset.id, sha: asset.sha256.slice(0, 12), ...(rect && { crop: rect }), width, format });
}

/** Every file a use of an asset is served as, at one ratio: what <picture> lists. */
export function pictureSources(asset: MediaAsset, { ratio, focal, crop }: { ratio: Ratio; focal?: FocalPoint; crop?: CropRect }): PictureSources {
  const point = focal ?? asset.focal ?? { x: 0.5, y: 0.5 };
  const objectPosition = focalObjectPosition(point);
  if (asset.type === "image/svg+xml") {
    const src = svgUrl(asset);
    const r = ratios[ratio];
    return { width: asset.width, height: r ? Math.round(asset.width / r) : asset.height, sources: [], fallback: { src, type: asset.type }, objectPosition };
  }
  const rect = cropFor(asset, ratio, point, crop);
  const part = rect ?? { left: 0, top: 0, width: asset.width, height: asset.height };
  const widths = widthsFor(part.width);
  const sha = asset.sha256.slice(0, 12);
  const srcSet = (format: VariantFormat) => widths.map((width) => `${variantUrl({ id: asset.id, sha, crop: rect, width, format }, asset.servedAt)} ${width}w`).join(", ");
  const formats = formatsFor(asset);
  const fallbackFormat = formats.at(-1)!;
  const largest = widths.at(-1)!;
  // The fallback's one width: enough for a browser that takes no <source>, if one is left.
  const srcWidth = widths.filter((w) => w <= 1280).at(-1) ?? widths[0]!;
  return {
    width: largest,
    height: Math.round((largest * part.height) / part.width),
    sources: formats.slice(0, -1).map((format) => ({ type: formatType[format], srcSet: srcSet(format) })),
    fallback: { src: variantUrl({ id: asset.id, sha, crop: rect, width: srcWidth, format: fallbackFormat }, asset.servedAt), type: formatType[fallbackFormat] },
    objectPosition,
  };
}
