/** Dates, numbers and prices in the page's locale (src/page/format.ts), and the post cards that carry them. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatPrice, type PriceWordKey } from "../../src/page/format.ts";
import { formatMessage } from "../../src/page/messages.ts";
import { resolveCatalogue, UI_STRINGS } from "../../src/page/ui-strings.ts";
import { price, type Price } from "../../schemas/price.ts";
import type { UiTranslation } from "../../schemas/translations.ts";
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

describe("formatPrice", () => {
  // The real catalogues: English's source texts, and content/translations/hi/ui.json.
  const hindi = JSON.parse(readFileSync("content/translations/hi/ui.json", "utf8")) as UiTranslation;
  const catalogues = {
    en: UI_STRINGS,
    hi: resolveCatalogue(["hi", "en"], (l) => (l === "hi" ? Object.fromEntries(Object.entries(hindi.strings).map(([k, t]) => [k, t.text])) : undefined)),
  };
  const shown = (value: Price, locale: string) =>
    formatPrice(price.parse(value), locale, (key: PriceWordKey, values) => formatMessage(catalogues[locale.startsWith("hi") ? "hi" : "en"][key], locale, values));

  it("writes the spec's English prices as they were written by hand", () => {
    expect(shown({ amount: "5000 USD", startingAt: true }, "en")).toBe("$5,000+");
    expect(shown({ amount: "8000 USD", startingAt: true, per: "month" }, "en")).toBe("$8,000+/mo");
    expect(shown({ amount: "40 USD", per: "hour" }, "en")).toBe("$40/hour");
    expect(shown({ amount: "3000 USD" }, "en")).toBe("$3,000");
    expect(shown({ onRequest: "Contact Us" }, "en")).toBe("Contact Us");
  });

  it("writes a rupee price with Indian grouping, and dollars in hi-IN's form, with Hindi's words for per month and per hour", () => {
    expect(shown({ amount: "415000 INR", startingAt: true }, "hi")).toBe("₹4,15,000+");
    expect(shown({ amount: "1250000 INR", startingAt: true }, "hi-IN")).toBe("₹12,50,000+");
    expect(shown({ amount: "1250000 USD" }, "hi-IN")).toBe("$12,50,000");
    expect(shown({ amount: "665000 INR", startingAt: true, per: "month" }, "hi")).toBe("₹6,65,000+/माह");
    expect(shown({ amount: "40 USD", per: "hour" }, "hi")).toBe("$40/घंटा");
    expect(shown({ onRequest: "संपर्क करें" }, "hi")).toBe("संपर्क करें");
  });

  it("keeps the cents of an amount that has them", () => {
    expect(shown({ amount: "39.5 USD", per: "hour" }, "en")).toBe("$39.50/hour");
  });

  it("refuses a price a page could not write: no amount nor words, both, an amount not in digits, an unknown currency", () => {
    for (const bad of [{}, { amount: "5000 USD", onRequest: "Contact Us" }, { amount: "$5,000" }, { amount: "5000 XYZ" }, { amount: "5000 usd" }]) {
      expect(price.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
