/**
 * The Media screen's calls (server/studio/media-api.ts), through the studio's client
 * (./client.ts), with the session; thumbnails are plain image addresses, which the browser
 * loads with the session cookie.
 */
import type { DescribeMedia, MediaAsset, MediaAssetAnswer, MediaListAnswer, MediaVersion, UploadResult } from "../../schemas/studio-media.ts";
import { call, STUDIO_API, upload } from "./client.ts";

const at = (id: string) => `/media/${encodeURIComponent(id)}`;

export const media = {
  list: () => call<MediaListAnswer>("GET", "/media"),
  one: (id: string) => call<MediaAssetAnswer>("GET", at(id)),
  /** One file per request: its own progress, its own answer. */
  upload: (file: File, onProgress: (sent: number) => void) => {
    const form = new FormData();
    form.append("files", file, file.name);
    return upload<{ results: UploadResult[] }>("/media", form, onProgress);
  },
  /** A new picture for an image, with its texts asked again: a draft with the same id. */
  replace: (id: string, file: File, texts: DescribeMedia, onProgress: (sent: number) => void) => {
    const form = new FormData();
    form.append("texts", JSON.stringify(texts));
    form.append("files", file, file.name);
    return upload<{ asset: MediaAsset; changed: boolean }>(`${at(id)}/replace`, form, onProgress);
  },
  describe: (id: string, texts: DescribeMedia) => call<{ asset: MediaAsset }>("PUT", at(id), texts),
  publish: (id: string) => call<{ asset: MediaAsset; commit: string | null }>("POST", `${at(id)}/publish`),
  remove: (id: string) => call<{ commit: string | null }>("DELETE", at(id)),
  /** Its published versions, newest first, each with what changed. */
  history: (id: string) => call<{ versions: MediaVersion[] }>("GET", `${at(id)}/history`),
  /** That version published again (editors and admins). */
  revert: (id: string, rev: string) => call<{ asset: MediaAsset; commit: string | null }>("POST", `${at(id)}/revert`, { rev }),
  /** Where the page editor's preview finds an image's files, by the names a page gives them (/_media/v1/<name>): new images' too. */
  variantsAt: (id: string) => `${STUDIO_API}${at(id)}/variants`,
  /** The image scaled down: 320 pixels wide for the grid, 960 for the asset page. */
  fileUrl: (id: string, width: 320 | 960) => `${STUDIO_API}${at(id)}/file?w=${width}`,
};
