import { z } from "zod";
import { heading, shared, slug, tone } from "../../../schemas/fields.ts";
import { reference } from "../../../schemas/references.ts";
import { resolveLocalForm } from "../../forms/resolve.ts";
import type { PrefillRule } from "../../forms/ContentForm.tsx";
import { defineBlock } from "../define.tsx";

const prefill = z.strictObject({
  field: shared(z.string()).describe("Name of the form field to fill, e.g. position"),
  param: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9-]*$/, { error: "A query parameter name such as position" })
    .describe("The query parameter that carries the value, e.g. position in /careers?position=wordpress-developer#apply"),
  from: z
    .enum(["jobs"])
    .optional()
    .describe("The parameter is the id of an item of this collection; the field gets the item's title"),
});

export default defineBlock({
  schema: z.strictObject({
    form: reference("forms").describe("Which form of the forms collection to show"),
    heading: heading.optional().describe("Section heading; leave out when the form continues the section above, e.g. after a section-heading block"),
    layout: z
      .enum(["stacked", "inline"])
      .default("stacked")
      .describe("stacked: fields in two columns on a card (contact, careers); inline: one field beside its button (newsletter)"),
    anchor: slug.optional().describe("The section's id, so a link such as #apply leads to the form"),
    prefill: z.array(prefill).default([]).describe("Fields filled from the page's URL, e.g. the position an Apply button chose"),
    tone,
  }).describe("A form from the forms collection: contact, careers application or newsletter"),
  load: ({ form: id, prefill: rules }, { site, collections, sourceCollections, locale }) => {
    const definition = collections.forms.find((f) => f.id === id);
    if (!definition) throw new Error(`No form has the id "${id}".`);
    // On a page in another locale, choices send the default locale's options, as the server's form has them.
    const form = resolveLocalForm(definition, { collections, site, ...(sourceCollections && { sourceCollections }) });
    const resolved: PrefillRule[] = rules.map(({ field, param, from }) => {
      if (!form.fields.some((f) => f.name === field)) {
        throw new Error(`The ${id} form has no field "${field}" to prefill (its fields: ${form.fields.map((f) => f.name).join(", ")}).`);
      }
      return from ? { field, param, values: Object.fromEntries((sourceCollections ?? collections)[from].map((item) => [item.id, item.title])) } : { field, param };
    });
    // The page's locale goes with each submission, so the agency knows the language to answer in.
    return { form, prefill: resolved, ...(locale && { locale }) };
  },
});
