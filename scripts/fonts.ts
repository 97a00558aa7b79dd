/**
 * npm run fonts: writes the self-hosted faces' files into src/styles/fonts/ (src/styles/font-files.ts),
 * each Fontsource's variable file with only the type scale's weights. Run it after upgrading a
 * Fontsource package or changing the scale's weights, and commit what it writes. Each file's
 * licence (the SIL Open Font License, which asks to travel with the font) is copied beside it.
 */
import { copyFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { FONT_FILES } from "../src/styles/font-files.ts";
import { cutFont, FONTS_DIR } from "./lib/font-cut.ts";

for (const font of FONT_FILES) {
  const bytes = await cutFont(font);
  await writeFile(path.join(FONTS_DIR, font.file), bytes);
  const pkg = font.source.split("/").slice(0, 2).join("/");
  await copyFile(createRequire(import.meta.url).resolve(`${pkg}/LICENSE`), path.join(FONTS_DIR, font.file.replace(/\.woff2$/, ".LICENSE.txt")));
  console.log(`${font.file}: ${(bytes.length / 1000).toFixed(1)} kB (from ${font.source})`);
}
