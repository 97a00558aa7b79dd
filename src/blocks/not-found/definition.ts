import { z } from "zod";
import { link, text } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    title: text(80).describe('e.g. "Service Not Found"'),
    text: text(300),
    back: link.describe("The way back, e.g. Back to Services"),
  }).describe("A not-found message with a way back"),
});
