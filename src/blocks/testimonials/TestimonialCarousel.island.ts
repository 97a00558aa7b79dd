import { defineIsland } from "../../page/define-island.ts";

/** The testimonial carousel advances on its own once it is in view. */
export const testimonialCarousel = defineIsland("testimonials", () => import("./TestimonialCarousel.tsx"), { styled: true, hydrate: "visible" });
