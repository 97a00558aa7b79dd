/** Dates on post cards and posts read the same at build time and in every browser. */
import { describe, expect, it } from "vitest";
import { formatDate } from "../../src/blog/summary.ts";

describe("formatDate", () => {
  it("writes a post's date as the spec's cards show it", () => {
    expect(formatDate("2025-03-14")).toBe("March 14, 2025");
    expect(formatDate("2024-12-01")).toBe("December 1, 2024");
  });

  it("agrees with Intl's en-US long date on every day of 2023–2025, leap day included", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let t = Date.UTC(2023, 0, 1); t <= Date.UTC(2025, 11, 31); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(formatDate(iso), iso).toBe(intl.format(new Date(t)));
    }
  });
});
