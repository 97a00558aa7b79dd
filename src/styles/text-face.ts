/**
 * The site's typeface: Inter (SIL Open Font License 1.1; its licence ships in the npm package),
 * self-hosted from Fontsource: one variable file of the Latin subset, holding the type scale's
 * weights and no other (34 kB: font-files.ts). Inter was drawn for screens: a tall x-height that stays legible at the
 * studio's 14 px, one variable file for every weight, and the plain, technical voice of the
 * software an IT agency builds.
 *
 * Inter comes after the first paint: its @font-face is in the page from the start, but the page
 * paints in a local face stretched to Inter's metrics (the theme's stack names no Inter), so the
 * font's request is never on the way to the largest paint (measured with `npm run bench`: Home's
 * LCP 1407 → 1124 ms, Contact's 1265 → 943, Lighthouse mobile). The after-paint loader loads the
 * file, then turns Inter on part of the page by part (FACES_ON_ATTR): a face's rule in the page
 * from the start changes nothing when its file comes, where adding a face, or turning its rules
 * on, makes Chromium lay every text out again at once (Home: one frame of 130–180 ms on a phone).
 * The stretched face makes the swap move no line. A page reached from another of the site's, or
 * again (Back, Forward, reload), has the faces on before it paints: the page before loaded them,
 * so they come from the cache and nothing swaps or changes height under a restored scroll
 * position. Nothing is stored to know it (no cookie, no storage: docs/analytics.md).
 * Without JavaScript the page keeps the stretched face. The overrides are computed below from each face's metrics,
 * read with fontTools from the files (head.unitsPerEm, hhea ascender and descender: Inter uses
 * them, its typo metrics being the same), and from their average widths, measured in Chromium
 * (canvas measureText, per 1000 em): each letter's advance weighted by how often the site's
 * English content uses it (Inter's at weights 400 and 600; Arial's from Liberation Sans, which
 * has its widths). Capitals and digits are stretched on their own (SEGMENTS).
 */
import inter from "./fonts/inter-latin-wght-normal.woff2?url";
import { FACE_WEIGHTS } from "./font-files.ts";
import { FACES_HELD_ATTR, FACES_ON_ATTR, STAND_INS, standInStack, TEXT_FAMILY, textStack } from "./font-stack.ts";

export interface Metrics {
  unitsPerEm: number;
  ascent: number;
  /** Positive: below the baseline. */
  descent: number;
  lineGap: number;
  /** The average advance of the letters it draws, per 1000 em: for a Latin face, all but its segments'. */
  averageWidth: number;
  /** A Latin face's capitals and digits (SEGMENTS), on their own: their average advance per 1000 em. */
  segments?: Record<Segment, number>;
}

/**
 * Capitals and digits are stretched on their own: one average width for all the letters made a
 * stand-in's eyebrows (semibold capitals, as they are set and counted) 8 % narrower than Inter's
 * in DejaVu, and its capitals 7 % wider in Arial, so a centred eyebrow or heading moved by up to
 * 5 px when Inter arrived (Lighthouse's CLS 0.001 on About and Contact). Each range is one more face of the stand-in's
 * family, after its whole face: the later face draws the letters in its range (CSS Fonts 4).
 */
const SEGMENTS = { capitals: "U+0041-005A", digits: "U+0030-0039" } as const;
type Segment = keyof typeof SEGMENTS;

/** Inter's metrics; its width grows with the weight (read at 400 and at 600, the scale's heading weight). */
const INTER = { unitsPerEm: 2048, ascent: 1984, descent: 494, lineGap: 0 };
const INTER_REGULAR: Metrics = { ...INTER, averageWidth: 472.3, segments: { capitals: 671.3, digits: 600.1 } };
const INTER_SEMIBOLD: Metrics = { ...INTER, averageWidth: 482.5, segments: { capitals: 683.5, digits: 620.9 } };

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

/**
 * Local faces to stand in for Inter while it loads, each by its full name: Chromium, Firefox and
 * Safari match `local()` by full or PostScript name alike, so the PostScript names ("ArialMT")
 * found nothing the full names miss. Chromium asks again for every face, and for every name a
 * system does not have (a sandboxed lookup each): on Linux without Arial, Home made 32 of them
 * before its first paint with both names, 20 with full names only.
 */
const FALLBACKS: { family: string; faces: StandIn[] }[] = [
  // Windows and macOS; Liberation Sans and Arimo, on Linux and ChromeOS, share Arial's metrics.
  {
    family: STAND_INS.arial,
    faces: [
      { weight: "100 500", local: ["Arial", "Liberation Sans", "Arimo"], metrics: { ...ARIAL, averageWidth: 439.7, segments: { capitals: 671.1, digits: 556.2 } }, font: INTER_REGULAR },
      { weight: "600 900", local: ["Arial Bold", "Liberation Sans Bold", "Arimo Bold"], metrics: { ...ARIAL, averageWidth: 475.4, segments: { capitals: 680.8, digits: 556.2 } }, font: INTER_SEMIBOLD },
    ],
  },
  // Linux without them (Debian's default, and CI's).
  {
    family: STAND_INS.dejavu,
    faces: [
      { weight: "100 500", local: ["DejaVu Sans"], metrics: { ...DEJAVU, averageWidth: 504.1, segments: { capitals: 668.4, digits: 636.2 } }, font: INTER_REGULAR },
      { weight: "600 900", local: ["DejaVu Sans Bold"], metrics: { ...DEJAVU, averageWidth: 569.4, segments: { capitals: 750.4, digits: 695.8 } }, font: INTER_SEMIBOLD },
    ],
  },
];

const percent = (ratio: number) => `${+(ratio * 100).toFixed(2)}%`;

/** A local face scaled to Inter's average width (or a segment's), with Inter's ascent, descent and line gap at that scale. */
export function fallbackOverrides(face: Metrics, font: Metrics, segment?: Segment) {
  const sizeAdjust = segment ? font.segments![segment] / face.segments![segment] : font.averageWidth / face.averageWidth;
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

/** A self-hosted variable face's @font-face rule, the scale's weights in its one file (Inter's, and a script's: script-fonts.ts). */
export const faceCss = ({ family, url, unicodeRange }: { family: string; url: string; unicodeRange: string }) =>
  `@font-face{font-family:'${family}';font-style:normal;font-weight:${FACE_WEIGHTS};font-display:swap;` +
  `src:url(${url}) format('woff2');unicode-range:${unicodeRange}}`;

/** The theme's text stacks (body and headings), as the declarations that set them. */
export const themeStacksCss = (stack: string) => `--chakra-fonts-body:${stack};--chakra-fonts-heading:${stack}`;

/**
 * Turns the faces on where FACES_ON_ATTR is (`scope` narrows it, to a language): the theme's
 * stacks, for the text that names them, and the element's own font, for the text that inherits
 * it. Outside Chakra's cascade layers, so it wins over them. Where FACES_HELD_ATTR is, the
 * stand-ins' stack (`first`) wins over both, the attribute twice to outweigh the faces' rule.
 */
export const facesOnCss = (stack: string, first: string, scope = "") =>
  `${scope ? `${scope}[${FACES_ON_ATTR}],${scope} ` : ""}[${FACES_ON_ATTR}]{${themeStacksCss(stack)};font-family:${stack}}` +
  `${scope ? `${scope} ` : ""}[${FACES_HELD_ATTR}][${FACES_HELD_ATTR}]{${themeStacksCss(first)};font-family:${first}}`;

/** Inter's @font-face rule, and where it is on. */
export const textFaceCss = faceCss(TEXT_FACE) + facesOnCss(textStack(), standInStack());

/**
 * A stand-in's @font-face rules, stretched to the metrics of the face it stands in for: its
 * whole face, then one per segment both faces have measured; `unicodeRange` where the local
 * face also has letters it must not draw.
 */
export function standInFaceCss(family: string, { weight, local, metrics, font }: StandIn, unicodeRange?: string): string {
  const rule = (range: string | undefined, segment?: Segment) => {
    const o = fallbackOverrides(metrics, font, segment);
    return (
      `@font-face{font-family:'${family}';font-weight:${weight};src:${local.map((name) => `local('${name}')`).join(",")};` +
      (range ? `unicode-range:${range};` : "") +
      `size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`
    );
  };
  const segments = metrics.segments && font.segments ? (Object.keys(SEGMENTS) as Segment[]) : [];
  return rule(unicodeRange) + segments.map((segment) => rule(SEGMENTS[segment], segment)).join("");
}

/** Every page's stand-ins for Inter: in force from the first paint. */
export const standInCss = FALLBACKS.flatMap(({ family, faces }) => faces.map((face) => standInFaceCss(family, face))).join("");

/** Runs in <head> right after the faces' <style>: the faces on at once on a page reached from the site itself, or again. */
export const TEXT_FACE_AT_ONCE =
  `try{let n=performance.getEntriesByType("navigation")[0];` +
  `if((document.referrer&&new URL(document.referrer).origin===location.origin)||(n&&n.type!=="navigate"))` +
  `document.documentElement.setAttribute("${FACES_ON_ATTR}","")}catch(e){}`;
