/**
 * What a visitor sees of a picture in each crop the site makes of it, on a computer (1280 pixels
 * wide) and on a phone (390): the shape of its box there and the CSS object-position that places
 * the picture in it, both the site's own. Behind a hero's text the picture covers the band, whose
 * shape changes with the screen, around its focal point; a wide (16:9) or square use is the same
 * part on every screen (cropFor's). Every other use shows the whole picture. The Media screen's
 * focal point picker draws them, scaled down.
 */
import { cropObjectPosition, focalObjectPosition, ratios } from "../../page/media/variants.ts";
import { BACKDROP_BOX } from "../../ui/PageHeader.tsx";

export const SCREEN_WIDTHS = [1280, 390] as const;
export type ScreenWidth = (typeof SCREEN_WIDTHS)[number];

export type SiteCrop = "backdrop" | "wide" | "square";

export interface CropView {
  screen: ScreenWidth;
  /** The box's width / height. */
  aspect: number;
  objectPosition: string;
}

type Size = { width: number; height: number };
type Focal = { x: number; y: number };

/** `size`: the picture's, or any of its proportions; until it is known, each crop is placed at the focal point. */
export function cropViews(size: Size | undefined, focal: Focal): { crop: SiteCrop; views: CropView[] }[] {
  const same = (aspect: number, objectPosition: string) => SCREEN_WIDTHS.map((screen) => ({ screen, aspect, objectPosition }));
  const cropped = (ratio: "wide" | "square") => same(ratios[ratio], size ? cropObjectPosition(size, ratio, focal) : focalObjectPosition(focal));
  return [
    { crop: "backdrop", views: SCREEN_WIDTHS.map((screen) => ({ screen, aspect: BACKDROP_BOX[screen].width / BACKDROP_BOX[screen].height, objectPosition: focalObjectPosition(focal) })) },
    { crop: "wide", views: cropped("wide") },
    { crop: "square", views: cropped("square") },
  ];
}
