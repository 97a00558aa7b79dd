/**
 * npm run artwork [-- <asset id>...] — draws the sample site's images (scripts/artwork/) into
 * the media library: each drawing's original as content/media/<id>.<ext> and its facts (hash,
 * type, size) in content/media/<id>.json, keeping what a person wrote there (alt text, caption,
 * focal point). Deterministic: a re-run rewrites nothing unless a drawing changed.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { MEDIA_DIR, manifestFile, type MediaManifest, mediaManifestSchema, originalKey } from "../schemas/media.ts";
import { credit, type Drawing, drawings, licence } from "./artwork/catalogue.ts";

/** The posts' scenes stand in for photographs: JPEG at the quality a photo library keeps. */
const JPEG = { quality: 86, mozjpeg: true } as const;

async function render({ draw, format }: Drawing): Promise<{ bytes: Buffer; type: MediaManifest["type"] }> {
  const svg = Buffer.from(draw());
  return format === "svg" ? { bytes: svg, type: "image/svg+xml" } : { bytes: await sharp(svg).jpeg(JPEG).toBuffer(), type: "image/jpeg" };
}

async function drawInto(id: string, drawing: Drawing): Promise<boolean> {
  const { bytes, type } = await render(drawing);
  const { width, height } = await sharp(bytes).metadata();
  const file = manifestFile(id);
  const previous = existsSync(file) ? mediaManifestSchema.parse(JSON.parse(readFileSync(file, "utf8"))) : undefined;
  const manifest: MediaManifest = {
    $schema: "../../schemas/json/media.schema.json",
    id,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    type,
    width: width!,
    height: height!,
    bytes: bytes.length,
    ...(type === "image/svg+xml" && { alpha: true }),
    credit,
    licence,
    // The texts are content: a person's, kept as they are.
    ...(previous && { alt: previous.alt, caption: previous.caption, focal: previous.focal }),
  };
  if (previous?.sha256 === manifest.sha256) return false;
  writeFileSync(`${MEDIA_DIR}/${originalKey(manifest)}`, bytes);
  writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((id) => !drawings.has(id));
  if (unknown.length) {
    console.error(`No drawing for ${unknown.join(", ")}. Drawings: ${[...drawings.keys()].join(", ")}`);
    process.exit(2);
  }
  let changed = 0;
  for (const [id, drawing] of drawings) if ((!wanted.length || wanted.includes(id)) && (await drawInto(id, drawing))) changed++;
  console.log(`${changed} of ${wanted.length || drawings.size} drawings written to ${MEDIA_DIR}/`);
}
