/**
 * Dates and numbers in a page's locale, through Intl, never by hand: "14 मार्च 2025" on a
 * Hindi page, "March 14, 2025" on an English one. Pages format at build time (in a block's
 * load, or the server render), so an island's first render in the browser formats nothing and
 * loads no locale data; only what a browser fetches itself (a post published after the build)
 * is formatted there.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A calendar date (YYYY-MM-DD, no time of day) in the locale's long form. */
export function formatDate(iso: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" })));
  return format.format(new Date(`${iso}T00:00:00Z`));
}

/** A whole number with the locale's digits and grouping (12,50,000 in hi-IN). */
export function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}
