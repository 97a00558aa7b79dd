import { z } from "zod";
import { heading, icon, keyedList, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

const card = z.strictObject({ icon: icon.optional(), title: text(80), text: text(600) });

export default defineBlock({
  schema: z
    .strictObject({
      heading: heading.optional(),
      items: keyedList(card).min(1).optional().describe("Cards written here"),
      collection: z.enum(["values", "seo-services"]).optional().describe("Or: show the items of this collection"),
      columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
      tone,
    })
    .refine((b) => (b.items === undefined) !== (b.collection === undefined), {
      error: "A card grid needs exactly one of items or collection",
    }).describe("Cards with an icon, a title and a text, written here or taken from a collection"),
  load: ({ items, collection }, { collections }) => {
    if (items) return items;
    if (collection === "seo-services") return collections["seo-services"].map(({ icon, title, description }) => ({ icon, title, text: description }));
    return collection ? collections[collection].map(({ icon, title, text }) => ({ icon, title, text })) : [];
  },
});
