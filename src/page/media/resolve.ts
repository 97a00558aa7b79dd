/**
 * Image uses made renderable: each use in a block's props or loaded data (a service's image
 * comes from its collection item) gets its asset's facts beside it, so the Picture component
 * needs no lookup of its own, and an island (the testimonials carousel) carries them in its
 * props to the browser like any other text.
 *
 * A use is recognised by its shape, which the `image` field's strict schema guarantees: an
 * object whose `asset` is a string and whose other keys are the field's.
 */
import type { ImageUse } from "../../../schemas/fields.ts";
import { type MediaAsset, socialImageUrl } from "./variants.ts";

export type ResolvedImage = ImageUse & { media?: MediaAsset };

const USE_KEYS = new Set(["asset", "alt", "decorative", "focal", "crop", "media"]);

export const isImageUse = (value: unknown): value is ImageUse =>
  typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { asset?: unknown }).asset === "string" && Object.keys(value).every((k) => USE_KEYS.has(k));

/**
 * `value` with every image use's asset attached (uses of unknown assets are left as they are:
 * the checker reports them). Only what holds a use is copied: a blog's posts pass through as
 * they are.
 */
export function resolveImages<T>(value: T, media: ReadonlyMap<string, MediaAsset>): T {
  if (isImageUse(value)) {
    const asset = media.get(value.asset);
    return (asset ? { ...value, media: renderable(asset) } : value) as T;
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => resolveImages(v, media));
    return (items.some((v, i) => v !== value[i]) ? items : value) as T;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).map(([k, v]) => [k, resolveImages(v, media)] as const);
    return (entries.some(([k, v]) => v !== value[k]) ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}

/** The file a page about `item` (a blog post) is shared with: its `picture`'s (variants.ts socialImageUrl), when it has one that can be. */
export function sharedPicture(item: Record<string, unknown> | undefined, media: ReadonlyMap<string, MediaAsset>): string | undefined {
  const picture = item?.picture;
  const asset = isImageUse(picture) ? media.get(picture.asset) : undefined;
  return asset && isImageUse(picture) ? socialImageUrl(asset, picture) : undefined;
}

/** Every image use in a value, in document order. */
export function imageUses(value: unknown): ImageUse[] {
  if (isImageUse(value)) return [value];
  if (Array.isArray(value)) return value.flatMap(imageUses);
  if (isPlainObject(value)) return Object.values(value).flatMap(imageUses);
  return [];
}

/** Data, not a Date or a class's instance, which are copied as they are. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** Only what rendering needs travels with a use (not the caption, credit or licence): an image's facts for the studio's preview too. */
export function renderable(asset: MediaAsset): MediaAsset {
  const { id, sha256, type, width, height, alpha, animated, placeholder, alt, focal, servedAt } = asset;
  return { id, sha256, type, width, height, ...(alpha && { alpha }), ...(animated && { animated }), ...(placeholder && { placeholder }), ...(alt && { alt }), ...(focal && { focal }), ...(servedAt && { servedAt }) };
}
