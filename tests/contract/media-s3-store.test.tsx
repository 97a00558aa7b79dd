/**
 * The S3 media store for real, over HTTP on loopback: s3rver speaks the S3 protocol, the
 * store speaks it with @aws-sdk/client-s3, configured as a deployment configures it
 * (MEDIA_STORE, MEDIA_S3_ENDPOINT, AWS_* credentials). Two hosts, each with its own client,
 * see one asset: one adds it, the other builds its variants from the same original.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderToString } from "react-dom/server";
import S3rver from "s3rver";
import sharp from "sharp";
import { Picture } from "../../src/ui/Picture.tsx";
import { addMedia } from "../../src/runtime/media/add.server.ts";
import { MediaError } from "../../src/runtime/media/media-error.ts";
import { buildMedia } from "../../src/runtime/media/pipeline.server.ts";
import { resolveImages } from "../../src/page/media/resolve.ts";
import { mediaStoreFrom } from "../../src/runtime/media/open-store.ts";

let dir: string;
let server: S3rver;
let endpoint: string;
const credentials = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "media-s3-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dir, "s3"), configureBuckets: [{ name: "site-media", configs: [] }] });
  const { address, port } = (await server.run()) as { address: string; port: number };
  endpoint = `http://${address}:${port}`;
  Object.assign(process.env, credentials);
});

afterAll(async () => {
  await server?.close();
  for (const key of Object.keys(credentials)) delete process.env[key];
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A host: its own checkout and its own client of the one bucket. */
const host = async (name: string) => {
  const root = path.join(dir, name);
  return { root, store: await mediaStoreFrom({ MEDIA_STORE: "s3://site-media/originals", MEDIA_S3_ENDPOINT: endpoint }, root) };
};

describe("the S3 media store", () => {
  it("writes and reads an original, and has nothing for a key it was not given", async () => {
    const { store } = await host("one");
    expect(store.label).toBe("s3://site-media/originals");
    await store.put("hello.png", Buffer.from("not really a png"), "image/png");
    expect((await store.get("hello.png"))?.toString()).toBe("not really a png");
    expect(await store.get("nothing-here.png")).toBeUndefined();
  });

  it("lets a second host build the variants of an image the first host added", async () => {
    const a = await host("host-a");
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    const manifest = await addMedia(a.root, a.store, { id: "meeting-room", bytes: photo, texts: { alt: "An empty meeting room" } });

    // Host B has the manifest (content, from git) but no original on its disk.
    const b = await host("host-b");
    const original = await b.store.get("meeting-room.jpg");
    expect(original?.length).toBe(manifest.bytes);
    const media = new Map([[manifest.id, manifest]]);
    const page = renderToString(<Picture image={resolveImages({ asset: "meeting-room" }, media)} sizes="50vw" />);
    const report = await buildMedia({ client: path.join(b.root, "build/client"), pages: [page], assets: media, store: b.store, cacheDir: path.join(b.root, ".media-cache") });
    // AVIF and WebP at each width up to the original's (320, 640, 800), and one fallback JPEG.
    expect(report).toMatchObject({ named: 7, encoded: 7, unknown: [] });
  }, 60_000);

  it("says which store could not be reached, as an error of the catalogue", async () => {
    const store = await mediaStoreFrom({ MEDIA_STORE: "s3://no-such-bucket", MEDIA_S3_ENDPOINT: endpoint }, dir);
    const error = await store.put("x.png", Buffer.from("x"), "image/png").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ code: "MediaStoreUnavailable" });
    expect((error as Error).message).toContain("s3://no-such-bucket");
  });

  it("refuses a MEDIA_STORE it cannot read", async () => {
    const error = await mediaStoreFrom({ MEDIA_STORE: "ftp://bucket" }, dir).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "MediaStoreSetting" });
  });
});
