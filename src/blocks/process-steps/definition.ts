import { z } from "zod";
import { heading, keyedList, slug, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";
import { serviceOf } from "../service-item.ts";

const step = z.strictObject({
  title: text(80),
  text: text(400).optional().describe("A sentence or two on what happens in this step"),
});

export default defineBlock({
  schema: z.strictObject({
    id: slug.optional().describe("Anchor for links such as #process"),
    heading: heading.optional(),
    steps: keyedList(step)
      .min(2)
      .max(8)
      .optional()
      .describe("The steps, in order; shown numbered 01, 02, ... Leave out on the service page to show the service's own process"),
    tone,
  }).describe("Numbered steps of a process, written here or taken from the page's service"),
  load: ({ steps }, context) => steps ?? serviceOf(context, "process-steps").process.map((title) => ({ title, text: undefined })),
});
