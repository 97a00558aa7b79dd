// @vitest-environment jsdom
/**
 * A form on a page in another locale: each choice shows the locale's label and sends the
 * default locale's option, so the server (which checks against the default locale's form)
 * accepts it and submissions are stored, exported and mailed in one language.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Collections } from "../../schemas/collections/index.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { type FormDefinition, formSchema } from "../../schemas/forms.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { resolveForm } from "../../src/forms/resolve.ts";
import { valuesSchema } from "../../src/forms/values.ts";
import { system } from "../../src/styles/theme.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

vi.mock("../../src/ui/toaster.ts", () => ({ notify: vi.fn() }));

const english = formSchema.parse({
  id: "brief",
  endpoint: "/api/brief",
  submitLabel: "Send brief",
  submittingLabel: "Sending...",
  fields: [
    { name: "service", label: "Service", type: "select", maxLength: 100, options: { collection: "services", append: ["Other"] } },
    { name: "contactBy", label: "Best way to reach you", type: "radio", options: ["Email", "Phone"] },
  ],
  notices: testNotices({ title: "Sent", description: "Thank you." }),
});
/** The same form as the Hindi content has it (locale-content.ts): its texts translated, its structure the same. */
const hindi: FormDefinition = {
  ...english,
  submitLabel: "भेजें",
  fields: english.fields.map((f) =>
    f.name === "service" ? { ...f, label: "सेवा", options: { collection: "services" as const, append: ["अन्य"] } } : { ...f, label: "संपर्क का तरीका", options: ["ईमेल", "फ़ोन"] },
  ),
};
const services = (titles: string[]) => ({ services: titles.map((title, i) => ({ id: `s${i}`, title })) }) as unknown as Collections;
const source = { form: english, collections: services(["Web Development", "Cloud & DevOps"]) };
const site = { timeZone: "Asia/Kolkata" };
const localised = resolveForm(hindi, services(["वेब डेवलपमेंट", "क्लाउड और DevOps"]), site, source);
/** What the server checks a submission against: the default locale's form (build/forms.json). */
const served = resolveForm(english, source.collections, site);

describe("a form on a Hindi page", () => {
  test("keeps the English options as the values it sends, with the Hindi ones as their labels", () => {
    expect(localised.fields.map((f) => [f.options, f.optionLabels])).toEqual([
      [["Web Development", "Cloud & DevOps", "Other"], ["वेब डेवलपमेंट", "क्लाउड और DevOps", "अन्य"]],
      [["Email", "Phone"], ["ईमेल", "फ़ोन"]],
    ]);
    expect(served.fields.every((f) => f.optionLabels === undefined)).toBe(true);
  });

  test("shows the Hindi labels and sends the English options, which the server's form accepts, naming its locale (with and without JavaScript)", async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ success: true }), { headers: { "Content-Type": "application/json" } }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      render(
        <ChakraProvider value={system}>
          <ContentForm form={localised} layout="stacked" locale="hi" />
        </ChakraProvider>,
      );
      await waitFor(() => expect(document.querySelector("form[data-ready=true]")).not.toBeNull());
      // Without JavaScript the browser posts to the form's action: the locale goes with it.
      expect(document.querySelector("form")!.getAttribute("action")).toBe("/api/brief?locale=hi");
      const select = screen.getByLabelText(/^सेवा/) as HTMLSelectElement;
      expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
        ["", ""],
        ["Web Development", "वेब डेवलपमेंट"],
        ["Cloud & DevOps", "क्लाउड और DevOps"],
        ["Other", "अन्य"],
      ]);
      fireEvent.change(select, { target: { value: "Cloud & DevOps" } });
      fireEvent.click(screen.getByRole("radio", { name: "फ़ोन" }));
      fireEvent.click(screen.getByRole("button", { name: "भेजें" }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(fetchMock.mock.calls[0]![0]).toBe("/api/brief?locale=hi");
      const sent = JSON.parse(fetchMock.mock.calls[0]![1].body) as Record<string, unknown>;
      expect(sent).toEqual({ service: "Cloud & DevOps", contactBy: "Phone", [HONEYPOT]: "" });
      expect(valuesSchema(served).parse(sent)).toMatchObject({ service: "Cloud & DevOps", contactBy: "Phone" });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
