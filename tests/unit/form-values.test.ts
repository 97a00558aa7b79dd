/**
 * The one values schema the browser and the server validate with, and the resolution of
 * collection-backed options, over the real form definitions in content.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { collectionFileSchema, type Collections } from "../../schemas/collections/index.ts";
import type { FormDefinition } from "../../schemas/forms.ts";
import site from "../../src/page/site-settings.ts";
import { resolveForm } from "../../src/forms/resolve.ts";
import { notificationFor } from "../../server/notify/messages.ts";
import { validationAnswer } from "../../server/plugins/forms.ts";
import { fieldErrorCode, HONEYPOT, valuesSchema } from "../../src/forms/values.ts";

const read = <N extends "forms" | "services">(name: N) =>
  collectionFileSchema(name).parse(JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../content/collections/${name}.json`), "utf8"))).items;
const services = read("services");
const definitions = read("forms");
const collections = { services, forms: definitions } as unknown as Collections;
const form = (id: string) => resolveForm(definitions.find((f) => f.id === id)!, collections, site);

describe("resolveForm", () => {
  test("the contact form's service options are every service title, then Other", () => {
    const service = form("contact").fields.find((f) => f.name === "service")!;
    expect(service.options).toEqual([...services.map((s) => s.title), "Other"]);
  });

  test("plain option lists and fields without options are left as they are", () => {
    const definition: FormDefinition = {
      ...definitions[0]!,
      fields: [
        { name: "size", label: "Size", type: "select", required: false, maxLength: 10, options: ["S", "M"] },
        { name: "note", label: "Note", type: "text", required: false, maxLength: 10 },
      ],
    };
    const resolved = resolveForm(definition, collections, site);
    expect(resolved.fields).toEqual([definition.fields[0], { name: "note", label: "Note", type: "text", required: false, maxLength: 10 }]);
    expect(resolved.fields[1]).not.toHaveProperty("options");
  });

  test("the resolved form is plain JSON (it is written to build/forms.json)", () => {
    const contact = form("contact");
    expect(JSON.parse(JSON.stringify(contact))).toEqual(contact);
  });
});

describe("valuesSchema", () => {
  const contact = valuesSchema(form("contact"));
  const newsletter = valuesSchema(form("newsletter"));
  const careers = valuesSchema(form("careers"));
  const ok = { name: "Priya", email: "priya@example.com", message: "Hello", consent: "yes" };
  const errorsOf = (result: ReturnType<typeof contact.safeParse>) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0] ?? ""), i.message]));

  test("trims every value and fills optional fields left out with empty text", () => {
    expect(contact.parse({ name: "  Priya ", email: " priya@example.com ", message: " Hi \n", consent: "on" })).toEqual({
      name: "Priya",
      email: "priya@example.com",
      phone: "",
      company: "",
      service: "",
      message: "Hi",
      consent: "yes",
    });
  });

  test("a missing or blank required field gets the form's own message (spec: Validation Error)", () => {
    expect(errorsOf(contact.safeParse({}))).toEqual({
      name: "Please fill in all required fields.",
      email: "Please fill in all required fields.",
      message: "Please fill in all required fields.",
      consent: "Please fill in all required fields.",
    });
    expect(errorsOf(newsletter.safeParse({ email: "   " }))).toEqual({ email: "Please enter your email." });
    expect(errorsOf(careers.safeParse({ name: "A", email: "a@example.com", consent: "yes" }))).toEqual({ position: "Please fill in all required fields." });
    // The consent box left unticked is a required field like the others: the same notice.
    expect(errorsOf(contact.safeParse({ name: "A", email: "a@example.com", message: "Hi" }))).toEqual({ consent: "Please fill in all required fields." });
    expect(errorsOf(careers.safeParse({ name: "A", email: "a@example.com", position: "Tester", consent: false }))).toEqual({ consent: "Please fill in all required fields." });
  });

  test("careers: the message is optional", () => {
    expect(careers.safeParse({ name: "A", email: "a@example.com", position: "Content Writer (Tech)", consent: "yes" }).success).toBe(true);
  });

  test("limits come from the form definition", () => {
    expect(contact.safeParse({ ...ok, message: "m".repeat(5000) }).success).toBe(true);
    expect(errorsOf(contact.safeParse({ ...ok, message: "m".repeat(5001) }))).toEqual({ message: "Message must be at most 5000 characters" });
    expect(errorsOf(contact.safeParse({ ...ok, phone: "1".repeat(41) }))).toEqual({ phone: "Phone Number must be at most 40 characters" });
  });

  test("line breaks a browser posts as CR LF are counted and kept as LF, as its textarea counts them", () => {
    const message = `${"m".repeat(2499)}\n${"m".repeat(2500)}`; // 5000 characters, the textarea's maxlength
    const posted = contact.safeParse({ ...ok, message: message.replace("\n", "\r\n") });
    expect(posted.success && posted.data.message).toBe(message);
  });

  test("an email must look like one; an optional empty one is fine", () => {
    expect(errorsOf(newsletter.safeParse({ email: "nobody" }))).toEqual({ email: "Please enter a valid email address" });
    expect(newsletter.safeParse({ email: "reader+news@example.co.in" }).success).toBe(true);
  });

  test("tabs and line breaks only in a textarea; other control characters nowhere", () => {
    expect(contact.safeParse({ ...ok, message: "Line one\r\nLine two\tindented\u2028and a separator" }).success).toBe(true);
    expect(errorsOf(contact.safeParse({ ...ok, name: "Pri\nya" }))).toEqual({ name: "Full Name must be on one line, without tabs" });
    expect(errorsOf(contact.safeParse({ ...ok, message: "beep\u0007" }))).toEqual({ message: "Message contains characters that are not allowed" });
  });

  test.each([
    ["tab", "\t"],
    ["vertical tab", "\u000b"],
    ["form feed", "\u000c"],
    ["next line (U+0085)", "\u0085"],
    ["line separator (U+2028)", "\u2028"],
    ["paragraph separator (U+2029)", "\u2029"],
    ["right-to-left override (U+202E)", "\u202e"],
    ["first strong isolate (U+2068)", "\u2068"],
  ])("a one-line field refuses a %s inside its text", (_name, character) => {
    expect(errorsOf(careers.safeParse({ name: "A", email: "a@example.com", position: `Frontend${character}Developer`, consent: "yes" }))).toEqual({ position: "Position must be on one line, without tabs" });
    expect(errorsOf(contact.safeParse({ ...ok, email: `priya${character}@example.com` }))).toEqual({ email: "Email Address must be on one line, without tabs" });
  });

  test("C1 controls and lone surrogates are refused everywhere; real text of any script is kept", () => {
    expect(errorsOf(contact.safeParse({ ...ok, message: "a\u0080b" }))).toEqual({ message: "Message contains characters that are not allowed" });
    expect(errorsOf(contact.safeParse({ ...ok, company: "x\ud800y" }))).toEqual({ company: "Company contains characters that are not allowed" });
    const text = { ...ok, name: "प्रिया शर्मा", company: "Ünïcødé 😀 株式会社\u00a0Ltd", message: "नमस्ते\u200d" };
    expect(contact.safeParse(text).success).toBe(true);
  });

  test("a select accepts only its options", () => {
    expect(contact.safeParse({ ...ok, service: "Other" }).success).toBe(true);
    expect(contact.safeParse({ ...ok, service: services[0]!.title }).success).toBe(true);
    expect(errorsOf(contact.safeParse({ ...ok, service: "Something else" }))).toEqual({ service: "Choose one of the listed options for Service Interested In" });
  });

  test("values must be text", () => {
    expect(errorsOf(contact.safeParse({ ...ok, phone: 12345 }))).toEqual({ phone: "Phone Number must be text" });
    expect(errorsOf(contact.safeParse({ ...ok, name: null }))).toEqual({ name: "Full Name must be text" });
  });

  test("unknown keys are refused; the honeypot is the one extra key allowed", () => {
    expect(contact.safeParse({ ...ok, admin: "1" }).error?.issues[0]?.code).toBe("unrecognized_keys");
    expect(contact.safeParse({ ...ok, [HONEYPOT]: "" }).success).toBe(true);
  });
});

describe("error codes: what code branches on", () => {
  const contact = form("contact");
  const ok = { name: "Priya", email: "priya@example.com", message: "Hello", consent: "yes" };
  const codesOf = (values: Record<string, unknown>) =>
    Object.fromEntries((valuesSchema(contact).safeParse(values).error?.issues ?? []).map((i) => [String(i.path[0] ?? i.code), fieldErrorCode(i)]));

  test("each kind of problem has its field code", () => {
    expect(codesOf({ email: "priya@", phone: 42, company: "c".repeat(201), service: "Nope", message: "Hi", consent: "yes" })).toEqual({
      name: "FieldRequired",
      email: "FieldInvalidEmail",
      phone: "FieldNotText",
      company: "FieldTooLong",
      service: "FieldNotAnOption",
    });
    expect(codesOf({ ...ok, name: "Pri\nya", message: "\u0007" })).toEqual({ name: "FieldNotOneLine", message: "FieldNotAllowedCharacters" });
    expect(codesOf({ ...ok, admin: "1" })).toEqual({ unrecognized_keys: "FieldUnknown" });
  });

  test("the answer's code comes from the field codes, never from comparing texts", () => {
    // A form whose "required" text reads exactly like another message.
    const lookalike = { ...contact, notices: { ...contact.notices, invalid: { ...contact.notices.invalid, description: "Please enter a valid email address" } } };
    const answer = (values: Record<string, unknown>) => validationAnswer(lookalike, valuesSchema(lookalike).safeParse(values).error!);
    expect(answer({ ...ok, email: "priya@" })).toMatchObject({ code: "FormInvalidValues", error: "Please enter a valid email address" });
    expect(answer({ ...ok, name: "" })).toMatchObject({ code: "FormRequiredMissing", fields: { name: "Please enter a valid email address" } });
    expect(answer({ ...ok, cv: "x" })).toMatchObject({ code: "FormUnknownFields", error: 'Unknown field: "cv"' });
  });
});

describe("one-line values and the notification's header check agree", () => {
  test("a subject (or a Reply-To name) taken from a textarea has its lines joined by spaces, and is written", () => {
    const careers = form("careers");
    const withMessage = { ...careers, notify: { subject: "Application: {message}" }, fields: careers.fields.map((f) => (f.name === "name" ? { ...f, type: "textarea" as const } : f)) };
    const values = { name: "Arjun\nMehta", email: "a@example.com", position: "Tester", message: "Five years of React;\r\n\tportfolio attached" };
    const mail = notificationFor(withMessage, values, { name: "Arcbyte Technologies", email: "hello@arcbyte.in" });
    expect(mail.subject).toBe("Application: Five years of React; portfolio attached");
    expect(mail.replyTo).toEqual({ name: "Arjun Mehta", address: "a@example.com" });
  });

  // A value the form accepts must never be refused later by the e-mail's header check (a tab
  // did: the submission was answered 500 and lost). Every BMP character, inside a name and a position.
  test("every character a one-line field accepts is one a header may hold", () => {
    const careers = form("careers");
    const schema = valuesSchema(careers);
    const agency = { name: "Arcbyte Technologies", email: "hello@arcbyte.in" };
    const refusedLater: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      const parsed = schema.safeParse({ name: `A${c}B`, email: "a@example.com", position: `P${c}Q`, consent: "yes" });
      if (!parsed.success) continue;
      try {
        notificationFor(careers, parsed.data as Record<string, string>, agency);
      } catch {
        refusedLater.push(`U+${code.toString(16).toUpperCase().padStart(4, "0")}`);
      }
    }
    expect(refusedLater).toEqual([]);
  });
});
