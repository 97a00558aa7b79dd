import { z } from "zod";
import { icon, slug, text } from "../fields.ts";

/** A company value or reason (About: Values). */
export const valueSchema = z.strictObject({
  id: slug,
  icon,
  title: text(60),
  text: text(400),
});

export type Value = z.infer<typeof valueSchema>;
