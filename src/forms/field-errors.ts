/**
 * Why one field's value was refused: a stable code (what code branches on, carried by the zod
 * issue, see fieldErrorCode in ./values.ts) and the message, made from the field's label in the
 * page's language (the form texts: page/form-strings.ts, UI strings the checker knows).
 *
 * These stay beside the values schema rather than in the site's catalogue
 * (src/errors/catalogue.ts, where the form API's refusals are): the schema runs in the
 * browser's form chunk, which must not carry every content and admin error text of the site.
 */
import { longDate } from "../../schemas/form-date.ts";
import { kindsText, type FileKind } from "../../schemas/form-files.ts";
import { formText, SOURCE_FORM_TEXTS, type FormTexts } from "../page/form-strings.ts";

/** The field errors with their messages in one language. */
export function fieldErrors(texts: FormTexts = SOURCE_FORM_TEXTS) {
  const t = (key: Parameters<typeof formText>[1], values?: Record<string, string | number>) => formText(texts, key, values);
  const day = (d: string) => longDate(d, texts.locale);
  return {
    Required: { code: "FieldRequired" },
    NotText: { code: "FieldNotText", message: (label: string) => t("form.field.notText", { label }) },
    TooLong: { code: "FieldTooLong", message: (label: string, max: number) => t("form.field.tooLong", { label, max }) },
    NotAllowedCharacters: { code: "FieldNotAllowedCharacters", message: (label: string) => t("form.field.notAllowedCharacters", { label }) },
    NotOneLine: { code: "FieldNotOneLine", message: (label: string) => t("form.field.notOneLine", { label }) },
    InvalidEmail: { code: "FieldInvalidEmail", message: () => t("form.field.invalidEmail") },
    InvalidUrl: { code: "FieldInvalidUrl", message: () => t("form.field.invalidUrl") },
    NotAnOption: { code: "FieldNotAnOption", message: (label: string) => t("form.field.notAnOption", { label }) },
    NotACheckbox: { code: "FieldNotACheckbox", message: (label: string) => t("form.field.notACheckbox", { label }) },
    NotANumber: { code: "FieldNotANumber", message: (label: string) => t("form.field.notANumber", { label }) },
    OutOfRange: {
      code: "FieldOutOfRange",
      message: (label: string, min?: number, max?: number) =>
        min !== undefined && max !== undefined ? t("form.field.between", { label, min, max }) : min !== undefined ? t("form.field.atLeast", { label, min }) : t("form.field.atMost", { label, max: max! }),
    },
    NotOnStep: { code: "FieldNotOnStep", message: (label: string, step: number, base: number) => (base === 0 ? t("form.field.multipleOf", { label, step }) : t("form.field.basePlusMultipleOf", { label, step, base })) },
    FileEmpty: { code: "FieldFileEmpty", message: (label: string) => t("form.field.fileEmpty", { label }) },
    FileTooLarge: { code: "FieldFileTooLarge", message: (label: string, maxSizeMB: number) => t("form.field.fileTooLarge", { label, size: maxSizeMB }) },
    FileWrongKind: { code: "FieldFileWrongKind", message: (label: string, kinds: readonly FileKind[]) => t("form.field.fileWrongKind", { label, kinds: kindsText(kinds, texts.locale) }) },
    NotAFile: { code: "FieldNotAFile", message: (label: string) => t("form.field.notAFile", { label }) },
    NotADate: { code: "FieldNotADate", message: (label: string) => t("form.field.notADate", { label }) },
    DateOutOfRange: {
      code: "FieldDateOutOfRange",
      message: (label: string, earliest?: string, latest?: string) =>
        earliest !== undefined && latest !== undefined
          ? t("form.field.dateBetween", { label, earliest: day(earliest), latest: day(latest) })
          : earliest !== undefined
            ? t("form.field.dateOnOrAfter", { label, earliest: day(earliest) })
            : t("form.field.dateOnOrBefore", { label, latest: day(latest!) }),
    },
    ChoiceCount: {
      code: "FieldChoiceCount",
      message: (label: string, min?: number, max?: number) =>
        min !== undefined && max !== undefined
          ? min === max
            ? t("form.field.chooseExactly", { label, min })
            : t("form.field.chooseBetween", { label, min, max })
          : min !== undefined
            ? t("form.field.chooseAtLeast", { label, min })
            : t("form.field.chooseAtMost", { label, max: max! }),
    },
    Unknown: { code: "FieldUnknown", message: () => t("form.field.unknown") },
  } as const;
}

/** The field errors in the default locale: their codes, and the messages a request naming no locale gets. */
export const FieldErrors = fieldErrors();

export type FieldErrorCode = (typeof FieldErrors)[keyof typeof FieldErrors]["code"];
