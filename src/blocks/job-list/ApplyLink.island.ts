import { defineIsland } from "../../page/define-island.ts";

/** Apply for this role: fills in the position and brings the form into view, without a page load. */
export const applyLink = defineIsland("apply-link", () => import("./ApplyLink.tsx"), { captureLinks: true });
