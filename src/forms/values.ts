/**
 * One function turns a form definition into the zod schema of its submitted values.
 * The browser (react-hook-form + zodResolver) and the server validate with it, so they
 * can never disagree about what is acceptable.
 */
import { z } from "zod";
import type { ResolvedForm } from "../../schemas/forms.ts";
import type { ErrorCode } from "../errors/catalogue.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { plainLabel } from "../../schemas/form-label.ts";
import { dayOf, isRealDate } from "../../schemas/form-date.ts";
import { CHOICE_SEPARATOR, DECIMAL, isWebAddress, NOT_ALLOWED, NOT_ONE_LINE, NUMBER_LENGTH, TICKED } from "../../schemas/form-text.ts";
import { fileLimits } from "../../schemas/form-files.ts";
import { type FieldErrorCode, FieldErrors, fieldErrors } from "./field-errors.ts";
import { SOURCE_FORM_TEXTS, type FormTexts } from "../page/form-strings.ts";
import { SentFile } from "./file-kind.ts";

export { HONEYPOT };

type FieldErrorTexts = ReturnType<typeof fieldErrors>;

const withCode = (code: FieldErrorCode, error: string, abort = false) => ({ error, params: { code }, abort });

type Field = ResolvedForm["fields"][number];

/**
 * What a ticked box is sent as: the form's own value ("yes"), a browser's default ("on"),
 * JSON's true. Unticked: false, "", or nothing at all (a browser leaves it out).
 */
const TICKED_AS: readonly unknown[] = [TICKED, "on", true];
const UNTICKED_AS: readonly unknown[] = ["", false];

/** A checkbox: "yes" when ticked, "" when not; a required one must be ticked (a consent box). */
function checkboxValue(field: Field, label: string, required: string, errors: FieldErrorTexts): z.ZodType {
  const value = z.unknown().transform((v, ctx) => {
    const sent = typeof v === "string" ? v.trim() : v;
    if (TICKED_AS.includes(sent)) return TICKED;
    if (UNTICKED_AS.includes(sent)) return "";
    ctx.addIssue({ code: "custom", message: errors.NotACheckbox.message(label), params: { code: errors.NotACheckbox.code } });
    return z.NEVER;
  });
  return field.required ? value.refine((v) => v === TICKED, withCode(errors.Required.code, required)) : value;
}

/** Refuses a value with its field error's code (what a transform reports). */
function issue(ctx: z.RefinementCtx, code: FieldErrorCode, message: string) {
  ctx.addIssue({ code: "custom", message, params: { code } });
  return z.NEVER;
}

/**
 * A number field: its value as the browser's input sends it (text) or a JSON number, stored as
 * the number's shortest text ("007" → "7", "1.50" → "1.5"), "" when left empty. Within min and
 * max, on a step from min (or 0) when the field has one.
 */
function numberValue(field: Field, label: string, required: string, errors: FieldErrorTexts): z.ZodType {
  const { step } = field;
  const [min, max] = [field.min, field.max].map((b) => (typeof b === "number" ? b : undefined));
  return z.unknown().transform((v, ctx) => {
    const sent = typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : undefined;
    if (sent === undefined) return issue(ctx, errors.NotANumber.code, errors.NotANumber.message(label));
    if (sent === "") return field.required ? issue(ctx, errors.Required.code, required) : "";
    if (sent.length > NUMBER_LENGTH || !DECIMAL.test(sent)) return issue(ctx, errors.NotANumber.code, errors.NotANumber.message(label));
    const n = Number(sent);
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) return issue(ctx, errors.OutOfRange.code, errors.OutOfRange.message(label, min, max));
    if (step !== undefined) {
      const base = min ?? 0;
      const steps = (n - base) / step;
      // Decimal steps are inexact in binary (0.1 * 3): a hair off a whole step is on it.
      if (Math.abs(steps - Math.round(steps)) > 1e-9 * Math.max(1, Math.abs(steps))) return issue(ctx, errors.NotOnStep.code, errors.NotOnStep.message(label, step, base));
    }
    return String(n);
  });
}

/**
 * A file field: a SentFile (made by the browser from the chosen file, by the server from the
 * part that arrived; never read from a request) or nothing ("" or left out). Stored as the
 * file's name, "" without one; the file itself is stored beside the submission.
 */
function fileValue(field: Field, label: string, required: string, errors: FieldErrorTexts): z.ZodType {
  const { kinds, maxBytes, maxSizeMB } = fileLimits(field);
  return z.unknown().transform((v, ctx) => {
    if (v === "" || v === undefined) return field.required ? issue(ctx, errors.Required.code, required) : "";
    if (!(v instanceof SentFile)) return issue(ctx, errors.NotAFile.code, errors.NotAFile.message(label));
    if (v.size === 0) return issue(ctx, errors.FileEmpty.code, errors.FileEmpty.message(label));
    if (v.size > maxBytes) return issue(ctx, errors.FileTooLarge.code, errors.FileTooLarge.message(label, maxSizeMB));
    if (!v.kind || !kinds.includes(v.kind)) return issue(ctx, errors.FileWrongKind.code, errors.FileWrongKind.message(label, kinds));
    return v.name;
  });
}

/**
 * A date field: a day as YYYY-MM-DD (what `<input type="date">` sends, stored so), "" when
 * left empty; from min to max, "today" read in the site's time zone when the value is checked.
 */
function dateValue(field: Field, label: string, required: string, errors: FieldErrorTexts): z.ZodType {
  // A form not resolved with the site (a test's) reads "today" in UTC.
  const timeZone = field.timeZone ?? "UTC";
  return z.unknown().transform((v, ctx) => {
    if (typeof v !== "string") return issue(ctx, errors.NotText.code, errors.NotText.message(label));
    const sent = v.trim();
    if (sent === "") return field.required ? issue(ctx, errors.Required.code, required) : "";
    if (!isRealDate(sent)) return issue(ctx, errors.NotADate.code, errors.NotADate.message(label));
    const [earliest, latest] = [field.min, field.max].map((b) => (typeof b === "string" ? dayOf(b, timeZone) : undefined));
    if ((earliest !== undefined && sent < earliest) || (latest !== undefined && sent > latest)) {
      return issue(ctx, errors.DateOutOfRange.code, errors.DateOutOfRange.message(label, earliest, latest));
    }
    return sent;
  });
}

/**
 * A radio group: one of its options, "" when none is chosen (left out, "", or null: what the
 * form's script holds for a group with no button checked). Anything else is not an option.
 */
function radioValue(field: Field, label: string, required: string, errors: FieldErrorTexts): z.ZodType {
  const options = field.options ?? [];
  return z.unknown().transform((v, ctx) => {
    if (v !== null && typeof v !== "string") return issue(ctx, errors.NotText.code, errors.NotText.message(label));
    const sent = (v ?? "").trim();
    if (sent === "") return field.required ? issue(ctx, errors.Required.code, required) : "";
    return options.includes(sent) ? sent : issue(ctx, errors.NotAnOption.code, errors.NotAnOption.message(label));
  });
}

/**
 * A checkbox group: the options ticked, stored as one text, an option a line, in the order of
 * the options ("" when none is). Sent as a list (JSON, or a browser's name repeated once per
 * box), as that text (the form's script sends what this schema gives), or none (left out, "",
 * [], false or null as the form's script holds an empty group). Between min and max of them when any is ticked; a required group
 * needs one.
 */
function checkboxesValue(field: Field, label: string, required: string, errors: FieldErrorTexts): z.ZodType {
  const options = field.options ?? [];
  const [min, max] = [field.min, field.max].map((b) => (typeof b === "number" ? b : undefined));
  return z.unknown().transform((v, ctx) => {
    // Text is the stored form, an option a line (what the form's script sends): no option holds a line break.
    const sent = v === null || v === false ? [] : typeof v === "string" ? v.split(CHOICE_SEPARATOR) : v;
    if (!Array.isArray(sent) || !sent.every((s) => typeof s === "string")) return issue(ctx, errors.NotText.code, errors.NotText.message(label));
    const chosen = new Set(sent.map((s) => s.trim()).filter((s) => s !== ""));
    if (chosen.size === 0) return field.required ? issue(ctx, errors.Required.code, required) : "";
    if ([...chosen].some((c) => !options.includes(c))) return issue(ctx, errors.NotAnOption.code, errors.NotAnOption.message(label));
    if ((min !== undefined && chosen.size < min) || (max !== undefined && chosen.size > max)) return issue(ctx, errors.ChoiceCount.code, errors.ChoiceCount.message(label, min, max));
    return options.filter((o) => chosen.has(o)).join(CHOICE_SEPARATOR);
  });
}

/** The fields whose value is read by a function of their own rather than checked as text. */
const valueOf = { checkbox: checkboxValue, number: numberValue, date: dateValue, radio: radioValue, checkboxes: checkboxesValue, file: fileValue } as const;
const ownValue = (type: Field["type"]): type is keyof typeof valueOf => Object.hasOwn(valueOf, type);

/**
 * @param form the form as the page shows it (in the page's locale: its labels and its required-field text)
 * @param texts the form texts in the page's language, for every other message
 */
export function valuesSchema(form: ResolvedForm, texts: FormTexts = SOURCE_FORM_TEXTS) {
  const errors = fieldErrors(texts);
  const messages = { required: form.notices.invalid.description };
  const shape: Record<string, z.ZodType> = {};
  for (const field of form.fields) {
    // A label's [text](/path) links read as their text in messages.
    const label = plainLabel(field.label);
    if (ownValue(field.type)) {
      shape[field.name] = z.preprocess((v) => (v === undefined ? "" : v), valueOf[field.type](field, label, messages.required, errors));
      continue;
    }
    const maxLength = field.maxLength ?? 0;
    let value = z
      // A number or an object is not text (FieldNotText); a missing field reads like an empty one.
      .string({ error: errors.NotText.message(label) })
      // A browser posting the form itself sends a textarea's line breaks as CR LF; its
      // maxlength and the form's script count them as one LF: stored and counted as LF.
      .overwrite((v) => v.replace(/\r\n?/g, "\n"))
      .trim()
      .max(maxLength, { error: errors.TooLong.message(label, maxLength) });
    // One problem a field: a refused character says so, not also "not an address".
    if (field.type !== "textarea") {
      value = value.refine((v) => !NOT_ONE_LINE.test(v), withCode(errors.NotOneLine.code, errors.NotOneLine.message(label), true));
    }
    value = value.refine((v) => !NOT_ALLOWED.test(v), withCode(errors.NotAllowedCharacters.code, errors.NotAllowedCharacters.message(label), true));
    if (field.type === "email") {
      value = value.refine((v) => v === "" || z.email().safeParse(v).success, withCode(errors.InvalidEmail.code, errors.InvalidEmail.message()));
    }
    if (field.type === "url") {
      value = value.refine((v) => v === "" || isWebAddress(v), withCode(errors.InvalidUrl.code, errors.InvalidUrl.message()));
    }
    if (field.options) {
      const options = field.options;
      value = value.refine((v) => v === "" || options.includes(v), withCode(errors.NotAnOption.code, errors.NotAnOption.message(label)));
    }
    if (field.required) value = value.refine((v) => v.length > 0, withCode(errors.Required.code, messages.required));
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

/** A form's values as its script holds them: text, a checkbox's true or false, a checkbox group's ticked options, a file field's chosen files. */
export type FormValues = Record<string, string | boolean | string[] | FileList | SentFile>;

/** A refusal of the form API: a Form* entry of the catalogue (src/errors/catalogue.ts). */
export type FormErrorCode = Extract<ErrorCode, `Form${string}`>;
/** Any refusal under /api that the forms' plugin gives: a form's, or an address nothing answers (ApiNotFound). */
export type ApiErrorCode = FormErrorCode | Extract<ErrorCode, "ApiNotFound">;

/** The answer every form endpoint gives (spec §7: success, error), with a stable code when it failed. */
export interface FormAnswer {
  success: boolean;
  /** Set on every failure: what code branches on. */
  code?: ApiErrorCode;
  error?: string;
  /** Per-field messages when validation failed. */
  fields?: Record<string, string>;
}
