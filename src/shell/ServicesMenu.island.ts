import { defineIsland } from "../page/define-island.ts";

/** The desktop services dropdown (hover, and the arrow button by keyboard). */
export const servicesMenu = defineIsland("services-menu", () => import("./ServicesMenu.tsx"), { styled: true });
