/** The theme's contrast check (src/runtime/content/contrast-check.ts): WCAG's arithmetic and where it draws the line. */
import { contrastRatio, MIN_TEXT_CONTRAST, themeContrastErrors } from "../../src/runtime/content/contrast-check.ts";
import site from "../../src/page/site-settings.ts";

const nowhere = { file: "content/site.json", locate: () => ({ line: 3, column: 5 }) };

describe("contrast ratio", () => {
  it("is WCAG's: 21:1 for black on white, 1:1 for a colour on itself, the same either way round", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#2f4fd9", "#2f4fd9")).toBe(1);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(contrastRatio("#767676", "#ffffff"), 10);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(MIN_TEXT_CONTRAST);
  });
});

describe("the theme's colours", () => {
  it("pass as published", () => {
    expect(themeContrastErrors(site.theme, nowhere)).toEqual([]);
  });

  it("refuse a brand colour too pale for white text, at the colour, with the ratio; the accent carries no text", () => {
    const errors = themeContrastErrors({ brand: "#777777", accent: "#fff8e1" }, nowhere);
    expect(errors).toEqual([expect.objectContaining({ code: "LowContrastColour", file: "content/site.json", line: 3, column: 5, pointer: "/theme/brand" })]);
    expect(errors[0]!.message).toContain("4.48:1");
  });
});
