/**
 * Draws the site's icons (src/runtime/site-icons.ts) from its mark with sharp (librsvg), and the
 * web app manifest that lists them: what `npm run icons` writes and what
 * tests/unit/site-icons.test.ts holds the committed files to. Deterministic: the same mark and
 * sharp make the same bytes.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { manifestIcons, SITE_MARK, type SiteIcon } from "../../src/runtime/site-icons.ts";

export const MANIFEST = "public/site.webmanifest";

/** The icon drawn at its size, the mark rendered at that size (not scaled from a small bitmap). */
export async function drawIcon({ size }: SiteIcon, root = process.cwd()): Promise<Buffer> {
  const svg = readFileSync(`${root}/${SITE_MARK}`);
  return sharp(svg, { density: 72 * Math.max(1, size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

/** The manifest as committed, with its icons the ones the site draws. */
export function manifestText(root = process.cwd()): string {
  const manifest = JSON.parse(readFileSync(`${root}/${MANIFEST}`, "utf8")) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, icons: manifestIcons }, null, 2) + "\n";
}
