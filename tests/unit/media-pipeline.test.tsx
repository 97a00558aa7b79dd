/**
 * The build's image step on real files: an image added with the library's own function,
 * the variants a rendered page names encoded once, then taken from the cache by the next
 * build and left alone by an incremental rebuild whose release has them (counts measured).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { Picture } from "../../src/ui/Picture.tsx";
import { addMedia } from "../../src/runtime/media/add.server.ts";
import { diskMediaStore } from "../../src/runtime/media/disk-store.server.ts";
import { buildMedia, namedVariants } from "../../src/runtime/media/pipeline.server.ts";
import { resolveImages } from "../../src/page/media/resolve.ts";
import { MediaError } from "../../src/runtime/media/media-error.ts";

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "media-pipeline-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the build's images", () => {
  it("encodes each named variant once, then reuses it from the cache", async () => {
    const store = diskMediaStore(root);
    const photo = await sharp({ create: { width: 1400, height: 900, channels: 3, background: "#2040a0" } }).jpeg().toBuffer();
    const manifest = await addMedia(root, store, { id: "office", bytes: photo, texts: { alt: "Our office in the morning" } });
    expect(readdirSync(path.join(root, "content/media")).sort()).toEqual(["office.jpg", "office.json"]);

    const media = new Map([[manifest.id, manifest]]);
    const page = renderToString(<Picture image={resolveImages({ asset: "office" }, media)} sizes="100vw" ratio="wide" priority />);
    const names = namedVariants([page]);
    // Widths 320, 640, 960, 1280 and the crop's own 1400, in AVIF and WebP, and one JPEG (1280) for browsers that take neither.
    expect(names.size).toBe(11);

    const cacheDir = path.join(root, ".media-cache");
    const build = (client: string) => buildMedia({ client, pages: [page], assets: media, store, cacheDir });
    const first = await build(path.join(root, "build-1/client"));
    expect(first).toMatchObject({ named: 11, encoded: 11, cached: 0, present: 0, unknown: [], overBudget: [] });

    const out = path.join(root, "build-1/client/_media/v1");
    const wide = await sharp(path.join(out, "office.".concat(manifest.sha256.slice(0, 12), ".c0_56_1400_788-640.avif"))).metadata();
    expect([wide.format, wide.width, wide.height]).toEqual(["heif", 640, 360]);

    // A new build: nothing encoded again.
    const second = await build(path.join(root, "build-2/client"));
    expect(second).toMatchObject({ named: 11, encoded: 0, cached: 11, present: 0 });
    // An incremental rebuild of a release that has them: nothing to do.
    const rebuild = await build(path.join(root, "build-2/client"));
    expect(rebuild).toMatchObject({ named: 11, encoded: 0, cached: 0, present: 11 });
  }, 60_000);

  it("refuses to build from an original that is not the one its manifest describes", async () => {
    const store = diskMediaStore(root);
    const manifest = await addMedia(root, store, {
      id: "swapped",
      bytes: await sharp({ create: { width: 400, height: 300, channels: 3, background: "#000" } }).png().toBuffer(),
      texts: { alt: "A dark square" },
    });
    writeFileSync(path.join(root, "content/media/swapped.png"), await sharp({ create: { width: 400, height: 300, channels: 3, background: "#fff" } }).png().toBuffer());
    const page = renderToString(<Picture image={resolveImages({ asset: "swapped" }, new Map([[manifest.id, manifest]]))} sizes="100vw" />);
    const error = await buildMedia({ client: path.join(root, "build-3/client"), pages: [page], assets: new Map([[manifest.id, manifest]]), store, cacheDir: path.join(root, "cache-3") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe("MediaOriginalChanged");
  }, 30_000);

  it("refuses to add an image under an id that is taken, unless told to replace it", async () => {
    const store = diskMediaStore(root);
    const bytes = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#f00" } }).png().toBuffer();
    await addMedia(root, store, { id: "red", bytes, texts: { alt: "A red square" } });
    const taken = await addMedia(root, store, { id: "red", bytes, texts: {} }).catch((e: MediaError) => e.code);
    expect(taken).toBe("MediaIdTaken");
    const replaced = await addMedia(root, store, { id: "red", bytes, texts: { credit: "Own work" }, replace: true });
    expect(replaced).toMatchObject({ alt: "A red square", credit: "Own work" });
  });
});
