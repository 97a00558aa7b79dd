/**
 * How a search result shows a page: its title and description as a results page lays them out,
 * measured in pixels as search engines cut them (Google's desktop results: the title in Arial at
 * 20 px, cut at about 600 px; the description in Arial at 14 px, cut at about 980 px, some 155 characters on two lines).
 * Characters are measured by Arial's advance widths, so a title of wide letters is cut sooner
 * than its length in characters says. Pure: the publish gate warns with it, the editor draws it.
 */

export const TITLE_FONT_PX = 20;
export const TITLE_MAX_PX = 600;
export const DESCRIPTION_FONT_PX = 14;
export const DESCRIPTION_MAX_PX = 980;

// Arial's advance widths in thousandths of an em, from space (32) to tilde (126).
const ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611,
  778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const OTHER: Record<string, number> = { "–": 556, "—": 1000, "‘": 222, "’": 222, "“": 333, "”": 333, "…": 1000, "·": 278, "|": 260, "•": 350 };
// Letters beyond ASCII (accented Latin, Devanagari…): about an average Arial letter.
const ELSE = 600;

const advance = (char: string) => {
  const code = char.codePointAt(0)!;
  if (code >= 32 && code <= 126) return ASCII[code - 32]!;
  // Combining marks (Devanagari vowel signs, accents) sit on the letter before them.
  if (/\p{M}/u.test(char)) return 0;
  return OTHER[char] ?? ELSE;
};

/** The width of `text` in Arial at `px`, in pixels. */
export function arialWidth(text: string, px: number): number {
  let thousandths = 0;
  for (const char of text) thousandths += advance(char);
  return (thousandths * px) / 1000;
}

/** `text` as a result shows it: whole when it fits `maxPx`, else cut at a word with "…". */
export function cutToWidth(text: string, px: number, maxPx: number): { shown: string; cut: boolean } {
  if (arialWidth(text, px) <= maxPx) return { shown: text, cut: false };
  const room = maxPx - arialWidth(" …", px);
  let shown = "";
  for (const word of text.split(/(\s+)/)) {
    if (arialWidth(shown + word, px) > room) break;
    shown += word;
  }
  return { shown: `${shown.trimEnd()} …`, cut: true };
}

export interface Snippet {
  url: string;
  title: string;
  description: string;
  titleWidth: number;
  descriptionWidth: number;
  /** The social card's picture (og:image), an absolute URL; empty without one. */
  image: string;
}

export const snippetOf = (url: string, title: string, description: string, image = ""): Snippet => ({
  url,
  title,
  description,
  image,
  titleWidth: Math.round(arialWidth(title, TITLE_FONT_PX)),
  descriptionWidth: Math.round(arialWidth(description, DESCRIPTION_FONT_PX)),
});
