// @vitest-environment jsdom
/**
 * The content form in a DOM: the prerendered markup (labels, required marks, honeypot) and
 * the working form (its controller attached to the same fields): validation,
 * announcements, and what it keeps or clears.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import forms from "../../content/collections/forms.json" with { type: "json" };
import services from "../../content/collections/services.json" with { type: "json" };
import type { Collections } from "../../schemas/collections/index.ts";
import { plainLabel } from "../../schemas/form-label.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { formSchema } from "../../schemas/forms.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import site from "../../src/page/site-settings.ts";
import { resolveForm } from "../../src/forms/resolve.ts";
import { seoAudit } from "../contract/fixtures/test-forms.ts";
import { system } from "../../src/styles/theme.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify }));

const form = (id: string) =>
  resolveForm(formSchema.parse(forms.items.find((f) => f.id === id)), { services: services.items } as unknown as Collections, site);
const contact = form("contact");
const newsletter = form("newsletter");

const wrap = (ui: ReactNode) => <ChakraProvider value={system}>{ui}</ChakraProvider>;

/** The form once its controller has attached (the island hydrated and its code arrived). */
async function working(ui: ReactNode) {
  const result = render(wrap(ui));
  await waitFor(() => expect(document.querySelector("form[data-ready=true]")).not.toBeNull());
  return result;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  notify.mockReset();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

describe("the prerendered form (before its code loads)", () => {
  let formEl: HTMLFormElement;
  beforeAll(() => {
    document.body.innerHTML = renderToString(wrap(<ContentForm form={contact} layout="stacked" />));
    formEl = document.querySelector("form")!;
  });
  afterAll(() => void (document.body.innerHTML = ""));

  it("is a real form that posts to the endpoint, and is not yet the working form", () => {
    expect(formEl.getAttribute("action")).toBe("/api/contact");
    expect(formEl.getAttribute("method")).toBe("post");
    expect(formEl.hasAttribute("data-ready")).toBe(false);
  });

  it("labels every field visibly and marks the required ones", () => {
    for (const field of contact.fields) {
      // A label's [text](/path) links are read as their text.
      const control = screen.getByLabelText(new RegExp(`^${plainLabel(field.label).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)) as HTMLInputElement;
      expect(control.name).toBe(field.name);
      expect(control.required).toBe(field.required);
    }
    // The consent box links to the privacy policy, and must be ticked.
    const consent = screen.getByRole("checkbox", { name: /^I have read the Privacy Policy/ }) as HTMLInputElement;
    expect([consent.name, consent.required, consent.labels?.[0]?.querySelector("a")?.getAttribute("href")]).toEqual(["consent", true, "/privacy"]);
    expect(screen.getByLabelText(/^Email Address/).getAttribute("type")).toBe("email");
    expect(screen.getByLabelText(/^Message/).getAttribute("rows")).toBe("6");
  });

  it("offers every service title, then Other", () => {
    const options = [...(screen.getByLabelText(/^Service Interested In/) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(["Select a service", ...services.items.map((s) => s.title), "Other"]);
  });

  it("hides the honeypot from people: no tab stop, out of the accessibility tree, no autofill", () => {
    const trap = formEl.querySelector<HTMLInputElement>(`input[name="${HONEYPOT}"]`)!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it("has the submit button and a live region", () => {
    expect(within(formEl).getByRole("button", { name: "Send Message" }).getAttribute("type")).toBe("submit");
    expect(formEl.querySelector('[role="status"][aria-live="polite"]')).not.toBeNull();
  });
});

/** Ids used by more than one element of the document. */
const repeatedIds = () => {
  const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
  return ids.filter((id, i) => ids.indexOf(id) !== i);
};

describe("a form with a field named website (issue 27's SEO audit request)", () => {
  const expectWebsiteApartFromHoneypot = () => {
    expect(repeatedIds()).toEqual([]);
    const website = screen.getByLabelText(/^Your website/) as HTMLInputElement;
    const trap = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT}"]`)!;
    expect(website.name).toBe("website");
    expect(website.closest('[aria-hidden="true"]')).toBeNull();
    expect(trap.id).not.toBe(website.id);
    expect(document.querySelectorAll('[name="website"]')).toHaveLength(1);
  };

  it("prerendered: every id is unique, the visible website field is labelled and is not the honeypot", () => {
    document.body.innerHTML = renderToString(wrap(<ContentForm form={seoAudit} layout="stacked" />));
    try {
      expectWebsiteApartFromHoneypot();
    } finally {
      document.body.innerHTML = "";
    }
  });

  it("working: the same, and what the visitor types is sent as website", async () => {
    await working(<ContentForm form={seoAudit} layout="stacked" />);
    expectWebsiteApartFromHoneypot();
    fireEvent.change(screen.getByLabelText(/^Work email/), { target: { value: "meera@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Your website/), { target: { value: "https://iyer-textiles.example" } });
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    fireEvent.click(screen.getByRole("button", { name: "Request my audit" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ workEmail: "meera@example.com", website: "https://iyer-textiles.example", [HONEYPOT]: "" });
  });
});

describe("the working form", () => {
  it("with empty required fields: marks them invalid, links each to its error, announces the notice", async () => {
    await working(<ContentForm form={contact} layout="stacked" />);
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("error", "Validation Error", "Please fill in all required fields."));
    for (const label of ["Full Name", "Email Address", "Message"]) {
      const control = screen.getByLabelText(new RegExp(`^${label}`));
      await waitFor(() => expect(control.getAttribute("aria-invalid")).toBe("true"));
      const error = document.getElementById(control.getAttribute("aria-describedby")!);
      expect(error?.textContent).toBe("Please fill in all required fields.");
    }
    expect(screen.getByLabelText(/^Phone Number/).getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Please fill in all required fields.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("treats an email of spaces as empty (newsletter)", async () => {
    await working(<ContentForm form={newsletter} layout="inline" />);
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("error", "Validation Error", "Please enter your email."));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the fields when the server answers without success, and clears them on success", async () => {
    await working(<ContentForm form={newsletter} layout="inline" />);
    const email = screen.getByLabelText(/^Email address/) as HTMLInputElement;
    fireEvent.change(email, { target: { value: "ada@example.com" } });

    fetchMock.mockResolvedValueOnce(json({ success: false }));
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("error", "Error", "Subscription failed."));
    expect(email.value).toBe("ada@example.com");

    fetchMock.mockResolvedValueOnce(json({ success: true }));
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith("success", "Subscribed!", "Thank you for subscribing to our newsletter."));
    expect(email.value).toBe("");
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ email: "ada@example.com", [HONEYPOT]: "" });
  });

  it("disables the button and shows the submitting label while sending", async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    await working(<ContentForm form={newsletter} layout="inline" />);
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    const busy = await screen.findByRole("button", { name: "Subscribing..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // A second Enter while sending sends nothing more.
    fireEvent.submit(busy.closest("form")!);
    await act(async () => answer(json({ success: true })));
    expect(await screen.findByRole("button", { name: "Subscribe" })).not.toHaveProperty("disabled", true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's per-field messages", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, error: "Invalid input", fields: { email: "This address cannot receive mail" } }));
    await working(<ContentForm form={newsletter} layout="inline" />);
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("error", "Error", "Invalid input"));
    const email = screen.getByLabelText(/^Email address/);
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe("This address cannot receive mail");
  });

  it("hydrates onto the prerendered fields: what was typed, the focus and the field itself stay, and it is what is sent", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    // The prerendered form, typed into before its island hydrated.
    const container = document.createElement("div");
    container.innerHTML = renderToString(wrap(<ContentForm form={newsletter} layout="inline" />));
    document.body.append(container);
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    email.value = "grace@example.com";
    email.focus();
    await act(async () => void hydrateRoot(container, wrap(<ContentForm form={newsletter} layout="inline" />)));
    await waitFor(() => expect(container.querySelector("form[data-ready=true]")).not.toBeNull());
    expect(container.querySelector('input[name="email"]'), "the same element").toBe(email);
    expect(email.value).toBe("grace@example.com");
    expect(document.activeElement).toBe(email);
    fireEvent.click(within(container).getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body).email).toBe("grace@example.com");
    container.remove();
  });
});
