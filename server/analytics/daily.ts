/**
 * A period's days as the charts draw them (every day, nothing counted as 0), and a period's
 * sums, from the per-day figures server/storage/analytics.ts dailyFigures reads.
 */
import type { Counts, DayFigures } from "../../schemas/analytics.ts";
import type { Period } from "../storage/analytics.ts";
import { daysBefore } from "./visitor.ts";

type Days = ReadonlyMap<string, Counts>;

/** The days from `from` to `to`, both included. */
export function daysOf({ from, to }: Period): string[] {
  const days: string[] = [];
  for (let day = to; day >= from; day = daysBefore(day, 1)) days.push(day);
  return days.reverse();
}

/** Whole days from `from` to `to`, both included (1 for the same day). */
export const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const daySeries = (days: Days, period: Period): DayFigures[] => daysOf(period).map((day) => ({ day, ...(days.get(day) ?? { views: 0, visitors: 0, conversions: 0 }) }));

export function countsOver(days: Days, { from, to }: Period): Counts {
  const sum = { views: 0, visitors: 0, conversions: 0 };
  for (const [day, counts] of days) {
    if (day < from || day > to) continue;
    sum.views += counts.views;
    sum.visitors += counts.visitors;
    sum.conversions += counts.conversions;
  }
  return sum;
}
