import { Island } from "../../page/Island.tsx";
import { testimonialCarousel } from "./TestimonialCarousel.island.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The testimonial carousel: an island (TestimonialCarousel.tsx) that hydrates when it comes into view. */
export default function Testimonials(props: BlockProps<typeof definition>) {
  return <Island of={testimonialCarousel} props={props} />;
}
