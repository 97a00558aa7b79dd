// @vitest-environment jsdom
/**
 * Issue 27's radio group: one of its options, a required one must be chosen, anything else is
 * not an option (a coded 400). A fieldset with a legend, a native button per option; the
 * working form sends the chosen option and refuses none chosen before sending.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { formSchema, longestValue, type ResolvedForm } from "../../schemas/forms.ts";
import { notificationFor } from "../../server/notify/messages.ts";
import { bodyLimitFor, validationAnswer } from "../../server/plugins/forms.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { fieldErrorCode, valuesSchema } from "../../src/forms/values.ts";
import { system } from "../../src/styles/theme.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify }));

const definition = {
  id: "brief",
  endpoint: "/api/brief",
  submitLabel: "Send brief",
  submittingLabel: "Sending...",
  fields: [
    { name: "budget", label: "Budget", type: "radio", required: true, options: ["Under ₹5 lakh", "₹5–20 lakh", "Over ₹20 lakh"] },
    { name: "contactBy", label: "Best way to reach you", type: "radio", options: ["Email", "Phone"] },
  ],
  notices: testNotices({ title: "Sent", description: "Thank you." }),
  notify: { subject: "Brief, budget {budget}" },
};
const form = formSchema.parse(definition) as ResolvedForm;
const schema = valuesSchema(form);
const codes = (values: Record<string, unknown>) => schema.safeParse(values).error?.issues.map(fieldErrorCode);
const wrap = (ui: ReactNode) => <ChakraProvider value={system}>{ui}</ChakraProvider>;

describe("a radio group", () => {
  test("is one of its options, or nothing chosen (left out, empty, or null as the form's script holds it)", () => {
    expect(schema.parse({ budget: "₹5–20 lakh", contactBy: "Phone" })).toEqual({ budget: "₹5–20 lakh", contactBy: "Phone" });
    for (const contactBy of [undefined, "", null]) expect(schema.parse({ budget: "Over ₹20 lakh", contactBy }).contactBy).toBe("");
  });

  test("a required one with none chosen is the form's required-field notice (FormRequiredMissing)", () => {
    for (const budget of [undefined, "", " ", null]) expect(codes({ budget })).toEqual(["FieldRequired"]);
    expect(validationAnswer(form, schema.safeParse({}).error!)).toMatchObject({ code: "FormRequiredMissing", fields: { budget: form.notices.invalid.description } });
  });

  test("a value not among its options is refused with its code (FieldNotAnOption, 400 FormInvalidValues)", () => {
    for (const budget of ["₹50 lakh", "under ₹5 lakh", "Email"]) expect(codes({ budget })).toEqual(["FieldNotAnOption"]);
    for (const budget of [1, true, ["Email"]]) expect(codes({ budget })).toEqual(["FieldNotText"]);
    expect(validationAnswer(form, schema.safeParse({ budget: "Free" }).error!)).toMatchObject({ code: "FormInvalidValues", fields: { budget: "Choose one of the listed options for Budget" } });
  });

  test("the API's body limit makes room for its longest option", () => {
    expect(longestValue(form.fields[0]!)).toBe("Over ₹20 lakh".length);
    expect(bodyLimitFor(form)).toBeGreaterThanOrEqual(4096);
  });

  test("the notification shows the chosen option", () => {
    const mail = notificationFor(form, schema.parse({ budget: "₹5–20 lakh" }) as Record<string, string>, { name: "Arcbyte Technologies", email: "hello@arcbyte.in" });
    expect(mail.subject).toBe("Brief, budget ₹5–20 lakh");
    expect(mail.text).toContain("Budget: ₹5–20 lakh\nBest way to reach you: (not given)\n");
  });

  test("the definition: options, no maxLength, no placeholder", () => {
    const broken = (field: Record<string, unknown>) =>
      formSchema.safeParse({ ...definition, notify: undefined, fields: [field] }).error?.issues.map((i) => [i.path.join("."), i.message]);
    const radio = { name: "r", label: "R", type: "radio" };
    expect(broken(radio)).toEqual([["fields.0.options", "A radio field needs its options"]]);
    expect(broken({ ...radio, options: ["A"], maxLength: 10 })).toEqual([["fields.0.maxLength", "A radio group's value is chosen among its options: it takes no maxLength"]]);
    expect(broken({ ...radio, options: ["A"], placeholder: "Pick one" })).toEqual([["fields.0.placeholder", "A radio group shows its options, no placeholder"]]);
    expect(broken({ ...radio, options: ["A", "B\tC"] })?.[0]?.[0]).toBe("fields.0.options.1");
    expect(broken({ ...radio, options: { collection: "services" } })).toBeUndefined();
  });

  test("prerendered: a fieldset whose legend is the label, a native button per option, labelled by it", () => {
    document.body.innerHTML = renderToString(wrap(<ContentForm form={form} layout="stacked" />));
    try {
      const group = screen.getByRole("group", { name: /^Budget/ });
      expect(group.tagName).toBe("FIELDSET");
      expect(group.querySelector("legend")?.textContent).toBe("Budget*");
      const buttons = [...group.querySelectorAll<HTMLInputElement>("input")];
      expect(buttons.map((b) => [b.type, b.name, b.value, b.required, b.labels?.[0]?.textContent])).toEqual(
        definition.fields[0]!.options.map((o) => ["radio", "budget", o, true, o]),
      );
      expect((screen.getByRole("radio", { name: "Phone" }) as HTMLInputElement).required).toBe(false);
    } finally {
      document.body.innerHTML = "";
    }
  });

  test("working: none chosen is marked invalid before sending; the chosen option is sent", async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ success: true }), { headers: { "Content-Type": "application/json" } }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      render(wrap(<ContentForm form={form} layout="stacked" />));
      await waitFor(() => expect(document.querySelector("form[data-ready=true]")).not.toBeNull());
      fireEvent.click(screen.getByRole("button", { name: "Send brief" }));
      await waitFor(() => expect(notify).toHaveBeenCalledWith("error", "Validation Error", "Please fill in all required fields."));
      const group = screen.getByRole("group", { name: /^Budget/ });
      expect(document.getElementById(group.getAttribute("aria-describedby")!)?.textContent).toBe("Please fill in all required fields.");
      expect(screen.getByRole("radio", { name: "Over ₹20 lakh" }).getAttribute("aria-invalid")).toBe("true");
      expect(fetchMock).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole("radio", { name: "Over ₹20 lakh" }));
      fireEvent.click(screen.getByRole("button", { name: "Send brief" }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ budget: "Over ₹20 lakh", contactBy: "", [HONEYPOT]: "" });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
