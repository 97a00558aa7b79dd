/**
 * The site's one type scale: seven sizes and three weights, the only ones a block, the shell or
 * the studio may name (tests/unit/type-scale.test.ts fails on any other). Sizes keep Chakra's
 * names so its recipes (buttons, inputs, badges, tabs) stay on the scale; the two largest are
 * fluid, so one name serves a phone and a desktop without a breakpoint of its own.
 *
 * Steps grow by about 1.15 at reading sizes and 1.3 at display sizes (12 14 16 18 22 | 28→36,
 * 36→52 px between 390 and about 1100 px wide). Headings get a line height and a tighter
 * letter spacing the larger they are, as Inter's own guidance has it (its dynamic metrics).
 */

/** Each size: the font size, and the line height and letter spacing of a text or heading set in it. */
const SCALE = {
  xs: { fontSize: "0.75rem", lineHeight: "1rem" },
  sm: { fontSize: "0.875rem", lineHeight: "1.25rem" },
  md: { fontSize: "1rem", lineHeight: "1.5rem" },
  lg: { fontSize: "1.125rem", lineHeight: "1.75rem", letterSpacing: "-0.01em" },
  xl: { fontSize: "1.375rem", lineHeight: "1.3", letterSpacing: "-0.015em" },
  "2xl": { fontSize: "clamp(1.75rem, 1.45rem + 1.2vw, 2.25rem)", lineHeight: "1.2", letterSpacing: "-0.02em" },
  "3xl": { fontSize: "clamp(2.25rem, 1.7rem + 2.3vw, 3.25rem)", lineHeight: "1.1", letterSpacing: "-0.025em" },
} as const;

export type FontSize = keyof typeof SCALE;
export const FONT_SIZES = Object.keys(SCALE) as FontSize[];

/** Body text, labels and buttons, headings and figures. */
const WEIGHTS = { normal: "400", medium: "500", semibold: "600" } as const;
export type FontWeight = keyof typeof WEIGHTS;
export const FONT_WEIGHTS = Object.keys(WEIGHTS) as FontWeight[];

export const fontSizeTokens = Object.fromEntries(FONT_SIZES.map((name) => [name, { value: SCALE[name].fontSize }]));
export const fontWeightTokens = Object.fromEntries(FONT_WEIGHTS.map((name) => [name, { value: WEIGHTS[name] }]));

/** The lightest and the boldest weight the scale names: all a self-hosted face's file needs to hold (src/styles/font-files.ts). */
export const WEIGHT_RANGE = { min: Math.min(...Object.values(WEIGHTS).map(Number)), max: Math.max(...Object.values(WEIGHTS).map(Number)) };

/** textStyle="lg": a size with its line height and letter spacing. */
export const scaleTextStyles = Object.fromEntries(FONT_SIZES.map((name) => [name, { value: { ...SCALE[name], fontSize: name } }]));

/** <Heading size="2xl">: one variant a size, in the heading weight. */
export const headingSizes = Object.fromEntries(FONT_SIZES.map((name) => [name, { textStyle: name }]));

/** The size a Chakra recipe names when it is off the scale (its badge's 2xs, its headings' 4xl to 7xl). */
const nearestSize = (name: string): FontSize =>
  (FONT_SIZES as string[]).includes(name) ? (name as FontSize) : name === "2xs" ? "xs" : "3xl";

/** A recipe with every textStyle it names moved onto the scale. */
export function onScale<T>(recipe: T): T {
  return JSON.parse(JSON.stringify(recipe), (key, value) => (key === "textStyle" && typeof value === "string" ? nearestSize(value) : value));
}
