import { z } from "zod";
import { icon, slug, text } from "../fields.ts";

export const technologyGroupSchema = z.strictObject({
  id: slug,
  name: text(40).describe('Group name, e.g. "Frontend"'),
  icon,
  items: z.array(text(40)).min(1),
});

export type TechnologyGroup = z.infer<typeof technologyGroupSchema>;
