import { defineIsland } from "../page/define-island.ts";

/** A content form: validation and sending load when the visitor reaches for it. */
export const contentForm = defineIsland("content-form", () => import("./ContentForm.tsx"), { styled: true });
