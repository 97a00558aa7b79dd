/**
 * The one script a page loads (a module, so it runs once the HTML is parsed): the runtime.
 * The build writes it into every page (finish-page.server.ts); the dev server loads it
 * through src/entry.client.tsx.
 */
import { startIslands } from "./runtime.ts";

startIslands();
