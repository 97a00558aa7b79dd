/**
 * The self-hosted faces' files. Each is a Fontsource variable file (SIL Open Font License 1.1)
 * with its weight axis narrowed by `npm run fonts` (scripts/fonts.ts) to the type scale's
 * weights (WEIGHT_RANGE), its glyphs and features kept whole, so a page downloads no weight it
 * never draws (Inter 48 → 34 kB, Noto Sans Devanagari 121 → 79 kB). The results are kept in
 * src/styles/fonts/, where the faces' rules name them (text-face.ts, script-fonts.ts), and
 * tests/unit/font-files.test.ts fails when they are not what the command makes now (after a
 * Fontsource upgrade, or a weight added to the scale).
 */
import { WEIGHT_RANGE } from "./type-scale.ts";

export interface FontFile {
  /** The Fontsource file it is made from, as a package path. */
  source: string;
  /** Its name in src/styles/fonts/. */
  file: string;
}

export const FONT_FILES: FontFile[] = [
  { source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", file: "inter-latin-wght-normal.woff2" },
  { source: "@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2", file: "noto-sans-devanagari-devanagari-wght-normal.woff2" },
];

/** The weights each face's file holds, as its @font-face rule's font-weight. */
export const FACE_WEIGHTS = `${WEIGHT_RANGE.min} ${WEIGHT_RANGE.max}`;
