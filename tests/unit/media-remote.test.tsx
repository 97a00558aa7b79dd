/**
 * Images from another host (WordPress featured images) at build time, against a real HTTP
 * server on loopback: one that answers is taken in once and built like any asset; one that is
 * gone, not an image, or too slow is undefined (the default image is shown), never a failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { Picture } from "../../src/ui/Picture.tsx";
import { diskMediaStore } from "../../src/runtime/media/disk-store.server.ts";
import { buildMedia } from "../../src/runtime/media/pipeline.server.ts";
import { importRemoteImage, withRemoteImages } from "../../src/runtime/media/remote.server.ts";
import { resolveImages } from "../../src/page/media/resolve.ts";
import { pipelineBlogImages } from "../../src/runtime/media/blog-images.server.ts";
import { DEFAULT_POST_IMAGE } from "../../src/blog/defaults.ts";
import type { BlogPost } from "../../schemas/blog.ts";

let dir: string;
let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "media-remote-"));
  const photo = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
  server = createServer((req, res) => {
    requests.push(req.url!);
    if (req.url === "/uploads/featured.jpg") res.writeHead(200, { "Content-Type": "image/jpeg" }).end(photo);
    else if (req.url === "/uploads/page.jpg") res.writeHead(200, { "Content-Type": "image/jpeg" }).end("<!doctype html><html><body>Not found</body></html>");
    else if (req.url === "/uploads/slow.jpg") setTimeout(() => res.writeHead(200).end(photo), 2_000);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("an image from another host", () => {
  it("is taken in once, through intake, and built like an asset of the library", async () => {
    const cacheDir = path.join(dir, "cache");
    const url = `${base}/uploads/featured.jpg`;
    const manifest = (await importRemoteImage(url, { cacheDir, alt: "A teal banner" }))!;
    expect(manifest).toMatchObject({ type: "image/jpeg", width: 1200, height: 630, alt: "A teal banner" });
    expect(manifest.id).toMatch(/^remote-[0-9a-f]{16}$/);
    // A second build takes it from the cache: no request.
    expect(await importRemoteImage(url, { cacheDir, alt: "A teal banner" })).toEqual(manifest);
    expect(requests.filter((r) => r === "/uploads/featured.jpg")).toHaveLength(1);

    const media = new Map([[manifest.id, manifest]]);
    const page = renderToString(<Picture image={resolveImages({ asset: manifest.id }, media)} sizes="33vw" ratio="wide" />);
    const report = await buildMedia({ client: path.join(dir, "client"), pages: [page], assets: media, store: withRemoteImages(diskMediaStore(dir), cacheDir), cacheDir });
    // 16:9 of 1200 × 630 is 1120 wide: 320, 640, 960 and 1120, in AVIF and WebP, and the JPEG at 1120.
    expect(report).toMatchObject({ named: 9, encoded: 9, unknown: [] });
  }, 60_000);

  it("is undefined when it is gone, not an image, or too slow, and says why", async () => {
    const lines: string[] = [];
    const options = { cacheDir: path.join(dir, "cache"), timeoutMs: 500, log: (line: string) => lines.push(line) };
    expect(await importRemoteImage(`${base}/uploads/gone.jpg`, options)).toBeUndefined();
    expect(await importRemoteImage(`${base}/uploads/page.jpg`, options)).toBeUndefined();
    expect(await importRemoteImage(`${base}/uploads/slow.jpg`, options)).toBeUndefined();
    expect(await importRemoteImage("http://127.0.0.1:9/nothing.jpg", options)).toBeUndefined();
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("HTTP 404");
    expect(lines[1]).toContain("not a JPEG, PNG");
  }, 30_000);
});

describe("a WordPress blog's featured images", () => {
  it("become pictures the build serves, and a post whose image is gone shows the default image", async () => {
    const post = (slug: string, image: string, imageAlt = `Image of ${slug}`) => ({ slug, image, imageAlt, imageSrcSet: `${image} 1200w` }) as unknown as BlogPost;
    const blog = {
      posts: [post("fetched", `${base}/uploads/featured.jpg`), post("gone", `${base}/uploads/missing.jpg`), post("local", "/blog/images/default.svg"), post("no-alt", `${base}/uploads/featured.jpg`, "")],
      categories: [],
      tags: [],
      authors: [],
    };
    const { blog: served, media } = await pipelineBlogImages(blog, { cacheDir: path.join(dir, "blog-cache") });
    const [fetched, gone, local, noAlt] = served.posts;
    // One upload, one asset: each post says what it shows, or that it only decorates.
    expect([...media.keys()]).toEqual([fetched!.picture!.asset]);
    expect(fetched!.picture).toEqual({ asset: expect.stringMatching(/^remote-[0-9a-f]{16}$/), alt: "Image of fetched" });
    expect(noAlt!.picture).toEqual({ asset: fetched!.picture!.asset, decorative: true });
    expect(gone).toMatchObject({ image: DEFAULT_POST_IMAGE, imageSrcSet: "" });
    expect(gone!.picture).toBeUndefined();
    expect(local).toBe(blog.posts[2]);
    // Drawn as a local post's picture is (FeaturedImage): AVIF and WebP, the JPEG fallback, width and height.
    const card = renderToString(<Picture image={resolveImages(fetched!.picture!, media)} sizes="33vw" ratio="wide" />);
    expect(card).toMatch(/<source type="image\/avif" srcSet="\/_media\/v1\/remote-[0-9a-f]{16}\.[0-9a-f]{12}\.c40_0_1120_630-320\.avif 320w/);
    expect(card).toContain('alt="Image of fetched"');
    expect(card).toContain('width="1120" height="630"');
  }, 30_000);
});
