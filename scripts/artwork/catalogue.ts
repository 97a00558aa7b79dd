/**
 * Every drawn image of the sample site, by media asset id: what draws it and the format its
 * original is stored in. Vector drawings stay SVG (small, sharp at any size); the scenes that
 * stand in for photographs (posts' featured images, backgrounds behind hero text) are rendered
 * to JPEG so the image pipeline encodes real pixels. Texts (alt, caption) are not here: they are
 * content, in each asset's manifest (content/media/<id>.json), where marketers edit them.
 */
import { heroArtwork, heroBackgroundArtwork } from "./heroes.ts";
import { logoArtwork } from "./logos.ts";
import { portraitArtwork } from "./portraits.ts";
import { defaultPostArtwork, drawPost, postArtwork } from "./posts.ts";
import { serviceArtwork } from "./services.ts";

export interface Drawing {
  draw: () => string;
  format: "svg" | "jpg";
}

const set = (prefix: string, drawings: Record<string, () => string>, format: Drawing["format"]) =>
  Object.entries(drawings).map(([id, draw]): [string, Drawing] => [`${prefix}${id}`, { draw, format }]);

export const drawings: ReadonlyMap<string, Drawing> = new Map([
  ...set("hero-", heroArtwork, "svg"),
  ...set("hero-background-", heroBackgroundArtwork, "jpg"),
  ...set("service-", serviceArtwork, "svg"),
  ...set("portrait-", portraitArtwork, "svg"),
  ...set("logo-", logoArtwork, "svg"),
  ...set("post-", Object.fromEntries(Object.keys(postArtwork).map((id) => [id, () => drawPost(id)])), "jpg"),
  ["post-default", { draw: defaultPostArtwork, format: "jpg" }],
]);

/** Who made them and under which terms: the agency's own work, published with the site. */
export const credit = "Illustration: Arcbyte Technologies";
export const licence = "Own work, under the same terms as the rest of this site";
