import type { SiteConfig } from "../../schemas/site.ts";

type Hours = SiteConfig["hours"][number];
const dayNames = { Mo: "Mon", Tu: "Tue", We: "Wed", Th: "Thu", Fr: "Fri", Sa: "Sat", Su: "Sun" } as const;

/** "08:00" → "8:00 AM" */
export function clockTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * Opening hours written out from their structured form, e.g. "Mon - Fri 8:00 AM - 5:00 PM",
 * so a card can show the hours without retyping them.
 */
export function hoursSummary(hours: Hours): string {
  const first = dayNames[hours.days[0]!];
  const last = dayNames[hours.days[hours.days.length - 1]!];
  const days = hours.days.length > 1 ? `${first} - ${last}` : first;
  return hours.opens && hours.closes ? `${days} ${clockTime(hours.opens)} - ${clockTime(hours.closes)}` : `${days} Closed`;
}
