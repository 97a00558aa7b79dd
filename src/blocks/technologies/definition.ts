import { z } from "zod";
import { heading, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({ heading, tone }).describe("The technologies the company uses, in groups"),
  load: (_props, { collections }) => collections.technologies,
});
