import type { Collections } from "../../schemas/collections/index.ts";
import type { FormDefinition, ResolvedForm } from "../../schemas/forms.ts";

/** Replaces collection-backed options with plain lists, e.g. every service title plus "Other". */
export function resolveForm(form: FormDefinition, collections: Collections): ResolvedForm {
  return {
    ...form,
    fields: form.fields.map(({ options, ...field }) => {
      if (options === undefined) return field;
      if (Array.isArray(options)) return { ...field, options };
      return { ...field, options: [...collections[options.collection].map((item) => item.title), ...options.append] };
    }),
  };
}
