import { z } from "zod";
import { heading, slug, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

/**
 * A heading that opens the next section, with an optional anchor: e.g. "Apply Now" with id
 * apply, which links such as #apply jump to. The blocks below it (a form) follow closely.
 */
export default defineBlock({
  schema: z.strictObject({
    id: slug.optional().describe("Anchor for links such as #apply"),
    heading,
    tone,
  }).describe("A section heading with an optional small label and introduction"),
});
