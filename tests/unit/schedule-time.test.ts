import { inZone, zonedInputs, zonedToUtc } from "../../src/editor/schedule-time.ts";

describe("times in the site's time zone for scheduled publishing", () => {
  test("a wall time in Kolkata is UTC 5 h 30 earlier, and reads back the same", () => {
    expect(zonedToUtc("2026-12-01", "09:30", "Asia/Kolkata")).toBe("2026-12-01T04:00:00.000Z");
    expect(zonedInputs(Date.parse("2026-12-01T04:00:00.000Z"), "Asia/Kolkata")).toEqual({ day: "2026-12-01", time: "09:30" });
    expect(inZone("2026-12-01T04:00:00.000Z", "Asia/Kolkata")).toBe("1 Dec 2026, 09:30 GMT+5:30");
  });

  test("across a daylight saving change the offset of that day is used", () => {
    expect(zonedToUtc("2026-07-01", "09:30", "Europe/London")).toBe("2026-07-01T08:30:00.000Z");
    expect(zonedToUtc("2026-12-01", "09:30", "Europe/London")).toBe("2026-12-01T09:30:00.000Z");
    expect(zonedToUtc("2026-03-29", "12:00", "Europe/London")).toBe("2026-03-29T11:00:00.000Z");
  });

  test("malformed input is no time", () => {
    expect(zonedToUtc("1 Dec", "09:30", "UTC")).toBeUndefined();
    expect(zonedToUtc("2026-12-01", "9:30am", "UTC")).toBeUndefined();
  });
});
