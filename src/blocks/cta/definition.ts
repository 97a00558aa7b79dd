import { z } from "zod";
import { action, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    title: text(120),
    text: text(400),
    actions: z.array(action).min(1).max(3),
    tone: tone.default("brand"),
  }).describe("A closing call to action: a title, a text and up to three buttons"),
});
