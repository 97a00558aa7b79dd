/**
 * The site's typeface: Inter (SIL Open Font License 1.1; its licence ships in the npm package),
 * self-hosted from Fontsource: one variable file of the Latin subset (48 kB), every weight of the
 * type scale in it. Inter was drawn for screens: a tall x-height that stays legible at the
 * studio's 14 px, one variable file for every weight, and the plain, technical voice of the
 * software an IT agency builds.
 *
 * Inter comes after the first paint: its @font-face is inert (`media="print"`); the after-paint
 * loader reads the rule, loads its file and adds the face once loaded (one layout, in Inter), so the page paints at once in a local face stretched to
 * Inter's metrics and the font's request is never on the way to the largest paint (measured
 * with `npm run bench`: Home's LCP 1407 → 1124 ms, Contact's 1265 → 943, Lighthouse mobile).
 * `font-display: swap` then; the stretched face makes the swap move no line. A page reached from
 * another of the site's, or again (Back, Forward, reload), turns it on before it paints: the page
 * before loaded it, so it comes from the cache and nothing swaps or changes height under a
 * restored scroll position. Nothing is stored to know it (no cookie, no storage: docs/analytics.md).
 * Without JavaScript the page keeps the stretched face. The overrides are computed below from each face's metrics,
 * read with fontTools from the files (head.unitsPerEm, hhea ascender and descender: Inter uses
 * them, its typo metrics being the same) and capsize's average width: the advance widths of a
 * to z and space, weighted by their frequency in English text (Inter's at weights 400 and 600,
 * from its variable file instanced there).
 */
import inter from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { STAND_INS, TEXT_FACE_STYLE_ID, TEXT_FAMILY } from "./font-stack.ts";

export interface Metrics {
  unitsPerEm: number;
  ascent: number;
  /** Positive: below the baseline. */
  descent: number;
  lineGap: number;
  /** capsize's xWidthAvg, in font units. */
  averageWidth: number;
}

/** Inter's metrics; its width grows with the weight (read at 400 and at 600, the scale's heading weight). */
const INTER = { unitsPerEm: 2048, ascent: 1984, descent: 494, lineGap: 0 };
const INTER_REGULAR: Metrics = { ...INTER, averageWidth: 969.74 };
const INTER_SEMIBOLD: Metrics = { ...INTER, averageWidth: 987.49 };

/** A local face that stands in for a face's regular and medium text, or for its semibold (a real bold: with Inter's regular one drawn bold, Home's title rewrapped on a phone when Inter arrived). */
export interface StandIn {
  weight: "100 500" | "600 900";
  local: string[];
  metrics: Metrics;
  /** The face it stands in for, at those weights. */
  font: Metrics;
}

const ARIAL = { unitsPerEm: 2048, ascent: 1854, descent: 434, lineGap: 67 };
const DEJAVU = { unitsPerEm: 2048, ascent: 1901, descent: 483, lineGap: 0 };

/** Local faces to stand in for Inter while it loads, each under the names a system may know it by. */
const FALLBACKS: { family: string; faces: StandIn[] }[] = [
  // Windows and macOS; Liberation Sans and Arimo, on Linux and ChromeOS, share Arial's metrics.
  {
    family: STAND_INS.arial,
    faces: [
      { weight: "100 500", local: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo"], metrics: { ...ARIAL, averageWidth: 903.45 }, font: INTER_REGULAR },
      { weight: "600 900", local: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold"], metrics: { ...ARIAL, averageWidth: 976.75 }, font: INTER_SEMIBOLD },
    ],
  },
  // Linux without them (Debian's default, and CI's).
  {
    family: STAND_INS.dejavu,
    faces: [
      { weight: "100 500", local: ["DejaVu Sans", "DejaVuSans"], metrics: { ...DEJAVU, averageWidth: 1037.06 }, font: INTER_REGULAR },
      { weight: "600 900", local: ["DejaVu Sans Bold", "DejaVuSans-Bold"], metrics: { ...DEJAVU, averageWidth: 1170.98 }, font: INTER_SEMIBOLD },
    ],
  },
];

const percent = (ratio: number) => `${+(ratio * 100).toFixed(2)}%`;

/** A local face scaled to Inter's average width, with Inter's ascent, descent and line gap at that scale. */
export function fallbackOverrides(face: Metrics, font: Metrics) {
  const sizeAdjust = font.averageWidth / font.unitsPerEm / (face.averageWidth / face.unitsPerEm);
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / font.unitsPerEm / sizeAdjust),
    descentOverride: percent(font.descent / font.unitsPerEm / sizeAdjust),
    lineGapOverride: percent(font.lineGap / font.unitsPerEm / sizeAdjust),
  };
}

export const TEXT_FACE = {
  family: TEXT_FAMILY,
  url: inter,
  // Fontsource's range for the Latin subset.
  unicodeRange: "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD",
};

/** A self-hosted variable face's @font-face rule, every weight in its one file (Inter's, and a script's: script-fonts.ts). */
export const faceCss = ({ family, url, unicodeRange }: { family: string; url: string; unicodeRange: string }) =>
  `@font-face{font-family:'${family}';font-style:normal;font-weight:100 900;font-display:swap;` +
  `src:url(${url}) format('woff2');unicode-range:${unicodeRange}}`;

/** Inter's @font-face rule, for the <style> the after-paint loader turns on. */
export const textFaceCss = faceCss(TEXT_FACE);

/** A stand-in's @font-face rule, stretched to the metrics of the face it stands in for; `unicodeRange` where the local face also has letters it must not draw. */
export function standInFaceCss(family: string, { weight, local, metrics, font }: StandIn, unicodeRange?: string): string {
  const o = fallbackOverrides(metrics, font);
  return (
    `@font-face{font-family:'${family}';font-weight:${weight};src:${local.map((name) => `local('${name}')`).join(",")};` +
    (unicodeRange ? `unicode-range:${unicodeRange};` : "") +
    `size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`
  );
}

/** Every page's stand-ins for Inter: in force from the first paint. */
export const standInCss = FALLBACKS.flatMap(({ family, faces }) => faces.map((face) => standInFaceCss(family, face))).join("");

/** Runs in <head> right after Inter's <style>: on at once on a page reached from the site itself, or again. */
export const TEXT_FACE_AT_ONCE =
  `try{let n=performance.getEntriesByType("navigation")[0];` +
  `if((document.referrer&&new URL(document.referrer).origin===location.origin)||(n&&n.type!=="navigate"))` +
  `document.getElementById("${TEXT_FACE_STYLE_ID}").media="all"}catch(e){}`;
