import { z } from "zod";
import { action, heading, text, tone } from "../../../schemas/fields.ts";
import { reference } from "../../../schemas/references.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    heading: heading.optional(),
    ids: z.array(reference("services")).optional().describe("Which services, in this order; leave out for the whole catalogue"),
    limit: z.number().int().min(1).optional().describe("Show only the first N"),
    variant: z
      .enum(["summary", "detailed"])
      .default("summary")
      .describe("summary: icon, title and short text (Home); detailed: the service's illustration, description and the first 4 key features"),
    linkLabel: text(40).default("Learn More"),
    more: action.optional().describe("A button under the grid, e.g. View All Services"),
    tone,
  }).describe("Services from the services collection as cards linking to their pages"),
  load: ({ ids, limit, variant }, { collections }) => {
    const byId = new Map(collections.services.map((s) => [s.id, s]));
    const chosen = ids ? ids.map((id) => byId.get(id)!).filter(Boolean) : collections.services;
    return chosen.slice(0, limit).map((s) => ({
      id: s.id,
      icon: s.icon,
      title: s.title,
      text: variant === "summary" ? s.homeDescription : s.description,
      features: variant === "detailed" ? s.features.slice(0, 4) : [],
      image: variant === "detailed" ? s.image : undefined,
    }));
  },
});
