// @vitest-environment jsdom
/**
 * Issue 27's checkbox group: several of its options ticked, between min and max of them, a
 * required one needs one; stored and exported as the ticked options, one a line. A browser
 * without JavaScript sends its name once per ticked box: the urlencoded body may repeat that
 * name, and only that one.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { errors } from "../../src/errors/catalogue.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { formSchema, longestValue, type ResolvedForm } from "../../schemas/forms.ts";
import { notificationFor } from "../../server/notify/messages.ts";
import { parseUrlencoded } from "../../server/plugins/form-request.ts";
import { validationAnswer } from "../../server/plugins/forms.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { fieldErrorCode, valuesSchema } from "../../src/forms/values.ts";
import { system } from "../../src/styles/theme.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify }));

const definition = {
  id: "project",
  endpoint: "/api/project",
  submitLabel: "Send",
  submittingLabel: "Sending...",
  fields: [
    { name: "name", label: "Full Name", type: "text", maxLength: 100 },
    { name: "needs", label: "What do you need?", type: "checkboxes", required: true, max: 3, options: ["Website", "Mobile app", "SEO", "Cloud, DevOps & support"] },
    { name: "platforms", label: "Platforms", type: "checkboxes", min: 2, options: ["iOS", "Android", "Web"] },
  ],
  notices: testNotices({ title: "Sent", description: "Thank you." }),
  notify: { subject: "Project enquiry" },
};
const form = formSchema.parse(definition) as ResolvedForm;
const schema = valuesSchema(form);
const codes = (values: Record<string, unknown>) => schema.safeParse(values).error?.issues.map(fieldErrorCode);
const wrap = (ui: ReactNode) => <ChakraProvider value={system}>{ui}</ChakraProvider>;

describe("a checkbox group", () => {
  test("is the options ticked, stored one a line in the options' order, whichever way they were sent", () => {
    expect(schema.parse({ needs: ["SEO", "Website"], platforms: ["Web", "iOS"] })).toEqual({ name: "", needs: "Website\nSEO", platforms: "iOS\nWeb" });
    // One ticked box, as a browser posts it (a single name=value); the stored text (what the form's script sends); none, as a script may hold it.
    expect(schema.parse({ needs: "Cloud, DevOps & support" }).needs).toBe("Cloud, DevOps & support");
    expect(schema.parse({ needs: "SEO\nWebsite", platforms: "Web\niOS" })).toEqual({ name: "", needs: "Website\nSEO", platforms: "iOS\nWeb" });
    for (const platforms of [undefined, "", [], false, null]) expect(schema.parse({ needs: ["SEO"], platforms }).platforms).toBe("");
  });

  test("a required one with none ticked is the form's required-field notice (FormRequiredMissing)", () => {
    for (const needs of [undefined, "", [], [" "], false]) expect(codes({ needs })).toEqual(["FieldRequired"]);
    expect(validationAnswer(form, schema.safeParse({}).error!)).toMatchObject({ code: "FormRequiredMissing", fields: { needs: form.notices.invalid.description } });
  });

  test("a box not among its options, or a list of anything but text, is refused with its code", () => {
    expect(codes({ needs: ["SEO", "Logo design"] })).toEqual(["FieldNotAnOption"]);
    expect(codes({ needs: "SEO\nLogo design" })).toEqual(["FieldNotAnOption"]);
    for (const needs of [1, true, ["SEO", 2], { 0: "SEO" }]) expect(codes({ needs })).toEqual(["FieldNotText"]);
    expect(validationAnswer(form, schema.safeParse({ needs: ["Website", "Logo"] }).error!)).toMatchObject({
      code: "FormInvalidValues",
      fields: { needs: "Choose one of the listed options for What do you need?" },
    });
  });

  test("between min and max ticked when any is (FieldChoiceCount), the count said in the message", () => {
    expect(codes({ needs: ["Website", "Mobile app", "SEO", "Cloud, DevOps & support"] })).toEqual(["FieldChoiceCount"]);
    expect(schema.safeParse({ needs: ["Website"], platforms: ["iOS"] }).error!.issues[0]!.message).toBe("Choose at least 2 for Platforms");
    expect(schema.safeParse({ needs: ["Website", "Mobile app", "SEO", "Cloud, DevOps & support"] }).error!.issues[0]!.message).toBe("Choose at most 3 for What do you need?");
    // The same box twice is one choice.
    expect(schema.parse({ needs: ["SEO", "SEO", " SEO "] }).needs).toBe("SEO");
  });

  test("a browser's urlencoded post repeats the group's name once per box; any other name sent twice is still refused", () => {
    const body = (text: string, repeatable?: Set<string>) => parseUrlencoded(new TextEncoder().encode(text), repeatable);
    const group = new Set(["needs", "platforms"]);
    expect(body("needs=Website&needs=SEO&platforms=iOS&name=Priya", group)).toEqual({ needs: ["Website", "SEO"], platforms: "iOS", name: "Priya" });
    expect(schema.parse(body("needs=SEO&needs=Website&name=Priya", group))).toEqual({ name: "Priya", needs: "Website\nSEO", platforms: "" });
    expect(() => body("needs=Website&name=Priya&name=Mallory", group)).toThrow(expect.objectContaining({ code: errors.FormFieldRepeated.code, statusCode: 400, error: errors.FormFieldRepeated("name") }));
    expect(() => body("needs=Website&needs=SEO")).toThrow(expect.objectContaining({ code: errors.FormFieldRepeated.code }));
  });

  test("the API's body limit makes room for every box ticked, its name sent again each time", () => {
    const needs = form.fields[1]!;
    expect(longestValue(needs)).toBe(needs.options!.reduce((n, o) => n + o.length + "needs".length + 2, 0));
  });

  test("the notification lists the ticked options", () => {
    const mail = notificationFor(form, schema.parse({ needs: ["Website", "Cloud, DevOps & support"] }) as Record<string, string>, { name: "Arcbyte Technologies", email: "hello@arcbyte.in" });
    expect(mail.text).toContain("What do you need?:\n- Website\n- Cloud, DevOps & support\n\nPlatforms: (not given)\n");
  });

  test("a subject naming the group lists its ticks on one line (found by the forms property test: a line break would lose the notification)", () => {
    const named = formSchema.parse({ ...definition, notify: { subject: "Enquiry: {needs}" } }) as ResolvedForm;
    const mail = notificationFor(named, schema.parse({ needs: ["Website", "SEO"] }) as Record<string, string>, { name: "Arcbyte Technologies", email: "hello@arcbyte.in" });
    expect(mail.subject).toBe("Enquiry: Website, SEO");
  });

  test("the definition: options, min and max as counts within them, no maxLength or placeholder", () => {
    const broken = (field: Record<string, unknown>) =>
      formSchema.safeParse({ ...definition, notify: undefined, fields: [field] }).error?.issues.map((i) => [i.path.join("."), i.message]);
    const group = { name: "g", label: "G", type: "checkboxes", options: ["A", "B"] };
    expect(broken({ ...group, options: undefined })).toEqual([["fields.0.options", "A checkboxes field needs its options"]]);
    expect(broken({ ...group, min: 3 })).toEqual([["fields.0.min", "min (3) is more than the 2 options: no choice could be sent"]]);
    expect(broken({ ...group, min: 2, max: 1 })).toEqual([["fields.0.max", "max (1) is below min (2): no choice could be sent"]]);
    expect(broken({ ...group, max: 0 })).toEqual([["fields.0.max", "max (0) lets no box be ticked: no choice could be sent"]]);
    expect(broken({ ...group, min: 1.5 })).toEqual([["fields.0.min", "A checkbox group's min is a number of boxes (0, 1, 2...), not 1.5"]]);
    expect(broken({ ...group, max: "2026-01-01" })).toEqual([["fields.0.max", 'A checkbox group\'s max is a number of boxes (0, 1, 2...), not "2026-01-01"']]);
    expect(broken({ ...group, maxLength: 10 })).toEqual([["fields.0.maxLength", "A checkbox group's value is chosen among its options: it takes no maxLength"]]);
    expect(broken({ ...group, step: 1 })).toEqual([["fields.0.step", "Only a number field has a step, not a checkboxes field"]]);
  });

  test("prerendered: a fieldset whose legend is the label, a native box per option labelled by it, none required on its own", () => {
    document.body.innerHTML = renderToString(wrap(<ContentForm form={form} layout="stacked" />));
    try {
      const group = screen.getByRole("group", { name: /^What do you need\?/ });
      expect(group.tagName).toBe("FIELDSET");
      expect(group.querySelector("legend")?.textContent).toBe("What do you need?*");
      const boxes = [...group.querySelectorAll<HTMLInputElement>("input")];
      expect(boxes.map((b) => [b.type, b.name, b.value, b.required, b.labels?.[0]?.textContent])).toEqual(definition.fields[1]!.options!.map((o) => ["checkbox", "needs", o, false, o]));
    } finally {
      document.body.innerHTML = "";
    }
  });

  test("working: none ticked is marked invalid before sending; the ticked options are sent as a list", async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ success: true }), { headers: { "Content-Type": "application/json" } }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      render(wrap(<ContentForm form={form} layout="stacked" />));
      await waitFor(() => expect(document.querySelector("form[data-ready=true]")).not.toBeNull());
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
      await waitFor(() => expect(notify).toHaveBeenCalledWith("error", "Validation Error", "Please fill in all required fields."));
      const group = screen.getByRole("group", { name: /^What do you need\?/ });
      expect(document.getElementById(group.getAttribute("aria-describedby")!)?.textContent).toBe("Please fill in all required fields.");
      expect(fetchMock).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole("checkbox", { name: "SEO" }));
      fireEvent.click(screen.getByRole("checkbox", { name: "Website" }));
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const sent = JSON.parse(fetchMock.mock.calls[0]![1].body);
      expect(sent).toEqual({ name: "", needs: "Website\nSEO", platforms: "", [HONEYPOT]: "" });
      // What the form's script sends, the server's schema takes as it is.
      expect(schema.parse(sent)).toEqual({ name: "", needs: "Website\nSEO", platforms: "", [HONEYPOT]: "" });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
