import type { Collections } from "../../schemas/collections/index.ts";
import type { FormDefinition, ResolvedForm } from "../../schemas/forms.ts";
import type { SiteConfig } from "../../schemas/site.ts";

/**
 * Replaces collection-backed options with plain lists, e.g. every service title plus "Other";
 * gives a date field the site's time zone, where the browser and the server read its "today".
 */
export function resolveForm(form: FormDefinition, collections: Collections, site: Pick<SiteConfig, "timeZone">): ResolvedForm {
  return {
    ...form,
    fields: form.fields.map(({ options, ...field }) => {
      if (field.type === "date") return { ...field, timeZone: site.timeZone };
      if (options === undefined) return field;
      if (Array.isArray(options)) return { ...field, options };
      return { ...field, options: [...collections[options.collection].map((item) => item.title), ...options.append] };
    }),
  };
}
