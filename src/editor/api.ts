/** The editor's calls to its local API (server/plugins/editor.ts). Failures are values, never throws. */
import { adminKeyHeader } from "../admin/key.ts";
import { errors } from "../errors/catalogue.ts";
import { type CheckedDraft, type DocumentListing, EDITOR_API, type EditorContext, type EditorFailure, type OpenDocument } from "./model.ts";

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; failure: EditorFailure };

async function call<T>(method: string, url: string, { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const all: Record<string, string> = { Accept: "application/json", ...adminKeyHeader(), ...headers };
  if (body !== undefined) all["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(url, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin", cache: "no-store" });
  } catch {
    return { ok: false, status: 0, failure: { error: errors.AdminOffline() } };
  }
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok && data !== undefined) return { ok: true, data: data as T };
  const failure = data as Partial<EditorFailure> | undefined;
  return { ok: false, status: response.status, failure: failure?.error ? (failure as EditorFailure) : { error: errors.AdminHttpError(response.status) } };
}

const fileUrl = (file: string) => `${EDITOR_API}/document?file=${encodeURIComponent(file)}`;

export const editorApi = {
  documents: () => call<DocumentListing>("GET", `${EDITOR_API}/documents`),
  context: () => call<EditorContext>("GET", `${EDITOR_API}/context`),
  open: (file: string) => call<OpenDocument>("GET", fileUrl(file)),
  check: (file: string, data: unknown) => call<CheckedDraft>("POST", `${EDITOR_API}/check`, { body: { file, data } }),
  /** `version` is the file's version the draft started from, or null for a new file. */
  save: (file: string, data: unknown, version: string | null) =>
    call<{ version: string; text: string }>("PUT", `${EDITOR_API}/document`, {
      body: { file, data },
      headers: version === null ? { "If-None-Match": "*" } : { "If-Match": `"${version}"` },
    }),
  remove: (file: string, version: string) => call<{ file: string }>("DELETE", fileUrl(file), { headers: { "If-Match": `"${version}"` } }),
};
