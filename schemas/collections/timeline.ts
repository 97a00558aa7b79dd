import { z } from "zod";
import { slug, text } from "../fields.ts";

export const milestoneSchema = z.strictObject({
  id: slug,
  year: z.string().regex(/^\d{4}$/, { error: "A four-digit year, e.g. 2024" }),
  title: text(80),
  text: text(400),
});

export type Milestone = z.infer<typeof milestoneSchema>;
