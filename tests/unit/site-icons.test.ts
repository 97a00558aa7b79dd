/**
 * The site's icons (src/runtime/site-icons.ts) are its mark drawn as `npm run icons` draws them
 * now, and the manifest lists the home-screen ones: a changed mark, or an icon added to the list,
 * fails here until the command is run again and its files committed.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { iconLinks, iconLinksHtml, LOGO_ICON, SITE_ICONS } from "../../src/runtime/site-icons.ts";
import { drawIcon, MANIFEST, manifestText } from "../../scripts/lib/site-icons.ts";

describe.each(SITE_ICONS)("$href", (icon) => {
  it("is the mark drawn at its size, as npm run icons draws it now", async () => {
    const kept = readFileSync(`public${icon.href}`);
    expect(kept.equals(await drawIcon(icon)), `public${icon.href} is out of date: run npm run icons and commit it`).toBe(true);
    expect(await sharp(kept).metadata()).toMatchObject({ format: "png", width: icon.size, height: icon.size });
  });
});

it("the manifest lists the home-screen icons, as npm run icons writes it", () => {
  expect(readFileSync(MANIFEST, "utf8"), `${MANIFEST} is out of date: run npm run icons and commit it`).toBe(manifestText());
  expect(JSON.parse(manifestText()).icons.map((i: { sizes: string }) => i.sizes)).toEqual(["192x192", "512x512"]);
});

it("pages name PNG icons only: an SVG favicon is drawn as a document on the page's main thread", () => {
  expect(iconLinks.map(({ rel, sizes }) => `${rel} ${sizes}`)).toEqual(["icon 32x32", "apple-touch-icon 180x180"]);
  expect(iconLinks.every(({ href, type }) => href.endsWith(".png") && type === "image/png")).toBe(true);
  expect(iconLinksHtml).toBe('<link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32"><link rel="apple-touch-icon" href="/apple-touch-icon.png" type="image/png" sizes="180x180">');
});

it("the logo in structured data is at least 112 px, as Google asks", () => {
  expect(SITE_ICONS.find((icon) => icon.href === LOGO_ICON)!.size).toBeGreaterThanOrEqual(112);
});
