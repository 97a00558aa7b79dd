import { z } from "zod";
import { keyedList, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    items: keyedList(z.strictObject({ value: text(12), label: text(40) }))
      .optional()
      .describe("Figures to show; leave out to show the site's four claims from the site settings"),
    tone: tone.default("muted"),
  }).describe("The site's headline figures (years, projects, clients, team)"),
});
