/**
 * Faces for the scripts the site publishes that a visitor's system may not have: Devanagari
 * (Hindi), self-hosted from Fontsource's Noto Sans Devanagari (SIL Open Font License 1.1: free to
 * bundle and serve; its licence ships in the npm package), one variable file of the Devanagari
 * subset only, for every weight.
 *
 * Only a page in such a language names the face (html:lang(hi)) and preloads it, so English
 * pages, even with हिन्दी in their language switcher, download no Devanagari. `font-display: optional`:
 * a face not there within the browser's short block period is not swapped in later, so text
 * never moves (CLS 0) and the page's largest text paints without waiting for it (LCP); with the
 * preload it is usually there, and it is cached for the next page.
 */
import devanagari from "@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2?url";
import { textStack } from "./font-stack.ts";

export interface ScriptFont {
  family: string;
  url: string;
  unicodeRange: string;
}

const DEVANAGARI: ScriptFont = {
  family: "Noto Sans Devanagari",
  url: devanagari,
  // Fontsource's range for the subset: the Devanagari blocks, the joiners, ₨ and ₹, and the dotted circle.
  unicodeRange: "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09",
};

/** By language (its primary subtag): the face its script needs. */
const BY_LANGUAGE: Readonly<Record<string, ScriptFont>> = { hi: DEVANAGARI, mr: DEVANAGARI, ne: DEVANAGARI };

export const scriptFontOf = (lang: string): ScriptFont | undefined => BY_LANGUAGE[lang.split("-")[0]!.toLowerCase()];

/** The face, and the page's text in it where Inter has no such letters. */
export function scriptFontCss(lang: string, font: ScriptFont): string {
  const stack = textStack(font.family);
  return (
    `@font-face{font-family:'${font.family}';font-style:normal;font-weight:100 900;font-display:optional;` +
    `src:url(${font.url}) format('woff2');unicode-range:${font.unicodeRange}}` +
    `html:lang(${lang}){--chakra-fonts-body:${stack};--chakra-fonts-heading:${stack}}`
  );
}
