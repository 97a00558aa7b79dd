import { z } from "zod";
import { shared, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    title: text(80).describe('e.g. "Trusted by"'),
    names: z.array(shared(text(40))).min(1).max(12).describe("Company names, shown as a wordmark strip"),
    tone,
  }).describe("A strip of company names, e.g. Trusted by"),
});
