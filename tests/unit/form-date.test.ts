/**
 * Issue 27's date field: a day as YYYY-MM-DD between min and max, "today" being the day it is
 * in the site's time zone, checked alike by the browser and the server (the one values schema).
 */
import { siteConfigSchema } from "../../schemas/site.ts";
import { formSchema, type ResolvedForm } from "../../schemas/forms.ts";
import site from "../../src/page/site-settings.ts";
import { notificationFor } from "../../server/notify/messages.ts";
import { validationAnswer } from "../../server/plugins/forms.ts";
import type { Collections } from "../../schemas/collections/index.ts";
import { resolveForm } from "../../src/forms/resolve.ts";
import { fieldErrorCode, valuesSchema } from "../../src/forms/values.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

const definition = {
  id: "call",
  endpoint: "/api/call",
  submitLabel: "Book",
  submittingLabel: "Booking...",
  fields: [
    { name: "callOn", label: "Preferred call date", type: "date", required: true, min: "today", max: "2027-12-31" },
    { name: "launch", label: "Launch date", type: "date", min: "2026-01-01" },
    { name: "founded", label: "Founded", type: "date", max: "today" },
  ],
  notices: testNotices({ title: "Booked", description: "We will call you." }),
  notify: { subject: "Call on {callOn}" },
};
const form = resolveForm(formSchema.parse(definition), {} as Collections, site);
const schema = valuesSchema(form);
const codes = (values: Record<string, unknown>) => schema.safeParse(values).error?.issues.map(fieldErrorCode);
const message = (values: Record<string, unknown>) => schema.safeParse(values).error!.issues[0]!.message;

// A fixed morning in India (11:30 there): "today" is 26 November 2026 in every test but the time zone's own.
const morning = () => vi.useFakeTimers({ now: new Date("2026-11-26T06:00:00Z"), toFake: ["Date"] });
beforeEach(morning);
afterEach(() => vi.useRealTimers());

describe("a date field", () => {
  test("takes a day as the browser's date input sends it, stored as YYYY-MM-DD", () => {
    expect(schema.parse({ callOn: " 2026-12-01 ", launch: "2027-02-28", founded: "" })).toEqual({ callOn: "2026-12-01", launch: "2027-02-28", founded: "" });
    expect(schema.parse({ callOn: "2026-11-26", founded: "1999-12-31" })).toEqual({ callOn: "2026-11-26", launch: "", founded: "1999-12-31" });
  });

  test("a required one left empty is the form's required-field notice", () => {
    for (const callOn of [undefined, "", "  "]) expect(codes({ ...(callOn !== undefined && { callOn }) })).toEqual(["FieldRequired"]);
    expect(validationAnswer(form, schema.safeParse({}).error!)).toMatchObject({ code: "FormRequiredMissing" });
  });

  test("a day that does not exist, or any other way of writing one, is FieldNotADate", () => {
    for (const launch of ["2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "0000-01-01", "2026-1-5", "01/12/2026", "tomorrow", "2026-12-01T10:00", 20261201, true]) {
      expect(codes({ callOn: "2027-01-04", launch })).toEqual([typeof launch === "string" ? "FieldNotADate" : "FieldNotText"]);
    }
    expect(schema.safeParse({ callOn: "2027-01-04", launch: "2028-02-29" }).success).toBe(true);
    expect(validationAnswer(form, schema.safeParse({ callOn: "2026-02-30" }).error!)).toMatchObject({
      code: "FormInvalidValues",
      fields: { callOn: "Preferred call date must be a date that exists, as YYYY-MM-DD" },
    });
  });

  test("between min and max, each said in the message as people read a date", () => {
    expect(codes({ callOn: "2028-01-01" })).toEqual(["FieldDateOutOfRange"]);
    expect(message({ callOn: "2028-01-01" })).toBe("Preferred call date must be between 26 November 2026 and 31 December 2027");
    expect(message({ callOn: "2027-12-31", launch: "2025-12-31" })).toBe("Launch date must be on or after 1 January 2026");
    expect(message({ callOn: "2027-12-31", founded: "2026-11-27" })).toBe("Founded must be on or before 26 November 2026");
  });

  test("today is the day it is in the site's time zone (Asia/Kolkata), not the server's or the visitor's", () => {
    expect(site.timeZone).toBe("Asia/Kolkata");
    // 20:00 UTC on 26 November is 01:30 on 27 November in India.
    vi.useFakeTimers({ now: new Date("2026-11-26T20:00:00Z"), toFake: ["Date"] });
    expect(codes({ callOn: "2026-11-26" })).toEqual(["FieldDateOutOfRange"]);
    expect(schema.parse({ callOn: "2026-11-27" }).callOn).toBe("2026-11-27");
    expect(schema.parse({ callOn: "2026-11-27", founded: "2026-11-27" }).founded).toBe("2026-11-27");
    // The same form read in UTC (a form not resolved with the site) is a day behind.
    const utc = valuesSchema({ ...form, fields: form.fields.map(({ timeZone: _t, ...f }) => f) } as ResolvedForm);
    expect(utc.safeParse({ callOn: "2026-11-26" }).success).toBe(true);
  });

  test("the notification says the day as people read it, beside the stored text", () => {
    const mail = notificationFor(form, schema.parse({ callOn: "2026-12-01" }) as Record<string, string>, { name: "Arcbyte Technologies", email: "hello@arcbyte.in" });
    expect(mail.subject).toBe("Call on 2026-12-01");
    expect(mail.text).toContain("Preferred call date: 1 December 2026 (2026-12-01)\nLaunch date: (not given)\nFounded: (not given)\n");
  });

  test("the definition: real days or today, min not after max, no maxLength or placeholder, no step", () => {
    const broken = (field: Record<string, unknown>) =>
      formSchema.safeParse({ ...definition, notify: undefined, fields: [field] }).error?.issues.map((i) => [i.path.join("."), i.message]);
    const date = { name: "d", label: "D", type: "date" };
    expect(broken({ ...date, min: "2026-12-01", max: "2026-11-30" })).toEqual([["fields.0.max", "max (2026-11-30) is before min (2026-12-01): no date could be sent"]]);
    expect(broken({ ...date, min: "2026-02-30" })?.[0]?.[0]).toBe("fields.0.min");
    expect(broken({ ...date, max: "yesterday" })?.[0]?.[0]).toBe("fields.0.max");
    expect(broken({ ...date, min: 5 })).toEqual([["fields.0.min", 'A date field\'s min is a day as YYYY-MM-DD or "today", not 5']]);
    expect(broken({ ...date, maxLength: 10 })).toEqual([["fields.0.maxLength", "A date field is bounded by min and max: it takes no maxLength"]]);
    expect(broken({ ...date, placeholder: "dd/mm/yyyy" })).toEqual([["fields.0.placeholder", "A date field shows the browser's day picker, no placeholder"]]);
    expect(broken({ ...date, step: 7 })).toEqual([["fields.0.step", "Only a number field has a step, not a date field"]]);
    expect(broken({ name: "n", label: "N", type: "number", max: "2026-01-01" })).toEqual([["fields.0.max", 'A number field\'s max is a number, not "2026-01-01"']]);
    expect(broken({ ...date, min: "today", max: "today" })).toBeUndefined();
  });

  test("the site's time zone is one the runtime knows", () => {
    expect(siteConfigSchema.shape.timeZone.safeParse("India/Delhi").success).toBe(false);
    expect(siteConfigSchema.shape.timeZone.safeParse("Asia/Kolkata").success).toBe(true);
  });
});
