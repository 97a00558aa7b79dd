/**
 * The studio's islands (its screens under /admin, src/runtime/studio-paths.ts): whole pages, hydrated at
 * once. Only the studio's runtime (src/entry.studio.ts) lists them.
 */
import { adminPage } from "./admin/AdminPage.island.ts";
import { editorPage } from "./editor/EditorPage.island.ts";
import { previewPage } from "./editor/PreviewPage.island.ts";
import { studioScreen } from "./studio/StudioScreen.island.ts";

export const studioIslands = [adminPage, editorPage, previewPage, studioScreen];
