import { z } from "zod";
import { action, heading, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";
import { serviceOf } from "../service-item.ts";

/** The service's pricing tiers (basic, standard, premium); renders nothing for a service without pricing. */
export default defineBlock({
  schema: z.strictObject({
    heading,
    action: action.optional().describe("A button on each tier, e.g. Discuss This Plan"),
    tone,
  }).describe("The page's service: its pricing tiers, where it has them"),
  load: (_props, context) => {
    const { pricing } = serviceOf(context, "service-pricing");
    return pricing ? (["basic", "standard", "premium"] as const).map((tier) => ({ tier, ...pricing[tier] })) : null;
  },
});
