/**
 * A page, a collection or the site config in a locale: every translatable text replaced by
 * its translation in the first locale of the chain that has one (the locale itself, then its
 * fallbacks), else left in the default locale's text. Pure: the translations are given,
 * already read and checked. A stale translation is still shown (the checker reports it); what
 * is shown from a fallback or the source is listed, for the runtime to decide what such a page
 * is (e.g. noindex).
 */
import type { CollectionName } from "../../../schemas/collections/index.ts";
import type { Page, PageSchema } from "../../../schemas/page.ts";
import type { SiteConfig } from "../../../schemas/site.ts";
import type { CollectionTranslation, PageTranslation, SiteTranslation, TaxonomyTranslation, Translation } from "../../../schemas/translations.ts";
import type { LocalTaxonomy } from "../../../schemas/blog.ts";
import type { MediaManifest } from "../../../schemas/media.ts";
import type { ValuePath } from "../../../schemas/translatable.ts";
import { collectionTexts, mediaTexts, siteTexts, taxonomyTexts } from "./collection-texts.ts";
import { pageTexts } from "./page-texts.ts";
import { type SourceText, translationAt } from "./slots.ts";

export interface Localised<V> {
  value: V;
  /** Texts not in the locale itself: where they are, and the locale shown instead (the default's code: the source text). */
  fallbacks: { path: ValuePath; locale: string }[];
}

export interface LocalisedPage<P> {
  page: P;
  fallbacks: Localised<P>["fallbacks"];
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
  const { value, fallbacks } = localiseTexts(page, pageTexts(schema, page), chain, translations);
  return { page: value, fallbacks };
}

/** A collection's items in a locale, e.g. the services with their Hindi titles; paths start at ["items", index]. */
export function localiseCollection<I>(
  name: CollectionName,
  items: readonly I[],
  chain: readonly string[],
  translations: (locale: string) => CollectionTranslation | undefined,
): Localised<I[]> {
  const { value, fallbacks } = localiseTexts({ items: [...items] }, collectionTexts(name, items), chain, translations);
  return { value: value.items, fallbacks };
}

/** The site config in a locale: navigation, footer, notices, chat… */
export function localiseSite<S extends SiteConfig>(site: S, chain: readonly string[], translations: (locale: string) => SiteTranslation | undefined): Localised<S> {
  return localiseTexts(site, siteTexts(site), chain, translations);
}

/** The local blog's categories, tags and authors in a locale (content/blog/taxonomy.json). */
export function localiseTaxonomy<T extends LocalTaxonomy>(taxonomy: T, chain: readonly string[], translations: (locale: string) => TaxonomyTranslation | undefined): Localised<T> {
  return localiseTexts(taxonomy, taxonomyTexts(taxonomy), chain, translations);
}

/** An image's alt text and caption in a locale. */
export function localiseMedia<M extends MediaManifest>(manifest: M, chain: readonly string[], translations: (locale: string) => SiteTranslation | undefined): Localised<M> {
  return localiseTexts(manifest, mediaTexts(manifest), chain, translations);
}

function localiseTexts<V>(source: V, texts: readonly SourceText[], chain: readonly string[], translations: (locale: string) => Translation | undefined): Localised<V> {
  const value = structuredClone(source);
  const fallbacks: Localised<V>["fallbacks"] = [];
  const shownFromSource = chain.at(-1)!;
  for (const { path, slot, text } of texts) {
    const found = slot && chain.slice(0, -1).map((locale) => ({ locale, t: translationAt(translations(locale), slot, text) })).find((f) => f.t);
    if (found?.t) setAt(value, path, found.t.text);
    const shown = found?.locale ?? shownFromSource;
    if (shown !== chain[0]) fallbacks.push({ path, locale: shown });
  }
  return { value, fallbacks };
}

function setAt(value: unknown, path: ValuePath, text: string): void {
  const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
  (parent as Record<string | number, unknown>)[path.at(-1)!] = text;
}
