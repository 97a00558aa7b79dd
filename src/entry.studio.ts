/**
 * The one script a studio page (/admin and under it) loads, as entry.browser.ts is for public
 * pages: the islands runtime with the site's islands and the studio's. A separate entry, so
 * that no public page's JavaScript names a studio chunk (runtime/finish-page.server.ts picks it).
 */
import { publicIslands } from "./islands.ts";
import { islandRegistry } from "./page/define-island.ts";
import { startIslands } from "./runtime/islands/runtime.ts";
import { studioIslands } from "./islands.studio.ts";

startIslands(islandRegistry([...publicIslands, ...studioIslands]));
