/**
 * The studio's media library calls (server/studio/media-api.ts): what a marketer writes about
 * an image, and what the library answers about each one. The texts are the manifest's own
 * fields (media.ts), so their limits are the checker's; "" clears one.
 */
import { z } from "zod";
import { slug } from "./fields.ts";
import { localeCode } from "./locales.ts";
import { MEDIA_DIR, mediaManifestSchema, type MediaManifest, type MediaType } from "./media.ts";
import { focalPoint } from "./media-use.ts";

const clearable = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema]).optional();
const shape = mediaManifestSchema.shape;

/** Where a locale's texts of an image live (its alt text in Hindi…). */
export const mediaTranslationFile = (locale: string, id: string) => `content/translations/${locale}/media/${id}.json`;

/** An image's entry or translation: its drafts belong to the Media screen, not to the page listing or the home's drafts. */
export const isMediaFile = (file: string) => file.startsWith(`${MEDIA_DIR}/`) || /^content\/translations\/[^/]+\/media\//.test(file);

export const mediaIdSchema = z.strictObject({ id: slug });

/**
 * A file of an image as a page names it (src/page/media/variants.ts), for the page editor's
 * preview: the rest of the path, checked by parseVariantName (a wildcard, as a name with a crop
 * can be longer than the router's 100 characters for a parameter).
 */
export const mediaVariantSchema = z.strictObject({ id: slug, "*": z.string().max(200) });

/** A file of the library at a width: a thumbnail (320) or the asset page's picture (960); the original without. */
export const mediaFileQuerySchema = z.strictObject({ w: z.enum(["320", "960"]).optional() });

export const describeMediaSchema = z.strictObject({
  alt: clearable(shape.alt.unwrap()),
  caption: clearable(shape.caption.unwrap()),
  credit: clearable(shape.credit.unwrap()),
  licence: clearable(shape.licence.unwrap()),
  focal: focalPoint.nullable().optional(),
  /** The image's tags, all of them (an empty list clears them). */
  tags: shape.tags.unwrap().optional(),
  /** The alt text in other locales, by locale code. */
  translations: z.record(localeCode, z.strictObject({ alt: clearable(shape.alt.unwrap()) })).optional(),
});
export type DescribeMedia = z.infer<typeof describeMediaSchema>;

/** Where an image is, as the library tells it. */
export type MediaState = "published" | "new" | "changed";

/** An image as the Media screen lists it. */
export interface MediaAsset {
  id: string;
  manifest: MediaManifest;
  state: MediaState;
  /** A published image given a new picture, not published yet. */
  newPicture: boolean;
  /** The alt text in each other locale, when written, and whether the English changed since. */
  translations: Record<string, { alt: string; stale: boolean }>;
  /** How many places use it. */
  uses: number;
}

/** A locale besides the default one, whose alt text the asset page asks for. */
export interface MediaLocale {
  code: string;
  name: string;
  direction: "ltr" | "rtl";
}

/** GET /media. */
export interface MediaListAnswer {
  assets: MediaAsset[];
  locales: MediaLocale[];
}

/** Where an image is used, in words (server/studio/media/uses.ts). */
export interface MediaUseView {
  kind: "page" | "collection" | "post" | "authors";
  document: string;
  place: string;
  locale: string | null;
  /** A draft not published yet uses it (the published page may not). */
  draft?: boolean;
  /** A schedule not run yet uses it: when it publishes (ISO-8601 UTC). */
  scheduled?: string;
}

/**
 * What a new picture for an image changes before it is applied: how many pages, lists and posts
 * show it, and in how many languages (a page or list is read in every one; a post in its own).
 */
export function replaceImpact(uses: readonly MediaUseView[], otherLocales: number): { documents: number; languages: number } {
  const documents = new Set(uses.map((use) => `${use.kind} ${use.document}`)).size;
  const languages = uses.some((use) => use.locale === null) ? otherLocales + 1 : new Set(uses.map((use) => use.locale)).size;
  return { documents, languages };
}

/** A new image a draft names, published with it (POST /publish/images): named by what it shows, else its id. */
export interface NewImage {
  id: string;
  name: string;
}

/** POST /media/:id/revert: the version to bring back, from the image's history. */
export const mediaRevertSchema = z.strictObject({ rev: z.string().regex(/^[0-9a-f]{7,64}$/, { error: "rev: a version from the image's history (7 to 64 characters 0-9 a-f)." }) });

/** A picture as its history tells it. */
export interface PictureFacts {
  type: MediaType;
  width: number;
  height: number;
  bytes: number;
}

/** One change from a version of an image to the next, in the marketer's terms. */
export type MediaChange =
  | { kind: "added" }
  | { kind: "picture"; from: PictureFacts; to: PictureFacts }
  | { kind: "text"; field: "alt" | "caption" | "credit" | "licence"; from?: string; to?: string }
  | { kind: "focal"; from?: { x: number; y: number }; to?: { x: number; y: number } }
  | { kind: "tags"; from: string[]; to: string[] };

/** A published version of an image (GET /media/:id/history), newest first. */
export interface MediaVersion {
  rev: string;
  author: { name: string; email: string };
  date: string;
  /** A version brought back from an earlier one. */
  restored: boolean;
  changes: MediaChange[];
  /** The translated texts published now that this version did not have, by locale ("alt", "caption"): restoring it removes them. */
  removes: { locale: string; fields: string[] }[];
}

/** GET /media/:id. */
export interface MediaAssetAnswer {
  asset: MediaAsset;
  uses: MediaUseView[];
}

/** What became of one uploaded file. */
export type UploadResult =
  | { name: string; status: "added" | "duplicate"; asset: MediaAsset }
  | { name: string; status: "refused"; error: { code: string; title: string; message: string; hint: string } };
