/**
 * The media library (content/media/<id>.json): each manifest checked against its schema, its id
 * against its file name. What comes back is what image fields may name (schemas/media-use.ts)
 * and what rendering knows of each asset.
 */
import { manifestFile, type MediaManifest, mediaManifestSchema, MEDIA_DIR } from "../../../schemas/media.ts";
import type { ContentError } from "../../content-files/errors.ts";
import { located } from "../../content-files/errors.ts";
import { fileLabeller, issueToError } from "../../content-files/issues.ts";
import { parseJsonSource, type SourceFile } from "../../content-files/source.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";

export interface MediaLibrary {
  /** The valid manifests by asset id. */
  assets: ReadonlyMap<string, MediaManifest>;
  /** Their files, to locate what later checks find (a variant over budget). */
  sources: ReadonlyMap<string, SourceFile>;
  errors: ContentError[];
}

export const mediaFiles = (json: ReadonlyMap<string, string>) => [...json.keys()].filter((f) => f.startsWith(`${MEDIA_DIR}/`)).sort();

export function checkMediaLibrary(json: ReadonlyMap<string, string>): MediaLibrary {
  const assets = new Map<string, MediaManifest>();
  const sources = new Map<string, SourceFile>();
  const errors: ContentError[] = [];
  for (const file of mediaFiles(json)) {
    const id = file.slice(MEDIA_DIR.length + 1, -".json".length);
    const label = `Image ${id}`;
    const { source, errors: syntax } = parseJsonSource(file, json.get(file)!, label);
    errors.push(...syntax);
    if (!source) continue;
    const parsed = mediaManifestSchema.safeParse(source.data);
    if (!parsed.success) {
      errors.push(...parsed.error.issues.map((i) => issueToError(i, source, fileLabeller(label))));
      continue;
    }
    if (manifestFile(parsed.data.id) !== file) {
      errors.push(located(source, ["id"], fileLabeller(label), catalogue.InvalidValue(`The id "${parsed.data.id}" is not the file's name (${id})`, "An image's entry is named after its id: rename the file or change the id.")));
      continue;
    }
    assets.set(id, parsed.data);
    sources.set(id, source);
  }
  return { assets, sources, errors };
}
