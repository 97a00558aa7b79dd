import { countsOver, dayCount, daySeries, daysOf } from "../../server/analytics/daily.ts";

describe("a period's days, for the charts and the panel's sums", () => {
  test("every day from the first to the last, across a month's and a year's end", () => {
    expect(daysOf({ from: "2026-12-30", to: "2027-01-02" })).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(daysOf({ from: "2026-11-28", to: "2026-11-28" })).toEqual(["2026-11-28"]);
    expect(dayCount("2026-02-27", "2026-03-01")).toBe(3);
    expect(dayCount("2026-11-28", "2026-11-28")).toBe(1);
  });

  test("a day with nothing counted is 0; a period sums only its own days", () => {
    const days = new Map([
      ["2026-11-01", { views: 5, visitors: 4, conversions: 1 }],
      ["2026-11-03", { views: 2, visitors: 2, conversions: 0 }],
      ["2026-11-09", { views: 100, visitors: 90, conversions: 9 }],
    ]);
    expect(daySeries(days, { from: "2026-11-01", to: "2026-11-03" })).toEqual([
      { day: "2026-11-01", views: 5, visitors: 4, conversions: 1 },
      { day: "2026-11-02", views: 0, visitors: 0, conversions: 0 },
      { day: "2026-11-03", views: 2, visitors: 2, conversions: 0 },
    ]);
    expect(countsOver(days, { from: "2026-11-01", to: "2026-11-08" })).toEqual({ views: 7, visitors: 6, conversions: 1 });
    expect(countsOver(days, { from: "2026-12-01", to: "2026-12-31" })).toEqual({ views: 0, visitors: 0, conversions: 0 });
  });
});
