/**
 * The editor's calls to the studio's API in studio mode (server/studio/documents-api.ts, and
 * the publish route): same-origin credentials (the session cookie), the session's CSRF token
 * on every write, JSON both ways. Failures are values, never throws. Kept in this one place so
 * the studio's shared client can take its place.
 */
import { errors } from "../errors/catalogue.ts";
import { type CheckedDraft, type EditorContext, type EditorFailure, type PreviewLinkCreated, type PreviewLinkView, STUDIO_API, type StudioAuthor, type StudioDocument, type StudioDraft, type StudioListing } from "./model.ts";
import type { ApiResult } from "./api.ts";
import type { FieldChange } from "./document/changes.ts";

export interface StudioConnection {
  /** The session's CSRF token (GET /api/studio/me's csrfToken). */
  csrfToken: string;
  /** Where the site is (default: this page's origin). */
  base?: string;
  /** The fetch to use (default: the browser's). */
  fetch?: typeof fetch;
}

/** What publishing answers (the publish route of issue 25). */
export interface Published {
  version: string;
  commit: string;
}

/** One commit touching a file (GET /history). */
export interface Revision {
  rev: string;
  author: { name: string; email: string };
  date: string;
  subject: string;
}

const isWrite = (method: string) => method !== "GET" && method !== "HEAD";

export function studioApi({ csrfToken, base = "", fetch: send = (...args) => fetch(...args) }: StudioConnection) {
  async function call<T>(method: string, url: string, body?: unknown): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (isWrite(method)) headers["X-CSRF-Token"] = csrfToken;
    let response: Response;
    try {
      response = await send(`${base}${STUDIO_API}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin", cache: "no-store" });
    } catch {
      return { ok: false, status: 0, failure: { error: errors.StudioOffline() } };
    }
    if (response.status === 204) return { ok: true, data: undefined as T };
    const data = (await response.json().catch(() => undefined)) as unknown;
    if (response.ok && data !== undefined) return { ok: true, data: data as T };
    const failure = data as Partial<EditorFailure> | undefined;
    return { ok: false, status: response.status, failure: failure?.error ? (failure as EditorFailure) : { error: errors.StudioFailed() } };
  }
  const q = (file: string) => `file=${encodeURIComponent(file)}`;

  return {
    context: () => call<EditorContext>("GET", "/context"),
    documents: () => call<StudioListing>("GET", "/documents"),
    open: (file: string) => call<StudioDocument>("GET", `/document?${q(file)}`),
    check: (file: string, data: unknown) => call<CheckedDraft>("POST", "/check", { file, data }),
    draft: (file: string) => call<{ draft: StudioDraft }>("GET", `/drafts?${q(file)}`),
    keepDraft: (file: string, base: string | null, data: unknown) => call<{ draft: StudioDocument["draft"] }>("PUT", "/drafts", { file, base, data }),
    discardDraft: (file: string) => call<void>("DELETE", `/drafts?${q(file)}`),
    /** A heartbeat while the file is open: answers who else has it open. */
    presence: (file: string) => call<{ editors: StudioAuthor[] }>("POST", "/presence", { file }),
    sharePreview: (file: string) => call<PreviewLinkCreated>("POST", "/previews", { file }),
    previews: (file: string) => call<{ previews: PreviewLinkView[] }>("GET", `/previews?${q(file)}`),
    revokePreview: (id: string) => call<void>("DELETE", `/previews/${encodeURIComponent(id)}`),
    /** Publishes a draft that started from `base` (the publish engineer's route; editors and admins only). */
    publish: (file: string, base: string | null, data: unknown) => call<Published>("POST", "/publish", { file, base, data }),
    history: (file: string) => call<{ file: string; revisions: Revision[] }>("GET", `/history?${q(file)}`),
    changesSince: (file: string, rev: string) => call<{ file: string; rev: string; changes: FieldChange[] }>("GET", `/history/changes?${q(file)}&rev=${encodeURIComponent(rev)}`),
    /** A new commit restoring the file as it was at `rev` (editors and admins only). */
    revert: (file: string, rev: string) => call<Published & { rev: string }>("POST", "/revert", { file, rev }),
  };
}

export type StudioApi = ReturnType<typeof studioApi>;
