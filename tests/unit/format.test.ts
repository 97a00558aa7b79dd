/** Dates and numbers in the page's locale (src/page/format.ts), and the post cards that carry them. */
import { describe, expect, it } from "vitest";
import { formatDate, formatNumber } from "../../src/page/format.ts";
import { toSummary } from "../../src/blog/summary.ts";
import { blogPostSchema } from "../../schemas/blog.ts";

describe("formatDate", () => {
  it("writes an English date as the spec's cards show it, whatever the time zone", () => {
    expect(formatDate("2025-03-14", "en")).toBe("March 14, 2025");
    expect(formatDate("2024-12-01", "en")).toBe("December 1, 2024");
    expect(formatDate("2024-02-29", "en")).toBe("February 29, 2024");
  });

  it("writes a Hindi date in Hindi's long form", () => {
    expect(formatDate("2025-10-21", "hi")).toBe("21 अक्टूबर 2025");
    expect(formatDate("2024-01-15", "hi-IN")).toBe("15 जनवरी 2024");
  });
});

describe("formatNumber", () => {
  it("groups by the locale: lakhs and crores in India", () => {
    expect(formatNumber(1_250_000, "en")).toBe("1,250,000");
    expect(formatNumber(1_250_000, "hi-IN")).toBe("12,50,000");
  });
});

it("a post card's date is written at build time in its page's locale", () => {
  const post = blogPostSchema.parse({
    id: "a", title: "A", excerpt: "", content: "", author: "X", date: "2025-03-14", category: "C", image: "/i.svg", featured: false, description: "", readMinutes: 1,
  });
  expect(toSummary(post, "en").dateText).toBe("March 14, 2025");
  expect(toSummary(post, "hi").dateText).toBe("14 मार्च 2025");
});
