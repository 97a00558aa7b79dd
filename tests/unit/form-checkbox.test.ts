/**
 * Issue 27's checkbox: a single box, ticked or not; a required one is a consent box that must
 * be ticked, whose label may link to a page of the site. The definition, the values schema the
 * browser and the server share, the notification, and the label's links.
 */
import { labelLinks, labelParts, plainLabel } from "../../schemas/form-label.ts";
import { formSchema, type ResolvedForm } from "../../schemas/forms.ts";
import { notificationFor } from "../../server/notify/messages.ts";
import { formResultPage } from "../../server/plugins/form-result-page.ts";
import { validationAnswer } from "../../server/plugins/forms.ts";
import { blankRequired } from "../../src/forms/submit.ts";
import { fieldErrorCode, valuesSchema } from "../../src/forms/values.ts";
import { SOURCE_FORM_TEXTS } from "../../src/page/form-strings.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

const CONSENT = "I agree to the [privacy notice](/privacy) and the [terms](/terms#use).";
const definition = {
  id: "audit",
  endpoint: "/api/audit",
  submitLabel: "Send",
  submittingLabel: "Sending...",
  fields: [
    { name: "email", label: "Work email", type: "email", required: true, maxLength: 254 },
    { name: "consent", label: CONSENT, type: "checkbox", required: true },
    { name: "updates", label: "Send me the newsletter", type: "checkbox" },
  ],
  notices: testNotices({ title: "Sent", description: "Thank you." }),
  notify: { subject: "Audit request" },
};
const form = formSchema.parse(definition) as ResolvedForm;
const schema = valuesSchema(form);
const agency = { name: "Arcbyte Technologies", email: "hello@arcbyte.in" };

describe("a checkbox field", () => {
  test.each([
    ["the form's own value", "yes", "yes"],
    ["a browser's default", "on", "yes"],
    ["JSON's true", true, "yes"],
    ["JSON's false", false, ""],
    ["nothing (a browser leaves an unticked box out)", undefined, ""],
    ["an empty string", "", ""],
  ])("is ticked or not: %s", (_, sent, stored) => {
    const values = { email: "a@b.co", consent: "on", ...(sent !== undefined && { updates: sent }) };
    expect(schema.parse(values)).toEqual({ email: "a@b.co", consent: "yes", updates: stored });
  });

  test("a required one left unticked is the form's required-field notice (FormRequiredMissing)", () => {
    for (const consent of [undefined, false, "", "  "]) {
      const result = schema.safeParse({ email: "a@b.co", ...(consent !== undefined && { consent }) });
      expect(result.success).toBe(false);
      expect(result.error!.issues.map(fieldErrorCode)).toEqual(["FieldRequired"]);
      expect(validationAnswer(form, result.error!)).toMatchObject({ code: "FormRequiredMissing", error: form.notices.invalid.description, fields: { consent: form.notices.invalid.description } });
    }
  });

  test("anything else is refused as neither ticked nor unticked, in words with the label's text (FieldNotACheckbox)", () => {
    for (const updates of ["no", "false", 1, ["yes"], { yes: true }, null]) {
      const result = schema.safeParse({ email: "a@b.co", consent: true, updates });
      expect(result.error!.issues.map(fieldErrorCode)).toEqual(["FieldNotACheckbox"]);
      expect(validationAnswer(form, result.error!)).toMatchObject({ code: "FormInvalidValues", fields: { updates: "Send me the newsletter is either ticked or not" } });
    }
    const consent = schema.safeParse({ email: "a@b.co", consent: "maybe" });
    expect(consent.error!.issues[0]!.message).toBe("I agree to the privacy notice and the terms. is either ticked or not");
  });

  test("without JavaScript, the result page names the unticked box by its label's text", () => {
    const answer = validationAnswer(form, schema.safeParse({ email: "a@b.co" }).error!);
    expect(formResultPage({ form, texts: SOURCE_FORM_TEXTS, lang: "en", dir: "ltr" }, answer, "/audit", agency.name)).toContain(`<li>I agree to the privacy notice and the terms.: ${form.notices.invalid.description}</li>`);
  });

  test("the browser's notice counts an unticked required box as blank, a ticked one as filled", () => {
    expect(blankRequired(form, { email: "a@b.co", consent: false })).toEqual(["consent"]);
    expect(blankRequired(form, { email: "a@b.co", consent: true })).toEqual([]);
  });

  test("the notification says Yes or No after the label's text", () => {
    const mail = notificationFor(form, { email: "a@b.co", consent: "yes", updates: "" }, agency);
    expect(mail.text).toContain("I agree to the privacy notice and the terms.: Yes\nSend me the newsletter: No\n");
  });

  test("a checkbox takes no maxLength or placeholder; every other field needs its maxLength", () => {
    const broken = (field: Record<string, unknown>) =>
      formSchema.safeParse({ ...definition, fields: [definition.fields[0], { name: "box", label: "Box", ...field }] }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(broken({ type: "checkbox", maxLength: 3 })).toEqual([["fields.1.maxLength", "A checkbox is ticked or not: it takes no maxLength"]]);
    expect(broken({ type: "checkbox", placeholder: "Tick" })).toEqual([["fields.1.placeholder", "A checkbox shows no placeholder"]]);
    expect(broken({ type: "checkbox", options: ["Yes", "No"] })).toEqual([["fields.1.options", "Only a select field, a radio group or a checkbox group has options, not a checkbox field"]]);
    expect(broken({ type: "text" })).toEqual([["fields.1.maxLength", "A text field needs its maxLength, the longest value it accepts"]]);
  });
});

describe("a label's links", () => {
  test("[text](/path) is a link to a site path; everything else is text", () => {
    expect(labelParts(CONSENT)).toEqual([
      { text: "I agree to the " },
      { text: "privacy notice", href: "/privacy" },
      { text: " and the " },
      { text: "terms", href: "/terms#use" },
      { text: "." },
    ]);
    expect(plainLabel(CONSENT)).toBe("I agree to the privacy notice and the terms.");
    expect(labelLinks(CONSENT)).toEqual(["/privacy", "/terms#use"]);
  });

  test("only site paths are links: another site, a script URL or a broken bracket stays text", () => {
    for (const label of ["See [this](https://evil.example)", "[x](javascript:alert(1))", "[x] (/privacy)", "[a [b]](/privacy", "Your website"]) {
      expect(labelLinks(label)).toEqual([]);
      expect(plainLabel(label)).toBe(label);
    }
  });
});
