/**
 * A date field's values and bounds: a calendar day as YYYY-MM-DD (what `<input type="date">`
 * sends), and "today", the day it is in the site's time zone (the site settings' `timeZone`) when
 * the form is checked. No zod here: the browser's form code imports it.
 */

/** How a date is written in content, sent by the browser, stored and exported. */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A bound that moves: the current day where the agency is, so a visitor cannot pick a day already past. */
export const TODAY = "today";

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether a value is a real day written as YYYY-MM-DD (no 2026-02-30, no month 13, no year 0). */
export function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** Whether a name is an IANA time zone this runtime knows (Asia/Kolkata, UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The day it is now in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** A bound as a day: "today" read in the time zone, a date as written. */
export const dayOf = (bound: string, timeZone: string, now?: Date) => (bound === TODAY ? todayIn(timeZone, now) : bound);

/** A day as people read it in a message or an e-mail: "1 December 2026", "1 दिसंबर 2026" in `hi`. */
export const longDate = (day: string, locale = "en-GB") => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
