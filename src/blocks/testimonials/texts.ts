import type { IslandTexts } from "../../page/ui-strings.ts";

/** The carousel's own words (its roles, positions and ratings), given to the island in the page's language. */
export const CAROUSEL_TEXTS = ["carousel.carousel", "carousel.slide", "carousel.slideOf", "carousel.showTestimonial", "carousel.rated"] as const;
export type CarouselKey = (typeof CAROUSEL_TEXTS)[number];
export type CarouselTexts = IslandTexts<CarouselKey>;
