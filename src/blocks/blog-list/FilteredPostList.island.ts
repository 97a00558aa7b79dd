import { defineIsland } from "../../page/define-island.ts";

/** The blog list's search and category filter. */
export const filteredPostList = defineIsland("blog-list", () => import("./FilteredPostList.tsx"), { styled: true });
