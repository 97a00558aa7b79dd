/**
 * A price as content states it, structured so each locale writes it in its own form
 * (src/page/format.ts formatPrice): an amount in a currency, marked as a starting price or
 * as per month or per hour, or words instead of a number ("Contact Us").
 *
 * The amount and its currency are one text, "5000 USD", which translates: a locale leaves it
 * as it is (the amount in its own number form, $5,000 on a Hindi page) or states its own price,
 * "415000 INR" (₹4,15,000). So a local price is filed, checked and goes stale with the other
 * translations: when the English price changes, the rupee price is reported as stale.
 */
import { z } from "zod";
import { translation } from "./field-kinds.ts";
import { text } from "./fields.ts";

const MONEY = /^(\d+(?:\.\d{1,2})?) ([A-Z]{3})$/;
const currencies = new Set(Intl.supportedValuesOf("currency"));

/** An amount and its currency's ISO code, e.g. "5000 USD" or "415000 INR". */
export const money = z
  .string()
  .max(24, { error: "An amount is at most 24 characters, e.g. 415000 INR" })
  .regex(MONEY, { error: "Write the amount in digits, then the currency's code: 5000 USD, 415000 INR" })
  .refine((value) => currencies.has(value.slice(-3)), { error: "Use a currency's three-letter code: USD, INR, EUR…" });
translation.add(money, { translate: true });

export const price = z
  .strictObject({
    amount: money.optional().describe("The amount in digits, then the currency's code: 5000 USD. Another language may state its own price, e.g. 415000 INR in Hindi"),
    startingAt: z.boolean().optional().describe("The least it costs: shown with a +, e.g. $5,000+"),
    per: z.enum(["month", "hour"]).optional().describe("For a recurring price: shown as $8,000/mo or $40/hour"),
    onRequest: text(40).optional().describe("Words shown instead of an amount, e.g. Contact Us"),
  })
  .refine((p) => (p.amount === undefined) !== (p.onRequest === undefined), { error: "Give an amount (e.g. 5000 USD) or words instead of one (e.g. Contact Us), not both" })
  .describe("An amount, or words instead of one");

export type Price = z.infer<typeof price>;

/** The amount and currency of a money text ("415000 INR"), as checked by `money`. */
export function parseMoney(value: string): { amount: number; currency: string } {
  const [, amount, currency] = MONEY.exec(value) ?? [];
  if (amount === undefined || currency === undefined) throw new Error(`Not an amount and a currency: "${value}"`);
  return { amount: Number(amount), currency };
}
