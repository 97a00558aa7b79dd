/**
 * The runtime's own texts (the shell's, the language switcher's), in the default locale: the
 * source of each locale's catalogue, content/translations/<locale>/ui.json (filed as page texts
 * are, with the source text and its hash; schemas/translations.ts), which the checker reads for
 * missing, stale and unknown keys (src/runtime/content/ui-strings-check.ts). A page in another
 * locale carries its catalogue resolved (src/runtime/page-data.ts); the shell and blocks read it
 * through useUiString. It sits in page/, beside the page's other context, so they need not
 * import the runtime above them.
 */
import { createContext, useContext } from "react";
import { formatMessage, type MessageValues } from "./messages.ts";
import { FORM_STRINGS, type FormTexts, formStringsOf } from "./form-strings.ts";

export const UI_STRINGS = {
  "shell.skipToContent": "Skip to content",
  "shell.home": "Home",
  "shell.menu": "Menu",
  "shell.mainNavigation": "Main",
  "shell.languages": "Language",
  "blog.postCount": "{count, plural, one {# post} other {# posts}}",
  "page.fallbackNote": "This page is not translated yet: its text is shown in {language}.",
  "hours.closed": "Closed",
  "shell.submenu": "{label} menu",
  "notice.region": "Notifications",
  "notice.close": "Close",
  "shell.readingProgress": "Reading progress",
  "shell.socialMedia": "Social media",
  "blog.tags": "Tags",
  "carousel.carousel": "carousel",
  "carousel.slide": "slide",
  "carousel.slideOf": "{position} of {count}",
  "carousel.showTestimonial": "Show testimonial {position} of {count}",
  "carousel.rated": "Rated {rating} out of 5",
  // A price's words around its amount (page/format.ts formatPrice): "$5,000+", "$8,000/mo".
  "price.startingAt": "{price}+",
  "price.perMonth": "{price}/mo",
  "price.perHour": "{price}/hour",
  // The forms' field errors, refusals and hints (./form-strings.ts, which the form code reads in the browser too).
  ...FORM_STRINGS,
} as const;

export type UiKey = keyof typeof UI_STRINGS;

/** A locale's resolved catalogue: its own text per key, else its fallback's, else the source. */
export type UiCatalogue = Record<UiKey, string>;

export const isUiKey = (key: string): key is UiKey => Object.hasOwn(UI_STRINGS, key);

/**
 * @param chain the locale, then its fallbacks (the default's text is the source, always last)
 * @param translated a locale's translated texts by key, if it has a catalogue
 */
export function resolveCatalogue(chain: readonly string[], translated: (locale: string) => Partial<Record<string, string>> | undefined): UiCatalogue {
  const entries = (Object.keys(UI_STRINGS) as UiKey[]).map((key) => [key, chain.map((l) => translated(l)?.[key]).find((t) => t !== undefined) ?? UI_STRINGS[key]]);
  return Object.fromEntries(entries) as UiCatalogue;
}

const UiStrings = createContext<{ locale: string; catalogue: UiCatalogue }>({ locale: "en", catalogue: UI_STRINGS });

export const UiStringsProvider = UiStrings.Provider;

/** The text of a key in the page's locale, its placeholders filled in. */
export function useUiString(): (key: UiKey, values?: MessageValues) => string {
  const { locale, catalogue } = useContext(UiStrings);
  return (key, values) => formatMessage(catalogue[key], locale, values);
}

/** The page's locale (BCP 47): what its dates and numbers are written in (page/format.ts). */
export const usePageLocale = (): string => useContext(UiStrings).locale;

/** The form texts of the page's language: what a form island is given on a page of another locale. */
export function useFormTexts(): FormTexts {
  const { locale, catalogue } = useContext(UiStrings);
  return { locale, strings: formStringsOf(catalogue) };
}

/** Some UI strings in the page's language, given to an island in its props (an island renders without the page's context). */
export interface IslandTexts<K extends UiKey> {
  locale: string;
  strings: Pick<UiCatalogue, K>;
}

export function useIslandTexts<K extends UiKey>(keys: readonly K[]): IslandTexts<K> {
  const { locale, catalogue } = useContext(UiStrings);
  return islandTexts(keys, locale, catalogue);
}

/** An island's texts from a catalogue: the source's (an English page's) when none is given. */
export const islandTexts = <K extends UiKey>(keys: readonly K[], locale = "en", catalogue: UiCatalogue = UI_STRINGS): IslandTexts<K> => ({
  locale,
  strings: Object.fromEntries(keys.map((key) => [key, catalogue[key]])) as Pick<UiCatalogue, K>,
});

/** One of an island's texts, its placeholders filled in. */
export const islandText = <K extends UiKey>({ locale, strings }: IslandTexts<K>, key: K, values?: MessageValues): string => formatMessage(strings[key], locale, values);
