import { parseMoney, type Price } from "../../schemas/price.ts";

/**
 * Dates, numbers and prices in a page's locale, through Intl, never by hand: "14 मार्च 2025" on a
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

/** The UI strings a price is written with: each wraps the price before it ("{price}+", "{price}/mo"). */
export type PriceWordKey = "price.startingAt" | "price.perMonth" | "price.perHour";

const PER = { month: "price.perMonth", hour: "price.perHour" } as const;

/**
 * A price as the page's locale writes it: "$5,000+" and "$8,000+/mo" in English; "$5,000+",
 * "₹4,15,000+" and "$8,000+/माह" on a Hindi page (Indian grouping, the catalogue's words).
 * Whole amounts have no decimals; words instead of an amount ("Contact Us") are shown as they are.
 */
export function formatPrice(price: Price, locale: string, words: (key: PriceWordKey, values: { price: string }) => string): string {
  if (price.amount === undefined) return price.onRequest ?? "";
  const { amount, currency } = parseMoney(price.amount);
  const digits = Number.isInteger(amount) ? 0 : 2;
  let shown = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  if (price.startingAt) shown = words("price.startingAt", { price: shown });
  if (price.per) shown = words(PER[price.per], { price: shown });
  return shown;
}
