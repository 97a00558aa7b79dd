/**
 * npm run artwork [-- <asset id>...] — draws the sample site's images (scripts/artwork/) into
 * the media library through its intake, as `npm run media -- add --replace` would: the original
 * in the media store, its facts in content/media/<id>.json, keeping the texts a person wrote
 * there (alt text, caption, focal point). Drawing and intake are deterministic: a re-run leaves
 * the files of an unchanged drawing as they were.
 */
import sharp from "sharp";
import { addMedia } from "../src/runtime/media/add.server.ts";
import { mediaStoreFrom } from "../src/runtime/media/open-store.ts";
import { credit, type Drawing, drawings, licence } from "./artwork/catalogue.ts";

/** The posts' scenes stand in for photographs: JPEG at the quality a photo library keeps. */
const JPEG = { quality: 86, mozjpeg: true } as const;

async function render({ draw, format }: Drawing): Promise<Buffer> {
  const svg = Buffer.from(draw());
  return format === "svg" ? svg : sharp(svg).jpeg(JPEG).toBuffer();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((id) => !drawings.has(id));
  if (unknown.length) {
    console.error(`No drawing for ${unknown.join(", ")}. Drawings: ${[...drawings.keys()].join(", ")}`);
    process.exit(2);
  }
  const store = await mediaStoreFrom(process.env, process.cwd());
  const ids = wanted.length ? wanted : [...drawings.keys()];
  for (const id of ids) await addMedia(process.cwd(), store, { id, bytes: await render(drawings.get(id)!), replace: true, texts: { credit, licence } });
  console.log(`✔ ${ids.length} drawings in ${store.label}`);
}
