/**
 * npm run icons: draws the site's icons (src/runtime/site-icons.ts) from its mark,
 * public/favicon.svg, into public/, and lists the home-screen ones in public/site.webmanifest.
 * Run it after changing the mark, and commit what it writes.
 */
import { writeFileSync } from "node:fs";
import { SITE_ICONS } from "../src/runtime/site-icons.ts";
import { drawIcon, MANIFEST, manifestText } from "./lib/site-icons.ts";

for (const icon of SITE_ICONS) {
  const bytes = await drawIcon(icon);
  writeFileSync(`public${icon.href}`, bytes);
  console.log(`public${icon.href}: ${icon.size} px, ${bytes.length} bytes`);
}
writeFileSync(MANIFEST, manifestText());
console.log(`${MANIFEST}: ${SITE_ICONS.filter((i) => i.manifest).length} icons`);
