import { z } from "zod";
import { text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

/**
 * The contact page's side column: where the office is, quick ways to reach us (email,
 * WhatsApp, phone) and business hours. Only the wording is content: the address, links and
 * hours come from the site settings.
 */
export default defineBlock({
  schema: z.strictObject({
    location: z.strictObject({
      title: text(40).describe('e.g. "Our Location"'),
      text: text(200).optional(),
      directionsLabel: text(40).optional().describe("Link text for directions on a map; leave out for no link"),
    }),
    quickContact: z.strictObject({
      title: text(40).describe('e.g. "Quick Contact"'),
      email: text(40).describe("Button text for the mail link"),
      whatsApp: text(40).describe("Button text for the WhatsApp chat (opens in a new tab with the site's chat greeting)"),
      call: text(40).describe("Button text for the phone link"),
    }),
    hours: z.strictObject({
      title: text(40).describe('e.g. "Business Hours"'),
      note: text(160).optional().describe("A line under the hours"),
    }),
    tone,
  }).describe("The contact page's side column: location, quick contact buttons and business hours"),
});
