/**
 * npm run media -- add <file> --alt "What it shows" [--id <id>] [--caption "…"] [--credit "…"]
 *                  [--licence "…"] [--focal 0.5,0.3] [--replace]
 *
 * Adds an image to the media library (docs/media.md): checks and cleans it (type by content,
 * size limits, upright, no camera or location metadata, SVG sanitised), stores the original
 * (content/media/, or MEDIA_STORE) and writes its manifest content/media/<id>.json.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { errors } from "../src/errors/catalogue.ts";
import { addMedia, idFromFileName } from "../src/runtime/media/add.server.ts";
import { MediaError } from "../src/runtime/media/media-error.ts";
import { mediaStoreFrom } from "../src/runtime/media/open-store.ts";
import { REMOTE_PREFIX } from "../src/runtime/media/remote.server.ts";
import { slug } from "../schemas/fields.ts";
import { runAsScript } from "./lib/cli.ts";

const usage = (problem: string) => new MediaError(errors.MediaUsage(problem));

async function main(argv: string[]) {
  const { positionals, values } = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          id: { type: "string" },
          alt: { type: "string" },
          caption: { type: "string" },
          credit: { type: "string" },
          licence: { type: "string" },
          focal: { type: "string" },
          replace: { type: "boolean" },
        },
      });
    } catch (e) {
      throw usage((e as Error).message);
    }
  })();
  const [command, file, ...rest] = positionals;
  if (command !== "add") throw usage(command ? `Unknown command "${command}".` : "Say what to do: add.");
  if (!file || rest.length) throw usage("Name one image file to add.");
  const id = values.id ?? idFromFileName(file);
  if (!slug.safeParse(id).success) throw usage(`"${id}" is not an id: use lowercase letters, digits and single hyphens.`);
  if (id.startsWith(REMOTE_PREFIX)) throw usage(`Ids starting with "${REMOTE_PREFIX}" are the build's, for images from other hosts: choose another.`);
  const focal = values.focal?.split(",").map(Number);
  if (focal && (focal.length !== 2 || focal.some((n) => !(n >= 0 && n <= 1)))) throw usage("--focal is two numbers from 0 to 1: x,y (0,0 is the top left).");
  const bytes = await readFile(file).catch((e: Error) => {
    throw usage(`Cannot read ${file}: ${e.message}`);
  });
  const store = await mediaStoreFrom(process.env, process.cwd());
  const started = performance.now();
  const manifest = await addMedia(process.cwd(), store, {
    id,
    bytes,
    replace: values.replace,
    texts: { alt: values.alt, caption: values.caption, credit: values.credit, licence: values.licence, ...(focal && { focal: { x: focal[0]!, y: focal[1]! } }) },
  });
  const ms = Math.round(performance.now() - started);
  console.log(`✔ Added "${manifest.id}": ${manifest.type}, ${manifest.width}×${manifest.height}, ${Math.round(manifest.bytes / 1024)} kB, in ${store.label} (${ms} ms)`);
  if (!manifest.alt) console.log(`  It has no alt text: each use must give one, or be marked "decorative": true.`);
}

runAsScript(import.meta.url, "media", main, (e) => e instanceof MediaError && e.code === errors.MediaUsage.code);
