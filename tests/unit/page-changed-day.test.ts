/** The day a page last changed (the sitemap's lastmod for a page without a date of its own). */
import { changedOn } from "../../src/runtime/build.server.ts";

describe("the day a page's data last changed", () => {
  test("is the earlier release's day while the page's data is the same", () => {
    expect(changedOn({ data: "h1", changed: "2026-01-02" }, "h1", "2026-12-01")).toBe("2026-01-02");
  });
  test("is today when its data changed, when it is new, or when the earlier release had no day for it", () => {
    expect(changedOn({ data: "h1", changed: "2026-01-02" }, "h2", "2026-12-01")).toBe("2026-12-01");
    expect(changedOn(undefined, "h1", "2026-12-01")).toBe("2026-12-01");
    expect(changedOn({ data: "h1" }, "h1", "2026-12-01")).toBe("2026-12-01");
  });
});
