import { z } from "zod";
import { heading, tone } from "../../../schemas/fields.ts";
import { reference } from "../../../schemas/references.ts";
import { defineBlock } from "../define.tsx";

/** Questions and answers from the faqs collection, also published as FAQPage structured data. */
export default defineBlock({
  schema: z.strictObject({
    heading: heading.optional(),
    ids: z.array(reference("faqs")).min(1).optional().describe("Which questions, in this order; leave out for all of them"),
    tone,
  }).describe("Questions and answers from the FAQs collection, also published as FAQ structured data"),
  load: ({ ids }, { collections }) => {
    const byId = new Map(collections.faqs.map((f) => [f.id, f]));
    const chosen = ids ? ids.map((id) => byId.get(id)!).filter(Boolean) : collections.faqs;
    return chosen.map(({ id, question, answer }) => ({ id, question, answer }));
  },
  jsonLd: (_props, faqs) =>
    faqs.length === 0
      ? []
      : [
          {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            mainEntity: faqs.map((f) => ({
              "@type": "Question",
              name: f.question,
              acceptedAnswer: { "@type": "Answer", text: f.answer },
            })),
          },
        ],
});
