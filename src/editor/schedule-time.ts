/**
 * Times in the site's time zone (the site settings' `timeZone`) for scheduled publishing: what a
 * person picks on a calendar there, as the UTC instant the studio keeps, and back.
 */

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** "2026-12-01" and "09:30" on the clocks of `timeZone`, as an ISO-8601 UTC time; undefined if malformed. */
export function zonedToUtc(day: string, time: string, timeZone: string): string | undefined {
  const d = /^(\d{4})-(\d\d)-(\d\d)$/.exec(day);
  const t = /^(\d\d):(\d\d)$/.exec(time);
  if (!d || !t) return undefined;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // The offset at the wall time read as UTC, then again at the instant found: right across a DST change.
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone)).toISOString();
}

/** An instant as people there read it: "1 Dec 2026, 09:30 GMT+5:30". */
export const inZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(new Date(iso));

/** The calendar day and time now plus `ms` in `timeZone`, as a date and a time input take them. */
export function zonedInputs(instant: number, timeZone: string): { day: string; time: string } {
  const iso = new Date(instant + offsetAt(instant, timeZone)).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}
