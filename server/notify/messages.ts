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
import type { FileRef } from "../storage/database.ts";

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
  /** Files sent with the submission, attached when the sender sends (their bytes stay in the database, not in the outbox). */
  attachments?: MailAttachment[];
}

/** A stored file to attach: the outbox loads its bytes by id when it sends. */
export interface MailAttachment {
  fileId: string;
  filename: string;
  contentType: string;
}

/**
 * Files are attached while all of them together stay within 5 MB (every SMTP server takes a
 * 7 MB message: 5 MB grows by a third in base64); any other is named with the command that
 * writes it out. A file field takes at most 5 MB, so one CV is always attached.
 */
export const ATTACH_UP_TO_BYTES = 5 * 1024 * 1024;

/** The command that writes a stored file out (scripts/submissions.ts). */
export const downloadCommand = (fileId: string) => `npm run submissions -- file ${fileId}`;

/** Who receives notifications, from the site settings at build time (build/forms.json). */
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
 * A field's value for a header. A textarea's line breaks and tabs become a space; a checkbox
 * group's ticks, stored one a line, are listed on one ("Website, SEO"); any other field's
 * value is one line already (the values schema), so a line break there is left for the header
 * check to refuse.
 */
const headerValue = (form: ResolvedForm, values: Record<string, string>, name: string) => {
  const value = values[name] ?? "";
  const type = form.fields.find((f) => f.name === name)?.type;
  if (type === "textarea") return value.replace(/\s*[\t\r\n]\s*/g, " ");
  return type === "checkboxes" ? value.split(CHOICE_SEPARATOR).join(", ") : value;
};

/** The subject with every {field} replaced by its value, in one pass (a value's own braces stay as typed). */
const subjectOf = (form: ResolvedForm, template: string, values: Record<string, string>) =>
  template.replace(PLACEHOLDER, (_, name: string) => headerValue(form, values, name));

/**
 * @param locale the language of the page it was sent from, on a site of several: the
 *   notification names it, so the agency answers in the visitor's language
 */
export function notificationFor(form: ResolvedForm, values: Record<string, string>, agency: Agency, files: readonly FileRef[] = [], locale?: { code: string; name: string }): MailMessage {
  if (!form.notify) throw new Error(`The ${form.id} form sends no notification.`);
  const attached = new Set<string>();
  let bytes = 0;
  for (const file of files) {
    if (bytes + file.size > ATTACH_UP_TO_BYTES) continue;
    attached.add(file.id);
    bytes += file.size;
  }
  const lines = form.fields.map((field) => {
    const label = plainLabel(field.label);
    if (field.type === "checkbox") return `${label}: ${values[field.name] === TICKED ? "Yes" : "No"}`;
    if (field.type === "file") {
      const file = files.find((f) => f.field === field.name);
      if (!file) return `${label}: (not given)`;
      const kB = Math.ceil(file.size / 1024);
      return `${label}: ${file.name} (${kB} kB), ${attached.has(file.id) ? "attached" : "not attached (too large for e-mail)"}; ${downloadCommand(file.id)}`;
    }
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
    text: `${lines.join("\n")}\nSent from the ${form.id} form of the website${locale ? `, in ${locale.name} (${locale.code})` : ""}.${answer}\n`,
    ...(attached.size > 0 && {
      attachments: files.filter((f) => attached.has(f.id)).map((f) => ({ fileId: f.id, filename: f.name, contentType: f.media_type })),
    }),
  };
}
