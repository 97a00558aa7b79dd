// subset-font 2.9 ships no types, and @types/subset-font (2.3) lacks the options used here: the ones scripts/lib/font-cut.ts passes.
declare module "subset-font" {
  interface SubsetFontOptions {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    /** Keep every glyph (text must then be undefined). */
    keepAllGlyphs?: boolean;
    preserveNameIds?: number[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Buffer, text: string | undefined, options?: SubsetFontOptions): Promise<Buffer>;
}
