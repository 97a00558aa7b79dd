import { defineIsland } from "../../page/define-island.ts";

/** A post published after the build, fetched in the browser. */
export const pendingPost = defineIsland("pending-post", () => import("./PendingPost.tsx"), { styled: true, hydrate: "load" });
