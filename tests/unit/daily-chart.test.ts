import { dailyChart, roundTop } from "../../src/studio/ui/daily-chart.ts";

const days = [
  { day: "2026-11-01", views: 0 },
  { day: "2026-11-02", views: 30 },
  { day: "2026-11-03", views: 7 },
  { day: "2026-11-04", views: 50 },
];

describe("a chart of views per day", () => {
  test("the scale's top is the most views rounded up to 1, 2 or 5 × 10ⁿ", () => {
    expect([0, 1, 2, 3, 7, 10, 11, 42, 99, 101, 5000, 5001].map(roundTop)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 100, 200, 5000, 10000]);
  });

  test("a bar a day, in order, as tall as its views against the top, with a gap between days", () => {
    const chart = dailyChart(days, [], { width: 400, height: 100 });
    expect(chart.top).toBe(50);
    expect(chart.bars.map((b) => [b.day, Number(b.height.toFixed(6))])).toEqual([["2026-11-01", 0], ["2026-11-02", 60], ["2026-11-03", 14], ["2026-11-04", 100]]);
    for (const [i, bar] of chart.bars.entries()) {
      expect(bar.y + bar.height).toBeCloseTo(100);
      expect(bar.x).toBeGreaterThan(i * 100);
      expect(bar.x + bar.width).toBeLessThan((i + 1) * 100);
    }
  });

  test("a mark at the middle of each publish's day (UTC), one a day, none outside the chart's days", () => {
    const chart = dailyChart(days, ["2026-11-03T18:20:00.000Z", "2026-11-03T09:00:00.000Z", "2026-11-02T23:30:00-02:00", "2026-10-01T10:00:00.000Z"], { width: 400, height: 100 });
    // 23:30 at UTC−2 is the 3rd in UTC.
    expect(chart.marks).toEqual([{ day: "2026-11-03", x: 250 }]);
    expect(dailyChart(days, ["2026-11-01T00:00:00Z", "2026-11-04T12:00:00Z"], { width: 400, height: 100 }).marks.map((m) => m.x)).toEqual([50, 350]);
  });

  test("no days, or nothing counted: an empty chart on a scale of 1, nothing divided by zero", () => {
    expect(dailyChart([], ["2026-11-03T10:00:00Z"])).toMatchObject({ top: 1, bars: [], marks: [] });
    const quiet = dailyChart([{ day: "2026-11-01", views: 0 }]);
    expect(quiet.bars[0]).toMatchObject({ height: 0, y: quiet.height });
  });
});
