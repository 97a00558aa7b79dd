/**
 * The form API's refusals: errors of the catalogue (src/errors/catalogue.ts, the Form* entries),
 * the HTTP status of each, and the answer they make. Code branches on the code, never on the
 * texts.
 */
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import type { ApiErrorCode, FormAnswer, FormErrorCode } from "../../src/forms/values.ts";

/** The status each refusal is answered with. */
export const formStatus = {
  FormUnsupportedMediaType: 415,
  FormMalformedJson: 400,
  FormMalformedUrlencoded: 400,
  FormFieldRepeated: 400,
  FormEmptyBody: 400,
  FormNotAnObject: 400,
  FormRequiredMissing: 400,
  FormUnknownFields: 400,
  FormInvalidValues: 400,
  FormTooLarge: 413,
  FormFileTooLarge: 413,
  FormFileWrongKind: 415,
  FormFileEmpty: 400,
  FormFileNameRefused: 400,
  FormFilesNeedMultipart: 415,
  FormMalformedMultipart: 400,
  FormTooManyParts: 413,
  FormCrossSite: 403,
  FormRateLimited: 429,
  FormPowMissing: 400,
  FormPowInvalid: 400,
  FormPowExpired: 400,
  FormPowReplayed: 409,
  FormTimeout: 408,
  FormNotFound: 404,
  ApiNotFound: 404,
  FormMethodNotAllowed: 405,
  FormNotSaved: 500,
  FormUnavailable: 503,
} as const satisfies Record<ApiErrorCode, number>;

/** The refusals a visitor answers by correcting fields (the notice titled Validation Error). */
const VALIDATION_ERRORS: ReadonlySet<string | undefined> = new Set([
  errors.FormRequiredMissing.code,
  errors.FormUnknownFields.code,
  errors.FormInvalidValues.code,
  errors.FormFileTooLarge.code,
  errors.FormFileWrongKind.code,
  errors.FormFileEmpty.code,
  errors.FormFileNameRefused.code,
]);
export const isValidationError = (code: string | undefined) => VALIDATION_ERRORS.has(code);

/** The answer for a refusal: `{ success: false, code, error, fields? }` (spec §7, plus the code). */
export const refusal = (error: ErrorData & { code: ApiErrorCode }, fields?: Record<string, string>): FormAnswer => ({
  success: false,
  code: error.code,
  error: error.message,
  ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
});

/** An error that carries its refusal's status and code through Fastify to the error handler. */
export class FormRefusal extends Error {
  readonly statusCode: number;
  readonly code: FormErrorCode;
  /** The refusal itself, its details included (a repeated field's name). */
  readonly error: ErrorData & { code: FormErrorCode };
  constructor(error: ErrorData & { code: FormErrorCode }, detail?: string) {
    super(detail ? `${error.message} (${detail})` : error.message);
    this.error = error;
    this.code = error.code;
    this.statusCode = formStatus[error.code];
  }
}
