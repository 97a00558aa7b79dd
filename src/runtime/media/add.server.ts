/**
 * Adding an image to the media library: intake (./intake.server.ts), the original into the
 * store, the manifest into content/media/<id>.json. What npm run media -- add does, and what
 * an upload in the editor will do.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { manifestFile, type MediaManifest, mediaManifestSchema, originalKey } from "../../../schemas/media.ts";
import { errors } from "../../errors/catalogue.ts";
import { intakeImage, manifestFacts } from "./intake.server.ts";
import { MediaError } from "./media-error.ts";
import type { MediaStore } from "./store.ts";

export interface AddMedia {
  id: string;
  bytes: Buffer;
  /** The texts of the manifest; on --replace, those not given are kept from the image replaced. */
  texts: Partial<Pick<MediaManifest, "alt" | "caption" | "credit" | "licence" | "focal">>;
  /** Replace the image with this id instead of refusing. */
  replace?: boolean;
}

/** "Team Photo (2).JPG" → "team-photo-2". */
export const idFromFileName = (file: string) =>
  path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "image";

export async function addMedia(root: string, store: MediaStore, { id, bytes, texts, replace = false }: AddMedia): Promise<MediaManifest> {
  const file = path.join(root, manifestFile(id));
  const previous = await readFile(file, "utf8").then((t) => JSON.parse(t) as Partial<MediaManifest>, () => undefined);
  if (previous && !replace) throw new MediaError(errors.MediaIdTaken(id));
  const image = await intakeImage(bytes);
  const kept = { alt: previous?.alt, caption: previous?.caption, credit: previous?.credit, licence: previous?.licence, focal: previous?.focal, tags: previous?.tags };
  const manifest = mediaManifestSchema.parse(
    dropUndefined({
      $schema: "../../schemas/json/media.schema.json",
      id,
      ...manifestFacts(image),
      ...kept,
      ...dropUndefined(texts),
    }),
  );
  await store.put(originalKey(manifest), image.bytes, manifest.type);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

const dropUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
