/**
 * One function turns a form definition into the zod schema of its submitted values.
 * The browser (react-hook-form + zodResolver) and the server validate with it, so they
 * can never disagree about what is acceptable.
 */
import { z } from "zod";
import type { ResolvedForm } from "../../schemas/forms.ts";

import { HONEYPOT } from "./honeypot.ts";

export { HONEYPOT };

// Control characters other than tab and line breaks have no place in a form value.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function valuesSchema(form: ResolvedForm, messages = { required: form.notices.invalid.description }) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of form.fields) {
    let value = z
      // A missing required field reads like an empty one; a number or an object is not text.
      .string({ error: (issue) => (issue.input === undefined && field.required ? messages.required : `${field.label} must be text`) })
      .trim()
      .max(field.maxLength, { error: `${field.label} must be at most ${field.maxLength} characters` })
      .refine((v) => !CONTROL.test(v), { error: `${field.label} contains characters that are not allowed` })
      .refine((v) => field.type === "textarea" || !/[\r\n]/.test(v), { error: `${field.label} must be on one line` });
    if (field.type === "email") {
      value = value.refine((v) => v === "" || z.email().safeParse(v).success, { error: "Please enter a valid email address" });
    }
    if (field.options) {
      const options = field.options;
      value = value.refine((v) => v === "" || options.includes(v), { error: `Choose one of the listed options for ${field.label}` });
    }
    shape[field.name] = field.required ? value.refine((v) => v.length > 0, { error: messages.required }) : value.optional().default("");
  }
  shape[HONEYPOT] = z.string().max(200).optional();
  return z.strictObject(shape);
}

export type FormValues = Record<string, string>;

/** The answer every form endpoint gives (spec §7: success, error). */
export interface FormAnswer {
  success: boolean;
  error?: string;
  /** Per-field messages when validation failed. */
  fields?: Record<string, string>;
}
