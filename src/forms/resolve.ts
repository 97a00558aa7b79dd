import type { Collections } from "../../schemas/collections/index.ts";
import type { FormDefinition, ResolvedField, ResolvedForm } from "../../schemas/forms.ts";
import type { SiteConfig } from "../../schemas/site.ts";

/**
 * Replaces collection-backed options with plain lists, e.g. every service title plus "Other";
 * gives a date field the site's time zone, where the browser and the server read its "today".
 *
 * A form localised for a page in another locale names its `source`: the form and collections in
 * the default locale. Its choices then send the source's options (what the server's form
 * accepts) and show the locale's as their labels.
 */
export function resolveForm(
  form: FormDefinition,
  collections: Collections,
  site: Pick<SiteConfig, "timeZone">,
  source?: { form: FormDefinition; collections: Collections },
): ResolvedForm {
  const resolved = { ...form, fields: form.fields.map((field) => resolveField(field, collections, site)) };
  if (!source) return resolved;
  const sent = new Map(source.form.fields.map((field) => [field.name, resolveField(field, source.collections, site).options]));
  return {
    ...resolved,
    fields: resolved.fields.map((field) => {
      const values = sent.get(field.name);
      if (!field.options || !values || values.length !== field.options.length || values.every((v, i) => v === field.options![i])) return field;
      return { ...field, options: values, optionLabels: field.options };
    }),
  };
}

/**
 * A form of a locale's content (`sourceCollections` set in another locale than the default):
 * resolved against the default locale's, so it sends what the server's form accepts.
 */
export function resolveLocalForm(form: FormDefinition, { collections, site, sourceCollections }: { collections: Collections; site: Pick<SiteConfig, "timeZone">; sourceCollections?: Collections }): ResolvedForm {
  const source = sourceCollections?.forms.find((f) => f.id === form.id);
  return resolveForm(form, collections, site, source && sourceCollections && { form: source, collections: sourceCollections });
}

function resolveField({ options, ...field }: FormDefinition["fields"][number], collections: Collections, site: Pick<SiteConfig, "timeZone">): ResolvedField {
  if (field.type === "date") return { ...field, timeZone: site.timeZone };
  if (options === undefined) return field;
  if (Array.isArray(options)) return { ...field, options };
  return { ...field, options: [...collections[options.collection].map((item) => item.title), ...options.append] };
}
