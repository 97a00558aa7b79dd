/**
 * The self-hosted faces' files (src/styles/font-files.ts) are what `npm run fonts` makes now from
 * the installed Fontsource packages and the type scale's weights: a Fontsource upgrade, or a
 * weight added to the scale, fails here until the command is run again and its files committed.
 */
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { FACE_WEIGHTS, FONT_FILES } from "../../src/styles/font-files.ts";
import { cutFont, FONTS_DIR } from "../../scripts/lib/font-cut.ts";

describe.each(FONT_FILES)("$file", (font) => {
  it("is Fontsource's file with only the scale's weights, as npm run fonts makes it now", async () => {
    const kept = readFileSync(path.join(FONTS_DIR, font.file));
    expect(kept.equals(await cutFont(font)), `src/styles/fonts/${font.file} is out of date: run npm run fonts and commit it`).toBe(true);
    // Narrowed, not copied: Fontsource's file has every weight from 100 to 900.
    expect(kept.length).toBeLessThan(0.8 * statSync(createRequire(import.meta.url).resolve(font.source)).size);
  });
});

it("the faces' rules claim the weights their files hold", () => {
  expect(FACE_WEIGHTS).toBe("400 600");
});
