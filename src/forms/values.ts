/**
 * One function turns a form definition into the zod schema of its submitted values.
 * The browser (react-hook-form + zodResolver) and the server validate with it, so they
 * can never disagree about what is acceptable.
 */
import { z } from "zod";
import type { ResolvedForm } from "../../schemas/forms.ts";
import type { ErrorCode } from "../errors/catalogue.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { NOT_ALLOWED, NOT_ONE_LINE } from "../../schemas/form-text.ts";
import { type FieldErrorCode, FieldErrors } from "./field-errors.ts";

export { HONEYPOT };

const withCode = (code: FieldErrorCode, error: string, abort = false) => ({ error, params: { code }, abort });

export function valuesSchema(form: ResolvedForm, messages = { required: form.notices.invalid.description }) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of form.fields) {
    let value = z
      // A number or an object is not text (FieldNotText); a missing field reads like an empty one.
      .string({ error: FieldErrors.NotText.message(field.label) })
      // A browser posting the form itself sends a textarea's line breaks as CR LF; its
      // maxlength and the form's script count them as one LF: stored and counted as LF.
      .overwrite((v) => v.replace(/\r\n?/g, "\n"))
      .trim()
      .max(field.maxLength, { error: FieldErrors.TooLong.message(field.label, field.maxLength) });
    // One problem a field: a refused character says so, not also "not an address".
    if (field.type !== "textarea") {
      value = value.refine((v) => !NOT_ONE_LINE.test(v), withCode(FieldErrors.NotOneLine.code, FieldErrors.NotOneLine.message(field.label), true));
    }
    value = value.refine((v) => !NOT_ALLOWED.test(v), withCode(FieldErrors.NotAllowedCharacters.code, FieldErrors.NotAllowedCharacters.message(field.label), true));
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

/** A refusal of the form API: a Form* entry of the catalogue (src/errors/catalogue.ts). */
export type FormErrorCode = Extract<ErrorCode, `Form${string}`>;

/** The answer every form endpoint gives (spec §7: success, error), with a stable code when it failed. */
export interface FormAnswer {
  success: boolean;
  /** Set on every failure: what code branches on. */
  code?: FormErrorCode;
  error?: string;
  /** Per-field messages when validation failed. */
  fields?: Record<string, string>;
}
