/**
 * The characters a submitted value may not hold. The values schema (src/forms/values.ts)
 * refuses them in what visitors send, and the forms schema in the options a form offers: an
 * option the server would refuse could never be chosen. No zod here: the browser's form code
 * imports it.
 */

/**
 * Control characters (C0 and C1, U+0085 among them) and lone surrogates have no place in
 * any value; a textarea keeps its tabs and line breaks.
 */
export const NOT_ALLOWED = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/**
 * What a one-line field must not hold (its value may end up in an e-mail header, whose check
 * refuses what this lets through): tabs and every line break, Unicode's included (U+0085,
 * U+2028, U+2029), and the bidi embeddings, overrides and isolates that would reorder how
 * the rest of a line is shown.
 */
export const NOT_ONE_LINE = /[\t\n\v\f\r\u0085\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/**
 * Whether a value is a web address a visitor would give (their website): http or https, a
 * host with a dot, as typed with its scheme. No javascript:, data: or ftp: addresses.
 */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.includes(".");
  } catch {
    return false;
  }
}

/** Whether a value fits a one-line field (text, email, tel, select). */
export const isOneLineValue = (value: string) => !NOT_ONE_LINE.test(value) && !NOT_ALLOWED.test(value);

/**
 * The value of a ticked checkbox, as stored, exported and sent by the form (its `value`
 * attribute); an unticked one is "". A browser's default "on" and JSON's true are read as it.
 */
export const TICKED = "yes";

/** Between the options of a checkbox group as stored and exported: one a line (no option holds a line break). */
export const CHOICE_SEPARATOR = "\n";

/** The longest number a number field accepts as text ("-1234567.25"): more is no one's budget or head count. */
export const NUMBER_LENGTH = 24;

/** A number as a form's number field accepts it: plain decimal digits, no exponent, hex or Infinity. */
export const DECIMAL = /^-?\d+(?:\.\d+)?$/;
