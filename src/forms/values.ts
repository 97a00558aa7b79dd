/**
 * One function turns a form definition into the zod schema of its submitted values.
 * The browser (react-hook-form + zodResolver) and the server validate with it, so they
 * can never disagree about what is acceptable.
 */
import { z } from "zod";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { type FieldErrorCode, FieldErrors, type FormErrorCode } from "./errors.ts";

import { HONEYPOT } from "./honeypot.ts";

export { HONEYPOT };

// Control characters other than tab and line breaks have no place in a form value.
const NOT_ALLOWED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const NOT_ONE_LINE = /[\r\n]/;

const withCode = (code: FieldErrorCode, error: string) => ({ error, params: { code } });

export function valuesSchema(form: ResolvedForm, messages = { required: form.notices.invalid.description }) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of form.fields) {
    let value = z
      // A number or an object is not text (FieldNotText); a missing field reads like an empty one.
      .string({ error: FieldErrors.NotText.message(field.label) })
      .trim()
      .max(field.maxLength, { error: FieldErrors.TooLong.message(field.label, field.maxLength) });
    value = value.refine((v) => !NOT_ALLOWED.test(v), withCode(FieldErrors.NotAllowedCharacters.code, FieldErrors.NotAllowedCharacters.message(field.label)));
    if (field.type !== "textarea") {
      value = value.refine((v) => !NOT_ONE_LINE.test(v), withCode(FieldErrors.NotOneLine.code, FieldErrors.NotOneLine.message(field.label)));
    }
    if (field.type === "email") {
      value = value.refine((v) => v === "" || z.email().safeParse(v).success, withCode(FieldErrors.InvalidEmail.code, FieldErrors.InvalidEmail.message()));
    }
    if (field.options) {
      const options = field.options;
      value = value.refine((v) => v === "" || options.includes(v), withCode(FieldErrors.NotAnOption.code, FieldErrors.NotAnOption.message(field.label)));
    }
    if (field.required) value = value.refine((v) => v.length > 0, withCode(FieldErrors.Required.code, messages.required));
    shape[field.name] = z.preprocess((v) => (v === undefined ? "" : v), value);
  }
  shape[HONEYPOT] = z.string().max(200).optional();
  return z.strictObject(shape);
}

/** The code of one issue of `valuesSchema` (its message is for people, this for code). */
export function fieldErrorCode(issue: z.core.$ZodIssue): FieldErrorCode {
  if (issue.code === "unrecognized_keys") return FieldErrors.Unknown.code;
  if (issue.code === "too_big") return FieldErrors.TooLong.code;
  if (issue.code === "custom") return (issue.params as { code?: FieldErrorCode } | undefined)?.code ?? FieldErrors.NotAllowedCharacters.code;
  return FieldErrors.NotText.code;
}

export type FormValues = Record<string, string>;

/** The answer every form endpoint gives (spec §7: success, error), with a stable code when it failed. */
export interface FormAnswer {
  success: boolean;
  /** Set on every failure (src/forms/errors.ts): what code branches on. */
  code?: FormErrorCode;
  error?: string;
  /** Per-field messages when validation failed. */
  fields?: Record<string, string>;
}
