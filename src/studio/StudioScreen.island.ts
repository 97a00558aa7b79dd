import { defineIsland } from "../page/define-island.ts";

/** A studio screen of the shell (sign-in, password, account, people): a whole page, hydrated at once. */
export const studioScreen = defineIsland("studio-screen", () => import("./StudioScreen.tsx"), { styled: true, hydrate: "load" });
