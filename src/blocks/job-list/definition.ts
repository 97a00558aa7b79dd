import { z } from "zod";
import { heading, slug, text, tone } from "../../../schemas/fields.ts";
import { reference } from "../../../schemas/references.ts";
import { defineBlock } from "../define.tsx";

/**
 * Open positions from the jobs collection. Each has an apply button that goes to the
 * application form on the same page with the position in the URL (?position={id}#apply),
 * which the form reads to preselect it.
 */
export default defineBlock({
  schema: z.strictObject({
    id: slug.default("positions").describe("The section's anchor, e.g. positions for #positions"),
    heading: heading.optional(),
    ids: z.array(reference("jobs")).min(1).optional().describe("Which positions, in this order; leave out for all of them"),
    applyLabel: text(40).default("Apply for this role"),
    typeLabels: z
      .strictObject({ fullTime: text(30).default("Full Time"), partTime: text(30).default("Part Time") })
      .prefault({})
      .describe("How each position's type reads on the page, in its language"),
    applyAnchor: slug.default("apply").describe("The id of the element the application form is in"),
    tone,
  }).describe("Open positions from the jobs collection, each with an apply button"),
  load: ({ ids }, { collections }) => {
    const byId = new Map(collections.jobs.map((j) => [j.id, j]));
    return ids ? ids.map((id) => byId.get(id)!).filter(Boolean) : collections.jobs;
  },
});
