/**
 * The form API's errors, one entry each: a stable code, the HTTP status, a title, the message
 * a visitor reads (the JSON answer's `error`) and a hint for whoever calls the API. Code
 * branches on `code`, never on the texts (Astro's errors-data.ts is the model). When the
 * site-wide catalogue (src/errors/) exists, these entries move there as they are.
 *
 * Field errors have codes too (`FieldErrors`): their messages name the field, so they are
 * functions of its label.
 */

export interface FormErrorData {
  code: string;
  status: number;
  title: string;
  message: string;
  hint: string;
}

export const FormErrors = {
  UnsupportedMediaType: {
    code: "FormUnsupportedMediaType",
    status: 415,
    title: "Unsupported content type",
    message: "Send the form as JSON (Content-Type: application/json).",
    hint: "Post a JSON object with Content-Type: application/json, or the page's form as application/x-www-form-urlencoded.",
  },
  MalformedJson: {
    code: "FormMalformedJson",
    status: 400,
    title: "Unreadable form",
    message: "The form could not be read: the request body is not valid JSON.",
    hint: "Send one JSON object; keys named __proto__ or constructor.prototype are refused as well.",
  },
  MalformedUrlencoded: {
    code: "FormMalformedUrlencoded",
    status: 400,
    title: "Unreadable form",
    message: "The form could not be read: a field is badly encoded or appears twice.",
    hint: "Percent-encode every value as UTF-8 and send each field once.",
  },
  EmptyBody: {
    code: "FormEmptyBody",
    status: 400,
    title: "Empty form",
    message: "The form could not be read: the request body is empty.",
    hint: "Send the form's fields as one JSON object.",
  },
  NotAnObject: {
    code: "FormNotAnObject",
    status: 400,
    title: "Unreadable form",
    message: "The form could not be read: send its fields as one JSON object.",
    hint: "Send an object such as {\"email\": \"you@example.com\"}, not an array, a string or null.",
  },
  RequiredMissing: {
    code: "FormRequiredMissing",
    status: 400,
    title: "Validation Error",
    // The answer's `error` is the form's own text (notices.invalid.description).
    message: "Please fill in all required fields.",
    hint: "`fields` names each field and what is wrong with it.",
  },
  UnknownFields: {
    code: "FormUnknownFields",
    status: 400,
    title: "Validation Error",
    message: "The form has fields it does not know.",
    hint: "Send only the form's own fields; `fields` names the others.",
  },
  InvalidValues: {
    code: "FormInvalidValues",
    status: 400,
    title: "Validation Error",
    message: "Some values cannot be accepted.",
    hint: "`fields` names each field and what is wrong with it.",
  },
  TooLarge: {
    code: "FormTooLarge",
    status: 413,
    title: "Form too large",
    message: "The form is too large to accept. Please shorten your message.",
    hint: "Each field has a maximum length (docs/forms.md); the body may hold no more than those characters.",
  },
  CrossSite: {
    code: "FormCrossSite",
    status: 403,
    title: "Cross-site post refused",
    message: "Forms can only be sent from this website.",
    hint: "Browsers may post the form only from a page of this site (Sec-Fetch-Site, Origin).",
  },
  RateLimited: {
    code: "FormRateLimited",
    status: 429,
    title: "Too many submissions",
    message: "Too many submissions from your network. Please wait a minute and try again.",
    hint: "Retry-After says how many seconds to wait.",
  },
  Timeout: {
    code: "FormTimeout",
    status: 408,
    title: "Form sent too slowly",
    message: "The form took too long to arrive. Please send it again.",
    hint: "The whole body must arrive within the server's request time limit (docs/forms.md).",
  },
  NotFound: {
    code: "FormNotFound",
    status: 404,
    title: "No such form",
    message: "There is no form at this address.",
    hint: "The site's forms are listed in build/forms.json: POST /api/<form id>.",
  },
  MethodNotAllowed: {
    code: "FormMethodNotAllowed",
    status: 405,
    title: "Method not allowed",
    message: "Forms are sent with POST.",
    hint: "Send the form with POST; the Allow header says so too.",
  },
  NotSaved: {
    code: "FormNotSaved",
    status: 500,
    title: "Not saved",
    message: "Your submission could not be saved. Please try again later.",
    hint: "Nothing was stored: the database failed. The server's log has the reason.",
  },
} as const satisfies Record<string, FormErrorData>;

export type FormError = (typeof FormErrors)[keyof typeof FormErrors];
export type FormErrorCode = FormError["code"];

/** The refusals a visitor answers by correcting fields (the notice titled Validation Error). */
export const isValidationError = (code: FormErrorCode | undefined) =>
  code === FormErrors.RequiredMissing.code || code === FormErrors.UnknownFields.code || code === FormErrors.InvalidValues.code;

/** Why one field's value was refused. */
export const FieldErrors = {
  Required: { code: "FieldRequired" },
  NotText: { code: "FieldNotText", message: (label: string) => `${label} must be text` },
  TooLong: { code: "FieldTooLong", message: (label: string, max: number) => `${label} must be at most ${max} characters` },
  NotAllowedCharacters: { code: "FieldNotAllowedCharacters", message: (label: string) => `${label} contains characters that are not allowed` },
  NotOneLine: { code: "FieldNotOneLine", message: (label: string) => `${label} must be on one line, without tabs` },
  InvalidEmail: { code: "FieldInvalidEmail", message: () => "Please enter a valid email address" },
  NotAnOption: { code: "FieldNotAnOption", message: (label: string) => `Choose one of the listed options for ${label}` },
  Unknown: { code: "FieldUnknown", message: () => "This field is not part of the form" },
} as const;

export type FieldErrorCode = (typeof FieldErrors)[keyof typeof FieldErrors]["code"];
