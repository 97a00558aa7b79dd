import { z } from "zod";
import { icon, shared, slug, text } from "../fields.ts";

export const technologyGroupSchema = z.strictObject({
  id: slug,
  name: text(40).describe('Group name, e.g. "Frontend"'),
  icon,
  items: z.array(shared(text(40))).min(1).describe("Technology names, the same in every language (React, AWS)"),
});

export type TechnologyGroup = z.infer<typeof technologyGroupSchema>;
