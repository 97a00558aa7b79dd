/**
 * Every text a visitor reads from a form that is not the form's own content (its labels and
 * notices translate with the forms collection): field errors, the file hint, the upload's
 * progress, the server's refusals a visitor can meet, the no-JavaScript result page's link.
 * In the default locale, as ICU messages (./messages.ts). They are UI strings
 * (./ui-strings.ts spreads them in), so each locale's are in its
 * content/translations/<locale>/ui.json and the checker reports them missing or stale like
 * any text. No React or zod here: the form chunk, the server and the error catalogue import it.
 */
import { fileLimits, type FileRules, kindsText } from "../../schemas/form-files.ts";
import { formatMessage, type MessageValues } from "./messages.ts";

/**
 * The form API's refusals a visitor can meet in a page's form, by their catalogue code: the
 * catalogue's message (src/errors/catalogue.ts) is this text, and the form API answers with
 * the locale's (server/plugins/form-refusals.ts). Refusals only a hand-made request gets
 * (malformed JSON, a wrong media type) stay in the catalogue, in the default locale.
 */
export const VISITOR_REFUSALS = {
  FormTooLarge: "The form is too large to accept. Please shorten your message.",
  FormTooManyParts: "The form has more parts than it can have. Please send it from the page.",
  FormFileNameRefused: "{label}: the file's name holds a folder path or characters that are not allowed. Please rename the file and send it again.",
  FormCrossSite: "Forms can only be sent from this website.",
  FormRateLimited: "Too many submissions from your network. Please wait a minute and try again.",
  FormPowMissing: "This form needs its spam check, which your browser did not send. Please send the form from the page with JavaScript on.",
  FormPowInvalid: "The form's spam check did not pass. Please send the form again.",
  FormPowExpired: "The form's spam check has expired. Please send the form again.",
  FormPowReplayed: "This spam check was already used for a submission. Please send the form again.",
  FormTimeout: "The form took too long to arrive. Please send it again.",
  FormNotSaved: "Your submission could not be saved. Please try again later.",
  FormUnavailable: "Your submission could not be saved just now. Please try again in a minute.",
} as const;

export type VisitorRefusal = keyof typeof VISITOR_REFUSALS;
export const isVisitorRefusal = (code: string | undefined): code is VisitorRefusal => code !== undefined && Object.hasOwn(VISITOR_REFUSALS, code);
export const refusalKey = <C extends VisitorRefusal>(code: C) => `form.refused.${code}` as const;

const refusalStrings = Object.fromEntries(Object.entries(VISITOR_REFUSALS).map(([code, text]) => [refusalKey(code as VisitorRefusal), text])) as {
  [C in VisitorRefusal as `form.refused.${C}`]: (typeof VISITOR_REFUSALS)[C];
};

export const FORM_STRINGS = {
  "form.field.notText": "{label} must be text",
  "form.field.tooLong": "{label} must be at most {max} characters",
  "form.field.notAllowedCharacters": "{label} contains characters that are not allowed",
  "form.field.notOneLine": "{label} must be on one line, without tabs",
  "form.field.invalidEmail": "Please enter a valid email address",
  "form.field.invalidUrl": "Please enter a web address starting with https://",
  "form.field.notAnOption": "Choose one of the listed options for {label}",
  "form.field.notACheckbox": "{label} is either ticked or not",
  "form.field.notANumber": "{label} must be a number, e.g. 42 or 4.5",
  "form.field.between": "{label} must be between {min} and {max}",
  "form.field.atLeast": "{label} must be at least {min}",
  "form.field.atMost": "{label} must be at most {max}",
  "form.field.multipleOf": "{label} must be a multiple of {step}",
  "form.field.basePlusMultipleOf": "{label} must be {base} plus a multiple of {step}",
  "form.field.fileEmpty": "{label}: the file is empty (0 bytes); please choose the document itself",
  "form.field.fileTooLarge": "{label}: the file is larger than {size} MB; please send a smaller one",
  "form.field.fileWrongKind": "{label} must be a {kinds} document; this file is not one",
  "form.field.notAFile": "{label} is a file, sent with the form as multipart/form-data",
  "form.field.notADate": "{label} must be a date that exists, as YYYY-MM-DD",
  "form.field.dateBetween": "{label} must be between {earliest} and {latest}",
  "form.field.dateOnOrAfter": "{label} must be on or after {earliest}",
  "form.field.dateOnOrBefore": "{label} must be on or before {latest}",
  "form.field.chooseExactly": "Choose {min} for {label}",
  "form.field.chooseBetween": "Choose between {min} and {max} for {label}",
  "form.field.chooseAtLeast": "Choose at least {min} for {label}",
  "form.field.chooseAtMost": "Choose at most {max} for {label}",
  "form.field.unknown": "This field is not part of the form",
  "form.fileHint": "{kinds}, at most {size} MB",
  "form.uploading": "Uploading: {percent}%",
  "form.result.backToForm": "Back to the form",
  "form.result.backToPage": "Back to the page",
  ...refusalStrings,
} as const;

export type FormKey = keyof typeof FORM_STRINGS;
/** A locale's form texts, resolved (its own, else its fallback's, else the source). */
export type FormStrings = Record<FormKey, string>;

/**
 * The form texts of a page: in its language (BCP 47). A form island is given only those its
 * fields can need (`forForm`); any other key reads as the source's.
 */
export interface FormTexts {
  locale: string;
  strings: Partial<FormStrings>;
}

/**
 * The default locale's: what a form shows and the server answers with when no locale is named.
 * Its dates are British long dates (1 December 2026), as the agency's notification writes them.
 */
export const SOURCE_FORM_TEXTS: FormTexts = { locale: "en-GB", strings: FORM_STRINGS };

/** A catalogue's form texts (a page's resolved UI strings): what an island of another locale is given. */
export const formStringsOf = (catalogue: Readonly<Record<string, string>>): FormStrings =>
  Object.fromEntries((Object.keys(FORM_STRINGS) as FormKey[]).map((key) => [key, catalogue[key] ?? FORM_STRINGS[key]])) as FormStrings;

/** One text, filled in for the locale. */
export const formText = ({ locale, strings }: FormTexts, key: FormKey, values?: MessageValues) => formatMessage(strings[key] ?? FORM_STRINGS[key], locale, values);

type FieldType = "text" | "email" | "tel" | "url" | "textarea" | "select" | "checkbox" | "number" | "date" | "radio" | "checkboxes" | "file";
const TEXT: FormKey[] = ["form.field.notText", "form.field.tooLong", "form.field.notOneLine", "form.field.notAllowedCharacters"];
/** The texts the browser can show for a field of each type (the refusals and the result page are the server's). */
const BROWSER_KEYS: Record<FieldType, FormKey[]> = {
  text: TEXT,
  tel: TEXT,
  textarea: TEXT,
  email: [...TEXT, "form.field.invalidEmail"],
  url: [...TEXT, "form.field.invalidUrl"],
  select: [...TEXT, "form.field.notAnOption"],
  checkbox: ["form.field.notACheckbox"],
  number: ["form.field.notANumber", "form.field.between", "form.field.atLeast", "form.field.atMost", "form.field.multipleOf", "form.field.basePlusMultipleOf"],
  date: ["form.field.notText", "form.field.notADate", "form.field.dateBetween", "form.field.dateOnOrAfter", "form.field.dateOnOrBefore"],
  radio: ["form.field.notText", "form.field.notAnOption"],
  checkboxes: ["form.field.notText", "form.field.notAnOption", "form.field.chooseExactly", "form.field.chooseBetween", "form.field.chooseAtLeast", "form.field.chooseAtMost"],
  file: ["form.field.fileEmpty", "form.field.fileTooLarge", "form.field.fileWrongKind", "form.field.notAFile", "form.fileHint", "form.uploading"],
};

/** The texts a form's island is given: those its fields can need, so a page carries no more than its form shows. */
export function forForm(form: { fields: readonly { type: FieldType }[] }, { locale, strings }: FormTexts): FormTexts {
  const keys = new Set(form.fields.flatMap((f) => BROWSER_KEYS[f.type]));
  return { locale, strings: Object.fromEntries([...keys].map((key) => [key, strings[key] ?? FORM_STRINGS[key]])) };
}

/** The hint beside a file field: "PDF or Word (.doc, .docx), at most 5 MB". */
export function fileHint(field: FileRules, texts: FormTexts = SOURCE_FORM_TEXTS): string {
  const { kinds, maxSizeMB } = fileLimits(field);
  return formText(texts, "form.fileHint", { kinds: kindsText(kinds, texts.locale), size: maxSizeMB });
}
