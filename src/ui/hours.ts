import type { SiteConfig } from "../../schemas/site.ts";

type Hours = SiteConfig["hours"][number];

/** A Monday (1 January 2024, UTC): the weekdays' names are taken from the week it starts. */
const MONDAY = Date.UTC(2024, 0, 1);
const DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;

/** "08:00" → "8:00 AM" in English, "8:00 am" in Hindi: through Intl, in the page's locale. */
export function clockTime(hhmm: string, locale = "en"): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(new Date(MONDAY + (h * 60 + m) * 60_000));
}

/** "Mo" → "Mon" in English, "सोम" in Hindi. */
const dayName = (day: Hours["days"][number], locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(new Date(MONDAY + DAYS.indexOf(day) * 86_400_000));

/**
 * Opening hours written out from their structured form in the page's locale, e.g. "Mon - Fri
 * 8:00 AM - 5:00 PM", "सोम - शुक्र 8:00 am - 5:00 pm", so a card can show the hours without
 * retyping them in every language; `closed` is the locale's word for a day without hours.
 */
export function hoursSummary(hours: Hours, locale = "en", closed = "Closed"): string {
  const first = dayName(hours.days[0]!, locale);
  const last = dayName(hours.days[hours.days.length - 1]!, locale);
  const days = hours.days.length > 1 ? `${first} - ${last}` : first;
  return hours.opens && hours.closes ? `${days} ${clockTime(hours.opens, locale)} - ${clockTime(hours.closes, locale)}` : `${days} ${closed}`;
}
