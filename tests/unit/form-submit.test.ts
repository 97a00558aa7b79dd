/**
 * How every form sends its values and which notice (spec §8) each outcome shows; plus the
 * pure helpers of the form block: URL prefill and the two-column layout.
 */
import forms from "../../content/collections/forms.json" with { type: "json" };
import services from "../../content/collections/services.json" with { type: "json" };
import type { FormDefinition } from "../../schemas/forms.ts";
import { formSchema } from "../../schemas/forms.ts";
import { prefillValues } from "../../src/forms/ContentForm.tsx";
import { fullWidth } from "../../src/forms/FormLayout.tsx";
import site from "../../src/page/site-settings.ts";
import { resolveForm } from "../../src/forms/resolve.ts";
import { invalidNotice, noticeFor, readAnswer, submitForm } from "../../src/forms/submit.ts";
import type { Collections } from "../../schemas/collections/index.ts";

const form = (id: string) => {
  const definition: FormDefinition = formSchema.parse(forms.items.find((f) => f.id === id));
  return resolveForm(definition, { services: services.items } as unknown as Collections, site);
};
const newsletter = form("newsletter");
const contact = form("contact");
const careers = form("careers");

const answer = (body: string, status = 200) => async () => new Response(body, { status, headers: { "Content-Type": "application/json" } });

describe("submitForm", () => {
  it("posts the values as JSON to the form's endpoint", async () => {
    const calls: [string, RequestInit][] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push([String(url), init!]);
      return new Response('{"success":true}');
    };
    const outcome = await submitForm(newsletter, { email: "ada@example.com" }, { fetch });
    expect(outcome).toEqual({ kind: "success" });
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe("/api/newsletter");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({ email: "ada@example.com" });
  });

  it("reads success:false with the server's error text, also on an error status", async () => {
    expect(await submitForm(contact, {}, { fetch: answer('{"success":false,"error":"Too many requests, try again in a minute."}', 429) })).toEqual({
      kind: "failed",
      error: "Too many requests, try again in a minute.",
    });
  });

  it("treats a failed request and an answer that is not JSON as a network failure", async () => {
    const offline = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await submitForm(contact, {}, { fetch: offline })).toEqual({ kind: "network" });
    expect(await submitForm(contact, {}, { fetch: answer("<html>502 Bad Gateway</html>", 502) })).toEqual({ kind: "network" });
  });

  it("keeps the submitting state for the form's minimum time (careers: 1200 ms)", async () => {
    expect(careers.minSubmitMs).toBe(1200);
    let clock = 0;
    const waits: number[] = [];
    const fetch = async () => {
      clock += 300; // the server took 300 ms
      return new Response('{"success":true}');
    };
    await submitForm(careers, {}, { fetch, now: () => clock, wait: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([900]);
    waits.length = 0;
    await submitForm(contact, {}, { fetch, now: () => clock, wait: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([]);
  });
});

describe("readAnswer", () => {
  it("needs success to be exactly true", () => {
    expect(readAnswer({ success: true })).toEqual({ kind: "success" });
    expect(readAnswer({ success: "true" })).toEqual({ kind: "failed" });
    expect(readAnswer(null)).toEqual({ kind: "failed" });
    expect(readAnswer([])).toEqual({ kind: "failed" });
  });

  it("ignores an empty error text and keeps per-field messages that are text", () => {
    expect(readAnswer({ success: false, error: "  " })).toEqual({ kind: "failed" });
    expect(readAnswer({ success: false, error: "Invalid input", fields: { email: "Please enter a valid email address", name: 3 } })).toEqual({
      kind: "failed",
      error: "Invalid input",
      fields: { email: "Please enter a valid email address" },
    });
  });
});

describe("noticeFor: the spec's error catalogue", () => {
  it.each([
    ["newsletter", { kind: "success" } as const, "success", "Subscribed!", "Thank you for subscribing to our newsletter."],
    ["newsletter", { kind: "failed" } as const, "error", "Error", "Subscription failed."],
    ["newsletter", { kind: "failed", error: "Already on the list" } as const, "error", "Error", "Already on the list"],
    ["newsletter", { kind: "network" } as const, "error", "Network Error", "Could not subscribe. Please try again later."],
    ["contact", { kind: "success" } as const, "success", "Message Sent!", "Thank you for your message. We'll get back to you within 24 hours."],
    ["contact", { kind: "failed" } as const, "error", "Error", "Something went wrong."],
    ["contact", { kind: "network" } as const, "error", "Network Error", "Could not send message. Please try again later."],
    ["careers", { kind: "success" } as const, "success", "Application Submitted", "Thank you for applying! We will contact you soon."],
  ])("%s, %o → %s %s / %s", (id, outcome, type, title, description) => {
    expect(noticeFor(form(id), outcome)).toEqual({ type, title, description });
  });

  it("names a missing required field with the form's own text, before any other problem", () => {
    expect(invalidNotice(newsletter, { email: "  " }, ["Please enter your email."])).toEqual({ type: "error", title: "Validation Error", description: "Please enter your email." });
    expect(invalidNotice(contact, { name: "", email: "priya@", message: "Hi", consent: true }, ["Please enter a valid email address", "Please fill in all required fields."]).description).toBe("Please fill in all required fields.");
    expect(invalidNotice(contact, { name: "Priya", email: "priya@", message: "Hi", consent: true }, ["Please enter a valid email address"]).description).toBe("Please enter a valid email address");
    // The consent box left unticked is a blank required field: the form's own text.
    expect(invalidNotice(contact, { name: "Priya", email: "priya@", message: "Hi", consent: false }, ["Please enter a valid email address", "Please fill in all required fields."]).description).toBe("Please fill in all required fields.");
  });

  it("decides by the values, not by the messages' wording", () => {
    // A field message that happens to read like the form's text is not a blank required field.
    expect(invalidNotice(contact, { name: "Priya", email: "priya@", message: "Hi", consent: true }, ["Nope", "Please fill in all required fields."]).description).toBe("Nope");
  });
});

describe("prefillValues", () => {
  const rules = [{ field: "position", param: "position", values: { "wordpress-developer": "WordPress Developer" } }];

  it("fills the position with the title of the job the URL names", () => {
    expect(prefillValues(rules, new URLSearchParams("position=wordpress-developer"), careers)).toEqual({ position: "WordPress Developer" });
  });

  it("ignores unknown ids, prototype keys, missing parameters and unknown fields", () => {
    expect(prefillValues(rules, new URLSearchParams("position=astronaut"), careers)).toEqual({});
    expect(prefillValues(rules, new URLSearchParams("position=__proto__"), careers)).toEqual({});
    expect(prefillValues(rules, new URLSearchParams(""), careers)).toEqual({});
    expect(prefillValues([{ field: "salary", param: "salary" }], new URLSearchParams("salary=1"), careers)).toEqual({});
  });

  it("takes free text only when it fits the field", () => {
    const free = [{ field: "position", param: "role" }];
    expect(prefillValues(free, new URLSearchParams("role=%20Designer%20"), careers)).toEqual({ position: "Designer" });
    expect(prefillValues(free, new URLSearchParams(`role=${"x".repeat(121)}`), careers)).toEqual({});
    expect(prefillValues(free, new URLSearchParams("role=a%0Ab"), careers)).toEqual({});
  });

  it("only offers a select the values it lists", () => {
    const rule = [{ field: "service", param: "service" }];
    expect(prefillValues(rule, new URLSearchParams("service=Other"), contact)).toEqual({ service: "Other" });
    expect(prefillValues(rule, new URLSearchParams("service=Plumbing"), contact)).toEqual({});
  });
});

describe("fullWidth", () => {
  it("gives long text the whole row, and the odd one out of a run of short fields", () => {
    // contact: name, email, phone, company, service | message | consent
    expect(fullWidth(contact.fields)).toEqual([false, false, false, false, true, true, true]);
    // careers: name, email, position, cv | message | consent
    expect(fullWidth(careers.fields)).toEqual([false, false, false, false, true, true]);
    expect(fullWidth([{ type: "text" }, { type: "textarea" }, { type: "text" }, { type: "email" }])).toEqual([true, true, false, false]);
  });
});
