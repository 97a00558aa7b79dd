/**
 * npm run bench:media-uses — how long the studio takes to tell where an image is used
 * (server/studio/media/uses.ts) with 10,000 images and 1,000 pages (issue 39: under 50 ms).
 * A report, not a test. Writes a content folder of 1,000 copies of the home page, their image
 * fields naming 10,000 different images between them, plus the project's collections, posts
 * and blog authors; then times the first lookup (every file read), a lookup with nothing
 * changed (the studio's usual case: a stat per file) and one after a page changed.
 *
 *   --pages N   pages (default 1000)   --images N   images (default 10000)   --runs N (default 20)
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { mediaUsesIndex } from "../server/studio/media/uses.ts";
import { median } from "./lib/median.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback);
const pages = option("--pages", 1000);
const images = option("--images", 10_000);
const runs = option("--runs", 20);

const ROOT = path.resolve(import.meta.dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "bench-media-uses-"));
try {
  for (const dir of ["content/collections", "content/blog"]) cpSync(path.join(ROOT, dir), path.join(root, dir), { recursive: true });
  cpSync(path.join(ROOT, "content/locales.json"), path.join(root, "content/locales.json"));
  mkdirSync(path.join(root, "content/pages"), { recursive: true });
  const home = readFileSync(path.join(ROOT, "content/pages/home.json"), "utf8");
  let named = 0;
  for (let i = 0; i < pages; i++) {
    // The home page's 7 image fields and 3 more logos: 10 images a page.
    const page = JSON.parse(home) as { blocks: { logos?: unknown[] }[] };
    const logos = page.blocks.find((block) => block.logos)!.logos!;
    logos.push(...logos.slice(0, 3));
    const text = JSON.stringify(page, null, 2).replace(/"asset": "[^"]+"/g, () => `"asset": "image-${named++ % images}"`).replace(/"path": "\/"/, `"path": "/page-${i}"`);
    writeFileSync(path.join(root, `content/pages/page-${i}.json`), text);
  }

  const index = mediaUsesIndex(root);
  const time = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const first = await time(() => index.usesOf("image-0"));
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await time(() => index.usesOf(`image-${(i * 7919) % images}`)));
  const changed: number[] = [];
  for (let i = 0; i < runs; i++) {
    const file = path.join(root, `content/pages/page-${i}.json`);
    const later = new Date(Date.now() + (i + 1) * 1000);
    utimesSync(file, later, later);
    changed.push(await time(() => index.usesOf("image-1")));
  }
  const uses = (await index.refresh()).size;
  console.log(`Where used: ${pages} pages naming ${uses} images (${named} image fields), the project's lists, posts and authors`);
  console.log(`  first lookup (every file read):      ${first.toFixed(0)} ms`);
  console.log(`  lookup, nothing changed (median):    ${median(warm).toFixed(1)} ms   (target < 50 ms)`);
  console.log(`  lookup after a page changed (median): ${median(changed).toFixed(1)} ms`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
