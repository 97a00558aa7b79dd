/**
 * A form with a file field posted as multipart/form-data (the page's form, with or without
 * JavaScript): its text fields and its files, read as they stream in, within limits that
 * the form itself sets. A file is never held beyond its field's size limit: the upload stops
 * being read there and is refused. Its kind is read from its bytes (src/forms/file-kind.ts).
 */
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { FILE_KINDS, fileLimits, fileNameProblem, safeFileName, sentFileName } from "../../schemas/form-files.ts";
import { plainLabel } from "../../schemas/form-label.ts";
import { fileFields, longestValue, type ResolvedForm } from "../../schemas/forms.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { FieldErrors, fieldErrors } from "../../src/forms/field-errors.ts";
import { type FormTexts, SOURCE_FORM_TEXTS } from "../../src/page/form-strings.ts";
import { detectKind, SentFile } from "../../src/forms/file-kind.ts";
import type { FormAnswer, FormErrorCode } from "../../src/forms/values.ts";
import type { NewFile } from "../storage/submissions.ts";
import { formStatus, refusal } from "./form-refusals.ts";
import { repeatableNames, SentValues } from "./form-repeats.ts";
import { POW_FIELD_LENGTH } from "./form-pow.ts";

export const MULTIPART = "multipart/form-data";

export type MultipartResult =
  | { values: Record<string, unknown>; files: NewFile[] }
  /** Refused: nothing is to be stored, and the rest of the body may be unread. */
  | { status: number; answer: FormAnswer };

const refuse = (error: ErrorData & { code: FormErrorCode }, fields?: Record<string, string>): MultipartResult => ({
  status: formStatus[error.code],
  answer: refusal(error, fields),
});

/** A text field's longest value in bytes: 4 per character covers 3-byte UTF-8 and a CR LF line break. */
const BYTES_PER_CHARACTER = 4;
const HONEYPOT_LENGTH = 200;

/** What busboy may read of this form's body: each field once (a group's once per box), files only as large as the largest file field takes. */
export function multipartLimits(form: ResolvedForm) {
  const files = fileFields(form);
  const texts = form.fields.filter((f) => f.type !== "file");
  const pow = form.proofOfWork ? 1 : 0;
  // A checkbox group's name comes once per ticked box.
  const textParts = texts.reduce((n, f) => n + (f.type === "checkboxes" ? f.options!.length : 1), 0) + 1 + pow; // and the honeypot, and the proof of work
  return {
    files: files.length,
    fields: textParts,
    parts: textParts + files.length,
    // A byte more than the largest file field takes: the reader below sees a file pass its own field's limit.
    fileSize: Math.max(...files.map((f) => fileLimits(f).maxBytes)) + 1,
    fieldSize: Math.max(HONEYPOT_LENGTH, pow * POW_FIELD_LENGTH, ...texts.map(longestValue)) * BYTES_PER_CHARACTER + 16,
    fieldNameSize: 100,
    headerPairs: 20,
  };
}

/**
 * Reads the body (`form` and `texts`: the form in the page's language, for the messages). Text fields become values (a name sent twice is read by ./form-repeats.ts:
 * a checkbox group's make a list, any other is refused); a part in a file
 * field becomes a SentFile for the values schema and a NewFile to store. A file field sent
 * with no file chosen (a browser's empty part without a name) is left out, as if not sent.
 */
export async function readMultipart(request: FastifyRequest, form: ResolvedForm, texts: FormTexts = SOURCE_FORM_TEXTS): Promise<MultipartResult> {
  const byName = new Map(form.fields.map((f) => [f.name, f]));
  const values = new SentValues(repeatableNames(form));
  const files: NewFile[] = [];
  try {
    // preservePath: the name as sent, so a path in it is seen (and refused), not silently cut.
    for await (const part of request.parts({ limits: multipartLimits(form), preservePath: true })) {
      if (part.type === "field") {
        if (part.valueTruncated || part.fieldnameTruncated) return refuse(errors.FormTooLarge());
        const refused = values.add(part.fieldname, part.value);
        if (refused) return refuse(refused);
        continue;
      }
      // A file part's name is taken before its bytes are read: a file field sent twice is refused at once.
      const refused = values.refusalFor(part.fieldname);
      if (refused) {
        part.file.resume();
        return refuse(refused);
      }
      const field = byName.get(part.fieldname);
      if (field?.type !== "file") {
        // A file in a text field or in no field at all: its bytes are read (within the limit) and
        // dropped, and the values schema says what is wrong with the field.
        part.file.resume();
        values.add(part.fieldname, new SentFile("", 0, undefined));
        continue;
      }
      const label = plainLabel(field.label);
      if (part.filename === "") {
        // What a browser sends for a file input left empty.
        part.file.resume();
        values.add(field.name, "");
        continue;
      }
      const sentName = sentFileName(part.filename);
      if (fileNameProblem(sentName)) {
        part.file.resume();
        const error = errors.FormFileNameRefused(label);
        return refuse(error, { [field.name]: error.message });
      }
      const { maxBytes, maxSizeMB } = fileLimits(field);
      const chunks: Buffer[] = [];
      const hash = createHash("sha256");
      let size = 0;
      const tooLarge = () => {
        const message = fieldErrors(texts).FileTooLarge.message(label, maxSizeMB);
        return refuse(errors.FormFileTooLarge(message), { [field.name]: message });
      };
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          // Stop here: the rest of the upload is never held.
          part.file.destroy();
          return tooLarge();
        }
        chunks.push(chunk);
        hash.update(chunk);
      }
      // Cut off by busboy's limit (a larger field's) before this field's own.
      if (part.file.truncated) return tooLarge();
      const bytes = Buffer.concat(chunks);
      const kind = detectKind(bytes);
      const name = safeFileName(sentName);
      values.add(field.name, new SentFile(name, size, kind));
      if (kind) files.push({ field: field.name, name, mediaType: FILE_KINDS[kind].mediaType, size, sha256: hash.digest("hex"), bytes });
    }
  } catch (error) {
    return refuse(multipartErrorOf(error));
  }
  return { values: values.toObject(), files };
}

/** The refusal for what the multipart reader threw: a limit reached, or a body that is not multipart. */
function multipartErrorOf(error: unknown): ErrorData & { code: FormErrorCode } {
  switch ((error as { code?: string }).code) {
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
    case "FST_FIELDS_LIMIT":
      return errors.FormTooManyParts();
    case "FST_REQ_FILE_TOO_LARGE":
      return errors.FormTooLarge();
    default:
      return errors.FormMalformedMultipart();
  }
}

/** The file refusals, by the field code the values schema gave: each has its own code and status. */
export const fileRefusals = {
  [FieldErrors.FileTooLarge.code]: errors.FormFileTooLarge,
  [FieldErrors.FileWrongKind.code]: errors.FormFileWrongKind,
  [FieldErrors.FileEmpty.code]: errors.FormFileEmpty,
} as const;
