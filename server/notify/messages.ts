/**
 * The notification email for a stored submission. Addresses are structured objects, never
 * strings built from user input: a string like `a@x.com, victim@y.com` would deliver to both,
 * and a CR/LF could add headers. Anything that ends up in a header is refused if it holds
 * a line break or another control character.
 */
import type { ResolvedForm } from "../../schemas/forms.ts";
import type { StoreKind } from "../storage/submissions.ts";

export interface Address {
  name: string;
  address: string;
}

export interface MailMessage {
  from: Address;
  to: Address;
  replyTo: Address;
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

function headerSafe(header: string, value: string): string {
  if (HEADER_UNSAFE.test(value)) throw new UnsafeHeaderValue(header);
  return value;
}

function address(header: string, { name, address }: Address): Address {
  return { name: headerSafe(`${header} name`, name), address: headerSafe(`${header} address`, address) };
}

const subjects: Partial<Record<StoreKind, (v: Record<string, string>) => string>> = {
  contact: (v) => `Website enquiry from ${v.name}`,
  careers: (v) => `Job application: ${v.position} (${v.name})`,
};

/** Enquiries and applications notify the agency; the newsletter does not. */
export const notifies = (kind: StoreKind) => subjects[kind] !== undefined;

export function notificationFor(kind: StoreKind, form: ResolvedForm, values: Record<string, string>, agency: Agency): MailMessage {
  const subject = subjects[kind];
  if (!subject) throw new Error(`The ${kind} form sends no notification.`);
  const lines = form.fields.map((field) => {
    const value = values[field.name] || "(not given)";
    return field.type === "textarea" ? `${field.label}:\n${value}\n` : `${field.label}: ${value}`;
  });
  return {
    from: address("From", { name: `${agency.name} website`, address: agency.email }),
    to: address("To", { name: agency.name, address: agency.email }),
    replyTo: address("Reply-To", { name: values.name ?? "", address: values.email ?? "" }),
    subject: headerSafe("Subject", subject(values)),
    text: `${lines.join("\n")}\nSent from the ${form.id} form of the website. Reply to this email to answer ${values.name}.\n`,
  };
}
