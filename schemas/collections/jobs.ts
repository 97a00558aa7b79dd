import { z } from "zod";
import { slug, text } from "../fields.ts";

/** An open position (Careers). Its id is what the application form is prefilled with. */
export const jobSchema = z.strictObject({
  id: slug.describe("Stable id; the Apply button links to /careers?position={id}#apply"),
  title: text(80),
  location: text(60).describe('e.g. "Remote/India"'),
  type: z.enum(["Full Time", "Part Time"]),
  description: text(600),
});

export type Job = z.infer<typeof jobSchema>;
