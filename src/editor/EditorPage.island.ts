import { defineIsland } from "../page/define-island.ts";

/** The page editor: a whole page, hydrated at once. */
export const editorPage = defineIsland("page-editor", () => import("./EditorPage.tsx"), { styled: true, hydrate: "load" });
