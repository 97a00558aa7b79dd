/**
 * A small checker for the schema.org JSON-LD the site emits: for each type it uses, the
 * properties search engines require or recommend (Google's structured data guidelines).
 * Returns human-readable problems, so a test failure says what is missing where.
 */
type Json = Record<string, unknown>;

const isText = (v: unknown) => typeof v === "string" && v.trim().length > 0;
const isUrl = (v: unknown) => typeof v === "string" && /^https:\/\/[^\s]+$/.test(v);
const isDate = (v: unknown) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v);

const rules: Record<string, (o: Json) => string[]> = {
  ProfessionalService: (o) => [
    ...need(o, "name", isText),
    ...need(o, "url", isUrl),
    ...need(o, "telephone", (v) => typeof v === "string" && /^\+\d{8,15}$/.test(v)),
    ...need(o, "address", (v) => typeof v === "object" && v !== null && (v as Json)["@type"] === "PostalAddress" && isText((v as Json).addressLocality) && isText((v as Json).postalCode)),
    ...need(o, "openingHoursSpecification", (v) => Array.isArray(v) && v.length > 0),
  ],
  Service: (o) => [...need(o, "name", isText), ...need(o, "provider", (v) => typeof v === "object" && v !== null), ...need(o, "description", isText)],
  FAQPage: (o) => [
    ...need(o, "mainEntity", (v) =>
      Array.isArray(v) && v.length > 0 &&
      v.every((q: Json) => q["@type"] === "Question" && isText(q.name) && (q.acceptedAnswer as Json)?.["@type"] === "Answer" && isText((q.acceptedAnswer as Json)?.text)),
    ),
  ],
  BlogPosting: (o) => [
    ...need(o, "headline", (v) => isText(v) && (v as string).length <= 110),
    ...need(o, "datePublished", isDate),
    ...need(o, "author", (v) => typeof v === "object" && v !== null && isText((v as Json).name)),
    ...need(o, "image", isUrl),
  ],
  BreadcrumbList: (o) => [
    ...need(o, "itemListElement", (v) =>
      Array.isArray(v) && v.length >= 2 &&
      v.every((item: Json, i: number) => item["@type"] === "ListItem" && item.position === i + 1 && isText(item.name) && isUrl(item.item)),
    ),
  ],
};

function need(o: Json, key: string, ok: (v: unknown) => boolean): string[] {
  return ok(o[key]) ? [] : [`${String(o["@type"])}: "${key}" is missing or invalid (${JSON.stringify(o[key])?.slice(0, 80)})`];
}

export const knownTypes = Object.keys(rules);

export function checkJsonLd(objects: Json[]): string[] {
  return objects.flatMap((o) => {
    if (o["@context"] !== "https://schema.org") return [`${String(o["@type"])}: "@context" must be https://schema.org`];
    const rule = rules[String(o["@type"])];
    return rule ? rule(o) : [`unexpected type ${String(o["@type"])}`];
  });
}
