import { defineIsland } from "../page/define-island.ts";

/** The page editor's preview: a whole page, hydrated at once. */
export const previewPage = defineIsland("page-preview", () => import("./PreviewPage.tsx"), { styled: true, hydrate: "load" });
