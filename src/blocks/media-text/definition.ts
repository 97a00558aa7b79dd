import { z } from "zod";
import { action, image, longText, text, tone } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";

export default defineBlock({
  schema: z.strictObject({
    eyebrow: text(60).optional().describe("Small label above the title"),
    title: text(120),
    text: longText(1500).describe("A blank line starts a new paragraph"),
    actions: z.array(action).max(2).default([]),
    image,
    imageSide: z.enum(["start", "end"]).default("end").describe("Which side the picture is on from tablets up (start: left, end: right); on phones it is above the text"),
    tone,
  }).describe("A picture beside a title, text and buttons"),
});
