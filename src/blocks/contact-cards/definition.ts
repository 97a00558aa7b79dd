import { z } from "zod";
import { heading, keyedList, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

const card = z.strictObject({
  kind: z
    .enum(["email", "phone", "address", "hours"])
    .describe("Which contact fact the card shows; the fact itself comes from the site settings"),
  title: text(40).describe('e.g. "Email Us"'),
  note: text(120).optional().describe("A short line under the fact, e.g. Weekend support available"),
});

/** Cards with the company's contact facts (email, phone, address, working hours). */
export default defineBlock({
  schema: z.strictObject({
    heading: heading.optional(),
    cards: keyedList(card).min(1).max(4),
    tone,
  }).describe("Cards with the company's email, phone, address or working hours"),
});
