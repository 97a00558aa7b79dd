/**
 * The geometry of a chart of views per day (./DailyChart.tsx): a bar a day and a mark at each
 * day a page was published, in the SVG's own units (its viewBox, stretched to the width it
 * has). Pure, so what a chart shows is tested without a browser.
 */

export interface ChartDay {
  day: string;
  views: number;
}

export interface DailyChartModel {
  width: number;
  height: number;
  /** The top of the scale: the most views of a day, rounded up to 1, 2 or 5 × 10ⁿ. */
  top: number;
  bars: { day: string; views: number; x: number; y: number; width: number; height: number }[];
  /** One a publish's day within the chart's days, however many publishes it had. */
  marks: { day: string; x: number }[];
}

export const CHART_SIZE = { width: 600, height: 160 };
/** The share of a day's slot its bar takes: the rest is the gap that tells one day from the next. */
const BAR_SHARE = 0.7;

/** The smallest of 1, 2, 5, 10, 20, 50… at least `n` (1 for nothing counted). */
export function roundTop(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= n)!;
}

/** The days (the first first) as bars, and `published` (ISO 8601 times, UTC days) as marks on their days. */
export function dailyChart(days: readonly ChartDay[], published: readonly string[] = [], { width, height } = CHART_SIZE): DailyChartModel {
  const top = roundTop(Math.max(0, ...days.map((d) => d.views)));
  const slot = days.length === 0 ? width : width / days.length;
  const index = new Map(days.map((d, i) => [d.day, i]));
  const bars = days.map((d, i) => {
    const barHeight = (d.views / top) * height;
    return { day: d.day, views: d.views, x: i * slot + (slot * (1 - BAR_SHARE)) / 2, y: height - barHeight, width: slot * BAR_SHARE, height: barHeight };
  });
  const markedDays = [...new Set(published.map((at) => new Date(at).toISOString().slice(0, 10)))].filter((day) => index.has(day)).sort();
  return { width, height, top, bars, marks: markedDays.map((day) => ({ day, x: index.get(day)! * slot + slot / 2 })) };
}
