/**
 * Faces for the scripts the site publishes that a visitor's system may not have: Devanagari
 * (Hindi), self-hosted from Fontsource's Noto Sans Devanagari (SIL Open Font License 1.1: free to
 * bundle and serve; its licence ships in the npm package), one variable file of the Devanagari
 * subset only, holding the type scale's weights (79 kB: font-files.ts).
 *
 * Only a page in such a language has the face's rule, so English pages, even with
 * हिन्दी in their language switcher, download no Devanagari. Preloaded, its file (then 121 kB) was on the
 * way to the largest paint of a Hindi page (Lighthouse mobile: LCP 1.8 s, an English page's
 * 1.1 s), so the page paints in the system's Devanagari face, and the face is never swapped in
 * over it: no local face has Noto's widths word for word (Lohit Devanagari, Linux's, is
 * stretched to them on average, and a line of Hindi About still rewrapped: CLS 0.002; Windows'
 * Nirmala UI and Apple's Kohinoor are drawn as they are). Once the page has painted, the
 * after-paint loader only prefetches the file, with Inter's (runtime/after-paint.server.ts), so every
 * page reached from the site has both before it paints (text-face.ts). A system with no Devanagari
 * face at all (each letter the same missing-glyph box: its `letters` tell) gets it turned on with
 * Inter as soon as both have loaded: anything beats boxes.
 */
import devanagari from "./fonts/noto-sans-devanagari-devanagari-wght-normal.woff2?url";
import { standInStack, textStack } from "./font-stack.ts";
import { faceCss, facesOnCss, type StandIn, standInFaceCss, themeStacksCss } from "./text-face.ts";

export interface ScriptFont {
  family: string;
  url: string;
  unicodeRange: string;
  /** The family of its local stand-ins (scriptFontCss). */
  standIn: string;
  /** A few of its letters, each drawn as a missing-glyph box where the system has no face for the script. */
  letters: string;
}

/**
 * Noto Sans Devanagari's and Lohit Devanagari's metrics as Chromium uses them (canvas
 * fontBoundingBox at 1000 px) and Lohit's average advance per character over the site's Hindi
 * (every Devanagari run in content/, 64,891 characters). Noto's is Lohit's times the ratio of
 * their widths as the pages lay them out: every all-Devanagari text of seven Hindi pages (home,
 * about, contact, services, a service, careers, a post), at 412 and 1280 px, in Noto and in
 * Lohit unstretched, summed at weights up to 500 and at 600 and above (Lohit has no bold: the
 * browser emboldens it, as wide). Each letter's advance alone (canvas, at 1000 px) had left the
 * stand-in 2.4 % narrower than Noto as laid out. Stretched so, the first Hindi page a visitor
 * reads wraps its lines nearly as the next ones, in Noto. Measured with Playwright's Chromium.
 */
const NOTO = { unitsPerEm: 1000, ascent: 896, descent: 408, lineGap: 0 };
const LOHIT = { unitsPerEm: 1000, ascent: 976, descent: 356, lineGap: 0, averageWidth: 383.54 };
/** By its full name, as Inter's stand-ins are (text-face.ts). */
const LOHIT_LOCAL = ["Lohit Devanagari"];
const LOHIT_STAND_INS: StandIn[] = [
  { weight: "100 500", local: LOHIT_LOCAL, metrics: LOHIT, font: { ...NOTO, averageWidth: 385.28 } },
  { weight: "600 900", local: LOHIT_LOCAL, metrics: LOHIT, font: { ...NOTO, averageWidth: 408.12 } },
];

const DEVANAGARI: ScriptFont = {
  family: "Noto Sans Devanagari",
  url: devanagari,
  // Fontsource's range for the subset: the Devanagari blocks, the joiners, ₨ and ₹, and the dotted circle.
  unicodeRange: "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09",
  standIn: "Noto Sans Devanagari Fallback",
  letters: "कखगघचजटतदनपमयरलवसह",
};

/** By language (its primary subtag): the face its script needs. */
const BY_LANGUAGE: Readonly<Record<string, ScriptFont>> = { hi: DEVANAGARI, mr: DEVANAGARI, ne: DEVANAGARI };

export const scriptFontOf = (lang: string): ScriptFont | undefined => BY_LANGUAGE[lang.split("-")[0]!.toLowerCase()];

/** A page in the language: the face's local stand-ins, in force from the first paint, and its rule, on where Inter is (text-face.ts), each stack in the page's language. */
export function scriptFontCss(lang: string, font: ScriptFont): string {
  // Lohit also has Latin letters: its range keeps them in Inter's stand-ins.
  const standIns = LOHIT_STAND_INS.map((face) => standInFaceCss(font.standIn, face, font.unicodeRange)).join("");
  const scope = `html:lang(${lang})`;
  const first = standInStack(font.standIn);
  return `${standIns}${scope}{${themeStacksCss(first)}}${faceCss(font)}${facesOnCss(textStack(font.family, font.standIn), first, scope)}`;
}
