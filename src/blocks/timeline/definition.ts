import { z } from "zod";
import { heading, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({ heading, tone }).describe("Milestones of the company's journey from the timeline collection"),
  load: (_props, { collections }) => collections.timeline,
});
