/**
 * A page in a locale: every translatable text replaced by its translation in the first locale
 * of the chain that has one (the locale itself, then its fallbacks), else left in the default
 * locale's text. Pure: the translations are given, already read and checked. A stale
 * translation is still shown (the checker reports it); what is shown from a fallback or the
 * source is listed, for the runtime to decide what such a page is (e.g. noindex).
 */
import type { Page, PageSchema } from "../../../schemas/page.ts";
import type { PageTranslation } from "../../../schemas/translations.ts";
import type { ValuePath } from "../../../schemas/translatable.ts";
import { pageTexts, translationAt } from "./page-texts.ts";

export interface LocalisedPage<P> {
  page: P;
  /** Texts not in the locale itself: where they are, and the locale shown instead (the default's code: the source text). */
  fallbacks: { path: ValuePath; locale: string }[];
}

/**
 * @param chain the locale, then its fallback chain (schemas/locales.ts fallbackChain), the default last
 * @param translations a page's translation into a locale, when there is one
 */
export function localisePage<P extends Pick<Page, "meta" | "blocks">>(
  schema: PageSchema,
  page: P,
  chain: readonly string[],
  translations: (locale: string) => PageTranslation | undefined,
): LocalisedPage<P> {
  const localised = structuredClone(page);
  const fallbacks: LocalisedPage<P>["fallbacks"] = [];
  const source = chain.at(-1)!;
  for (const { path, slot } of pageTexts(schema, page)) {
    const found = slot && chain.slice(0, -1).map((locale) => ({ locale, t: translationAt(translations(locale), slot) })).find((f) => f.t);
    if (found?.t) setAt(localised, path, found.t.text);
    const shown = found?.locale ?? source;
    if (shown !== chain[0]) fallbacks.push({ path, locale: shown });
  }
  return { page: localised, fallbacks };
}

function setAt(value: unknown, path: ValuePath, text: string): void {
  const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
  (parent as Record<string | number, unknown>)[path.at(-1)!] = text;
}
