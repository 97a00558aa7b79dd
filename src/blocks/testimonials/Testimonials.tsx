import { Island } from "../../page/Island.tsx";
import { type IslandTexts, useIslandTexts } from "../../page/ui-strings.ts";
import { testimonialCarousel } from "./TestimonialCarousel.island.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The carousel's own words (its roles, positions and ratings), given to the island in the page's language. */
const CAROUSEL_TEXTS = ["carousel.carousel", "carousel.slide", "carousel.slideOf", "carousel.showTestimonial", "carousel.rated"] as const;
export type CarouselKey = (typeof CAROUSEL_TEXTS)[number];
export type CarouselTexts = IslandTexts<CarouselKey>;

/** The testimonial carousel: an island (TestimonialCarousel.tsx) that hydrates when it comes into view. */
export default function Testimonials(props: BlockProps<typeof definition>) {
  const texts = useIslandTexts(CAROUSEL_TEXTS);
  return <Island of={testimonialCarousel} props={{ ...props, texts }} />;
}
