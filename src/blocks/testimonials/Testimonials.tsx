import { Island } from "../../runtime/islands/Island.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The testimonial carousel: an island (TestimonialCarousel.tsx) that hydrates when it comes into view. */
export default function Testimonials(props: BlockProps<typeof definition>) {
  return <Island name="testimonials" props={props} />;
}
