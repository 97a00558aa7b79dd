/**
 * The theme's colours against the text drawn on them (WCAG 2.2 AA, 1.4.3: 4.5:1 for body
 * text). A colour the settings choose is refused here, by the checker, so a palette that
 * some visitors cannot read is never published.
 */
import type { SiteConfig } from "../../../schemas/site.ts";
import { errors } from "../../errors/catalogue.ts";
import { at, type ContentError, type Locator, toPointer } from "../../content-files/errors.ts";

/** WCAG AA for text of normal size. */
export const MIN_TEXT_CONTRAST = 4.5;

type ThemeColour = keyof SiteConfig["theme"];

/**
 * Where the site draws text on a theme colour (src/styles/theme.ts): the brand is every solid
 * button's and numbered step's background, under its `contrast` token (white). The accent
 * colours only the reading-progress bar, with no text on it, so it has no pair here.
 */
export const THEME_TEXT_USES: readonly { colour: ThemeColour; text: string; use: string }[] = [
  { colour: "brand", text: "#ffffff", use: "the white text of buttons and numbered steps" },
];

/** Relative luminance of a #rrggbb colour (WCAG's definition). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** An error at each theme colour too close to the text drawn on it. */
export function themeContrastErrors(theme: SiteConfig["theme"], source: Locator): ContentError[] {
  return THEME_TEXT_USES.flatMap(({ colour, text, use }) => {
    const ratio = contrastRatio(theme[colour], text);
    if (ratio >= MIN_TEXT_CONTRAST) return [];
    const path = ["theme", colour];
    return [at(source.file, source.locate(path), `Site settings → theme.${colour}`, errors.LowContrastColour(theme[colour], use, ratio, MIN_TEXT_CONTRAST), toPointer(path))];
  });
}
