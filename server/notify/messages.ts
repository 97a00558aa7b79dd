/**
 * The notification email for a stored submission. Addresses are structured objects, never
 * strings built from user input: a string like `a@x.com, victim@y.com` would deliver to both,
 * and a CR/LF could add headers. Anything that ends up in a header is refused if it holds
 * a line break or another control character.
 */
import { plainLabel } from "../../schemas/form-label.ts";
import { CHOICE_SEPARATOR, TICKED } from "../../schemas/form-text.ts";
import { longDate } from "../../schemas/form-date.ts";
import { emailField, PLACEHOLDER, type ResolvedForm } from "../../schemas/forms.ts";

export interface Address {
  name: string;
  address: string;
}

export interface MailMessage {
  from: Address;
  to: Address;
  /** The submitter, when the form has an email field and it was filled in. */
  replyTo?: Address;
  subject: string;
  text: string;
}

/** Who receives notifications, from site.config.ts at build time (build/forms.json). */
export interface Agency {
  name: string;
  email: string;
}

const HEADER_UNSAFE = /[\u0000-\u001F\u007F]/;

export class UnsafeHeaderValue extends Error {
  constructor(readonly header: string) {
    super(`The ${header} of a notification would contain a line break or control character; it was not written.`);
    this.name = "UnsafeHeaderValue";
  }
}

export function headerSafe(header: string, value: string): string {
  if (HEADER_UNSAFE.test(value)) throw new UnsafeHeaderValue(header);
  return value;
}

/** An address for a header, refused if its name or address holds a line break or control character. */
export function addressOf(header: string, { name, address }: Address): Address {
  return { name: headerSafe(`${header} name`, name), address: headerSafe(`${header} address`, address) };
}

/** A form notifies the agency when its content says so (`notify`); the newsletter does not. */
export const notifies = (form: ResolvedForm) => form.notify !== undefined;

/**
 * A field's value for a header. A textarea's line breaks and tabs become a space; any other
 * field's value is one line already (the values schema), so a line break there is left for
 * the header check to refuse.
 */
const headerValue = (form: ResolvedForm, values: Record<string, string>, name: string) => {
  const value = values[name] ?? "";
  return form.fields.some((f) => f.name === name && f.type === "textarea") ? value.replace(/\s*[\t\r\n]\s*/g, " ") : value;
};

/** The subject with every {field} replaced by its value, in one pass (a value's own braces stay as typed). */
const subjectOf = (form: ResolvedForm, template: string, values: Record<string, string>) =>
  template.replace(PLACEHOLDER, (_, name: string) => headerValue(form, values, name));

export function notificationFor(form: ResolvedForm, values: Record<string, string>, agency: Agency): MailMessage {
  if (!form.notify) throw new Error(`The ${form.id} form sends no notification.`);
  const lines = form.fields.map((field) => {
    const label = plainLabel(field.label);
    if (field.type === "checkbox") return `${label}: ${values[field.name] === TICKED ? "Yes" : "No"}`;
    if (field.type === "checkboxes" && values[field.name]) return `${label}:\n${values[field.name]!.split(CHOICE_SEPARATOR).map((c) => `- ${c}`).join("\n")}\n`;
    if (field.type === "date" && values[field.name]) return `${label}: ${longDate(values[field.name]!)} (${values[field.name]})`;
    const value = values[field.name] || "(not given)";
    return field.type === "textarea" ? `${label}:\n${value}\n` : `${label}: ${value}`;
  });
  const address = emailField(form);
  const replyTo = address && values[address] ? { name: headerValue(form, values, "name"), address: values[address] } : undefined;
  const answer = replyTo ? ` Reply to this email to answer ${replyTo.name || replyTo.address}.` : "";
  return {
    from: addressOf("From", { name: `${agency.name} website`, address: agency.email }),
    to: addressOf("To", { name: agency.name, address: agency.email }),
    ...(replyTo && { replyTo: addressOf("Reply-To", replyTo) }),
    subject: headerSafe("Subject", subjectOf(form, form.notify.subject, values)),
    text: `${lines.join("\n")}\nSent from the ${form.id} form of the website.${answer}\n`,
  };
}
