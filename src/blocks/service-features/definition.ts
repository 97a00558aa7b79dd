import { z } from "zod";
import { heading, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";
import { serviceOf } from "../service-item.ts";

/** The service's key features and the technologies it is built with. */
export default defineBlock({
  schema: z.strictObject({
    featuresHeading: heading.describe('e.g. "Key Features"'),
    technologiesHeading: heading.describe('e.g. "Technologies We Use"'),
    tone,
  }).describe("The page's service: its key features and technologies"),
  load: (_props, context) => {
    const { features, technologies } = serviceOf(context, "service-features");
    return { features, technologies };
  },
});
