/**
 * Why one field's value was refused: a stable code (what code branches on, carried by the zod
 * issue, see fieldErrorCode in ./values.ts) and the message, made from the field's label.
 *
 * These stay beside the values schema rather than in the site's catalogue
 * (src/errors/catalogue.ts, where the form API's refusals are): the schema runs in the
 * browser's form chunk, which must not carry every content and admin error text of the site.
 */
import { longDate } from "../../schemas/form-date.ts";

export const FieldErrors = {
  Required: { code: "FieldRequired" },
  NotText: { code: "FieldNotText", message: (label: string) => `${label} must be text` },
  TooLong: { code: "FieldTooLong", message: (label: string, max: number) => `${label} must be at most ${max} characters` },
  NotAllowedCharacters: { code: "FieldNotAllowedCharacters", message: (label: string) => `${label} contains characters that are not allowed` },
  NotOneLine: { code: "FieldNotOneLine", message: (label: string) => `${label} must be on one line, without tabs` },
  InvalidEmail: { code: "FieldInvalidEmail", message: () => "Please enter a valid email address" },
  InvalidUrl: { code: "FieldInvalidUrl", message: () => "Please enter a web address starting with https://" },
  NotAnOption: { code: "FieldNotAnOption", message: (label: string) => `Choose one of the listed options for ${label}` },
  NotACheckbox: { code: "FieldNotACheckbox", message: (label: string) => `${label} is either ticked or not` },
  NotANumber: { code: "FieldNotANumber", message: (label: string) => `${label} must be a number, e.g. 42 or 4.5` },
  OutOfRange: {
    code: "FieldOutOfRange",
    message: (label: string, min?: number, max?: number) =>
      min !== undefined && max !== undefined ? `${label} must be between ${min} and ${max}` : min !== undefined ? `${label} must be at least ${min}` : `${label} must be at most ${max}`,
  },
  NotOnStep: { code: "FieldNotOnStep", message: (label: string, step: number, base: number) => `${label} must be ${base === 0 ? "a multiple" : `${base} plus a multiple`} of ${step}` },
  FileEmpty: { code: "FieldFileEmpty", message: (label: string) => `${label}: the file is empty (0 bytes); please choose the document itself` },
  FileTooLarge: { code: "FieldFileTooLarge", message: (label: string, maxSizeMB: number) => `${label}: the file is larger than ${maxSizeMB} MB; please send a smaller one` },
  FileWrongKind: { code: "FieldFileWrongKind", message: (label: string, kinds: string) => `${label} must be a ${kinds} document; this file is not one` },
  NotAFile: { code: "FieldNotAFile", message: (label: string) => `${label} is a file, sent with the form as multipart/form-data` },
  NotADate: { code: "FieldNotADate", message: (label: string) => `${label} must be a date that exists, as YYYY-MM-DD` },
  DateOutOfRange: {
    code: "FieldDateOutOfRange",
    message: (label: string, earliest?: string, latest?: string) =>
      earliest !== undefined && latest !== undefined
        ? `${label} must be between ${longDate(earliest)} and ${longDate(latest)}`
        : earliest !== undefined
          ? `${label} must be on or after ${longDate(earliest)}`
          : `${label} must be on or before ${longDate(latest!)}`,
  },
  ChoiceCount: {
    code: "FieldChoiceCount",
    message: (label: string, min?: number, max?: number) =>
      min !== undefined && max !== undefined
        ? min === max
          ? `Choose ${min} for ${label}`
          : `Choose between ${min} and ${max} for ${label}`
        : min !== undefined
          ? `Choose at least ${min} for ${label}`
          : `Choose at most ${max} for ${label}`,
  },
  Unknown: { code: "FieldUnknown", message: () => "This field is not part of the form" },
} as const;

export type FieldErrorCode = (typeof FieldErrors)[keyof typeof FieldErrors]["code"];
