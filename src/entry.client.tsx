/**
 * The dev server's way into the page: React Router's dev scripts load this module for every
 * page, which starts the runtime a built page of that kind loads (nothing hydrates the whole
 * document): the studio's on its screens (/admin and under it), the site's elsewhere. A built
 * page never loads React Router in the browser: its links are plain page loads.
 */
import { isStudioPath } from "./runtime/studio-paths.ts";

if (isStudioPath(window.location.pathname)) void import("./entry.studio.ts");
else void import("./entry.browser.ts");
