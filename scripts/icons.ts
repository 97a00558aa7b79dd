/**
 * npm run icons: writes every icon file the site serves, from their sources.
 * - The icon sprite, src/ui/icons.svg, from the icon set in src/ui/icon-set.tsx.
 * - The site's icons (src/runtime/site-icons.ts), drawn from its mark, public/favicon.svg,
 *   into public/, and the home-screen ones listed in public/site.webmanifest.
 * Run it after changing either source, and commit what it writes.
 */
import { writeFileSync } from "node:fs";
import { SITE_ICONS } from "../src/runtime/site-icons.ts";
import { SPRITE_FILE } from "../src/ui/inline-icons.server.ts";
import { renderSprite } from "./lib/icon-sprite.ts";
import { drawIcon, MANIFEST, manifestText } from "./lib/site-icons.ts";

writeFileSync(SPRITE_FILE, renderSprite());
console.log(`${SPRITE_FILE}: the icon sprite`);

for (const icon of SITE_ICONS) {
  const bytes = await drawIcon(icon);
  writeFileSync(`public${icon.href}`, bytes);
  console.log(`public${icon.href}: ${icon.size} px, ${bytes.length} bytes`);
}
writeFileSync(MANIFEST, manifestText());
console.log(`${MANIFEST}: ${SITE_ICONS.filter((i) => i.manifest).length} icons`);
