import { z } from "zod";
import { tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";
import { serviceOf } from "../service-item.ts";

/** The service's extra section (its `highlights`); renders nothing for a service without one. */
export default defineBlock({
  schema: z.strictObject({ tone }).describe("The page's service: its extra section, where it has one"),
  load: (_props, context) => serviceOf(context, "service-highlights").highlights ?? null,
});
