/**
 * The one script a built page loads (a module, so it runs once the HTML is parsed): the
 * islands runtime, with every island it may hydrate. The build writes it into every page
 * (runtime/finish-page.server.ts); the dev server loads it through entry.client.tsx.
 */
import { islands } from "./islands.ts";
import { startIslands } from "./runtime/islands/runtime.ts";

startIslands(islands);
