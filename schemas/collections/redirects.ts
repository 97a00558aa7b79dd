import { z } from "zod";
import { sitePath } from "../fields.ts";

/** A permanent redirect; the server answers it with 301 and client navigation follows it. */
export const redirectSchema = z.strictObject({
  from: sitePath.describe("Old path, e.g. /app-development"),
  to: sitePath.describe("Canonical path it goes to; must be a page, not another redirect"),
});

export type Redirect = z.infer<typeof redirectSchema>;
