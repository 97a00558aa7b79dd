import { z } from "zod";
import { sectionReference } from "../../../schemas/page.ts";
import { defineBlock } from "../define.tsx";

/**
 * A reusable section placed on the page by reference: the page shows the section's blocks,
 * expanded at build time (src/runtime/sections.ts), so a change to the section is a change on
 * every page that places it.
 */
export default defineBlock({
  schema: z
    .strictObject({ section: sectionReference })
    .describe("A reusable section, kept the same on every page that places it: change it once, every page shows the change"),
});
