/**
 * The files chosen in a form's file inputs, before they are sent: described to the values
 * schema (a SentFile, its kind read from its bytes), so a file the server would refuse is
 * refused here first with the same message, and put with the values into the multipart body
 * that carries them.
 */
import { fileLimits } from "../../schemas/form-files.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { detectKind, SentFile } from "./file-kind.ts";
import type { FormValues } from "./values.ts";

/** The file chosen in a file input (react-hook-form holds its FileList), if any. */
export const chosenFile = (value: unknown): File | undefined =>
  typeof value === "object" && value !== null && "length" in value ? ((value as ArrayLike<File>)[0] ?? undefined) : undefined;

/** The values with each file field's chosen file as a SentFile ("" when none). A file over its size is not read. */
export async function describeChosenFiles(form: Pick<ResolvedForm, "fields">, values: FormValues): Promise<FormValues> {
  const described = { ...values };
  for (const field of form.fields) {
    if (field.type !== "file") continue;
    const file = chosenFile(values[field.name]);
    if (!file) {
      described[field.name] = "";
      continue;
    }
    const readable = file.size > 0 && file.size <= fileLimits(field).maxBytes;
    const kind = readable ? detectKind(new Uint8Array(await file.arrayBuffer())) : undefined;
    described[field.name] = new SentFile(file.name, file.size, kind);
  }
  return described;
}

/** The multipart body: the validated values as text (a file field's name left out), the chosen files, the honeypot. */
export function multipartData(form: Pick<ResolvedForm, "fields">, valid: Record<string, unknown>, chosen: FormValues): FormData {
  const data = new FormData();
  for (const field of form.fields) {
    const file = field.type === "file" ? chosenFile(chosen[field.name]) : undefined;
    if (file) data.append(field.name, file);
    else if (field.type !== "file") data.append(field.name, String(valid[field.name] ?? ""));
  }
  data.append(HONEYPOT, String(valid[HONEYPOT] ?? ""));
  return data;
}
