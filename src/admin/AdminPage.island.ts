import { defineIsland } from "../page/define-island.ts";

/** The local blog admin: a whole page, hydrated at once. */
export const adminPage = defineIsland("admin", () => import("./AdminPage.tsx"), { styled: true, hydrate: "load" });
