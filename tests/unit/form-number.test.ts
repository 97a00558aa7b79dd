/**
 * Issue 27's number field: min, max and step, checked alike by the browser and the server
 * (the one values schema), stored as the number's shortest text.
 */
import { formSchema, type ResolvedForm } from "../../schemas/forms.ts";
import { notificationFor } from "../../server/notify/messages.ts";
import { validationAnswer } from "../../server/plugins/forms.ts";
import { fieldErrorCode, valuesSchema } from "../../src/forms/values.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

const definition = {
  id: "quote",
  endpoint: "/api/quote",
  submitLabel: "Send",
  submittingLabel: "Sending...",
  fields: [
    { name: "pages", label: "Number of pages", type: "number", required: true, min: 1, max: 500, step: 1 },
    { name: "budget", label: "Budget (lakh ₹)", type: "number", min: 0.5, step: 0.25 },
    { name: "rating", label: "Rating", type: "number", max: 10 },
  ],
  notices: testNotices({ title: "Sent", description: "Thank you." }),
  notify: { subject: "Quote for {pages} pages" },
};
const form = formSchema.parse(definition) as ResolvedForm;
const schema = valuesSchema(form);
const codes = (values: Record<string, unknown>) => schema.safeParse(values).error?.issues.map(fieldErrorCode);

describe("a number field", () => {
  test("takes a number as the browser sends it (text) or as JSON, stored as its shortest text", () => {
    expect(schema.parse({ pages: " 007 ", budget: "1.50", rating: -2.5 })).toEqual({ pages: "7", budget: "1.5", rating: "-2.5" });
    expect(schema.parse({ pages: 12 })).toEqual({ pages: "12", budget: "", rating: "" });
  });

  test("a required one left empty is the form's required-field notice", () => {
    for (const pages of [undefined, "", "  "]) expect(codes({ ...(pages !== undefined && { pages }) })).toEqual(["FieldRequired"]);
    expect(validationAnswer(form, schema.safeParse({}).error!)).toMatchObject({ code: "FormRequiredMissing" });
  });

  test("only plain decimal numbers: no exponent, hex, Infinity, comma, or one too long to be anyone's", () => {
    for (const pages of ["1e3", "0x10", "Infinity", "1,5", "--1", "12abc", "1".repeat(30), Number.NaN, Number.POSITIVE_INFINITY, true, ["1"]]) {
      expect(codes({ pages })).toEqual(["FieldNotANumber"]);
    }
    expect(validationAnswer(form, schema.safeParse({ pages: "ten" }).error!)).toMatchObject({ code: "FormInvalidValues", fields: { pages: "Number of pages must be a number, e.g. 42 or 4.5" } });
  });

  test("within min and max, each said in the message", () => {
    const message = (values: Record<string, unknown>) => schema.safeParse(values).error!.issues[0]!.message;
    expect(codes({ pages: 0 })).toEqual(["FieldOutOfRange"]);
    expect(message({ pages: "501" })).toBe("Number of pages must be between 1 and 500");
    expect(message({ pages: 1, budget: "0.25" })).toBe("Budget (lakh ₹) must be at least 0.5");
    expect(message({ pages: 1, rating: "10.5" })).toBe("Rating must be at most 10");
    expect(schema.safeParse({ pages: "500", rating: "10" }).success).toBe(true);
  });

  test("on a step counted from min (or 0), decimal steps included", () => {
    expect(schema.parse({ pages: 1, budget: "0.75" }).budget).toBe("0.75");
    expect(schema.parse({ pages: 1, budget: "19.5" }).budget).toBe("19.5");
    expect(codes({ pages: 1, budget: "0.6" })).toEqual(["FieldNotOnStep"]);
    expect(codes({ pages: "2.5" })).toEqual(["FieldNotOnStep"]);
    expect(schema.safeParse({ pages: 1, budget: "0.6" }).error!.issues[0]!.message).toBe("Budget (lakh ₹) must be 0.5 plus a multiple of 0.25");
    const cents = valuesSchema(formSchema.parse({ ...definition, notify: undefined, fields: [{ name: "price", label: "Price", type: "number", step: 0.01 }] }) as ResolvedForm);
    for (const price of ["0.3", "19.99", "1234.56", "-0.07"]) expect(cents.parse({ price }).price).toBe(price);
    expect(cents.safeParse({ price: "19.999" }).success).toBe(false);
  });

  test("the notification and its subject show the stored number", () => {
    const mail = notificationFor(form, schema.parse({ pages: "012", budget: "2.5" }) as Record<string, string>, { name: "Arcbyte Technologies", email: "hello@arcbyte.in" });
    expect(mail.subject).toBe("Quote for 12 pages");
    expect(mail.text).toContain("Number of pages: 12\nBudget (lakh ₹): 2.5\nRating: (not given)\n");
  });

  test("the definition: min at most max, no maxLength; min, max and step on a number only", () => {
    const broken = (field: Record<string, unknown>) =>
      formSchema.safeParse({ ...definition, notify: undefined, fields: [field] }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(broken({ name: "n", label: "N", type: "number", min: 10, max: 5 })).toEqual([["fields.0.max", "max (5) is below min (10): no number could be sent"]]);
    expect(broken({ name: "n", label: "N", type: "number", maxLength: 5 })).toEqual([["fields.0.maxLength", "A number field is bounded by min and max: it takes no maxLength"]]);
    expect(broken({ name: "n", label: "N", type: "text", maxLength: 5, min: 1 })).toEqual([["fields.0.min", "Only a number, a date or a checkbox group has min, not a text field"]]);
    expect(broken({ name: "n", label: "N", type: "number", step: 0 })?.[0]?.[0]).toBe("fields.0.step");
  });
});
