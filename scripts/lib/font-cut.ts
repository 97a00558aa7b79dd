/**
 * A face's file as the site serves it (src/styles/font-files.ts): Fontsource's variable file with
 * its weight axis narrowed to the type scale's weights, by HarfBuzz's subsetter (subset-font),
 * every glyph, feature and the licence's name records kept. The same input gives the same bytes.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import type { FontFile } from "../../src/styles/font-files.ts";
import { WEIGHT_RANGE } from "../../src/styles/type-scale.ts";

export const FONTS_DIR = path.resolve(import.meta.dirname, "../../src/styles/fonts");

/** The OpenType name records kept: HarfBuzz's default 0–6 (copyright, family, style, version, PostScript name), and the licence (13, 14). */
const NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 13, 14];

export async function cutFont({ source }: FontFile): Promise<Buffer> {
  const original = await readFile(createRequire(import.meta.url).resolve(source));
  return subsetFont(original, undefined, {
    targetFormat: "woff2",
    keepAllGlyphs: true,
    preserveNameIds: NAME_IDS,
    // The default instance stays the face's regular (400) where the scale has it.
    variationAxes: { wght: { ...WEIGHT_RANGE, default: Math.min(Math.max(400, WEIGHT_RANGE.min), WEIGHT_RANGE.max) } },
  });
}
