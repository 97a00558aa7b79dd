import { defineIsland } from "../../page/define-island.ts";

/** Share Article: native share, or the URL copied with a notice. */
export const shareArticle = defineIsland("share-article", () => import("./ShareArticle.tsx"));
