import { Island } from "../../page/Island.tsx";
import { useIslandTexts } from "../../page/ui-strings.ts";
import { testimonialCarousel } from "./TestimonialCarousel.island.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";
import { CAROUSEL_TEXTS } from "./texts.ts";

/** The testimonial carousel: an island (TestimonialCarousel.tsx) that hydrates when it comes into view. */
export default function Testimonials(props: BlockProps<typeof definition>) {
  const texts = useIslandTexts(CAROUSEL_TEXTS);
  return <Island of={testimonialCarousel} props={{ ...props, texts }} />;
}
