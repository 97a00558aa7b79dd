/**
 * The Submissions screen's calls (server/studio/submissions-api.ts), through the studio's
 * client (./client.ts). In studio mode, with the session; downloads (a form's CSV, a stored
 * file) are plain links to these addresses, which the browser saves with the session cookie.
 * In local mode (ADMIN=1) the same routes are under the local API (/api/admin), and every call
 * shows this run's key (src/admin/key.ts), as the blog admin and the editor do. A link cannot
 * carry the key, so there a download is fetched with it and saved from the browser's memory.
 */
import type { MouseEvent } from "react";
import { LOCAL_SUBMISSIONS_PREFIX, type ErasureReport, type SubmissionFormsAnswer, type SubmissionsListAnswer, type SubmissionView } from "../../schemas/studio-submissions.ts";
import { adminKeyHeader } from "../admin/key.ts";
import { call, STUDIO_API, type StudioTransport } from "./client.ts";

/** Local mode (ADMIN=1), set by vite.config.ts. */
declare const __ADMIN__: boolean;

const withKey = (init?: RequestInit): RequestInit => ({ ...init, headers: { ...(init?.headers as Record<string, string> | undefined), ...adminKeyHeader() } });

const local: StudioTransport | undefined = __ADMIN__ ? { base: "", api: LOCAL_SUBMISSIONS_PREFIX, csrfToken: "", fetch: (url, init) => fetch(url, withKey(init)) } : undefined;
const api = local ? LOCAL_SUBMISSIONS_PREFIX : STUDIO_API;
const send = <T,>(method: string, path: string, body?: unknown) => call<T>(method, path, body, { transport: local });

const at = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

/** The name the server gives a download (Content-Disposition's UTF-8 form, RFC 6266). */
const savedName = (disposition: string | null) => {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? "")?.[1];
  return encoded ? decodeURIComponent(encoded) : "download";
};

/** Local mode: a download link's click fetches it with the key and saves it under the server's name. */
async function saveWithKey(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const response = await fetch(event.currentTarget.href, withKey({ cache: "no-store" }));
  if (!response.ok) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = savedName(response.headers.get("Content-Disposition"));
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export const submissions = {
  forms: () => send<SubmissionFormsAnswer>("GET", "/submissions/forms"),
  list: (form: string, { q, page }: { q: string; page: number }) => {
    const query = new URLSearchParams({ ...(q.trim() !== "" && { q: q.trim() }), ...(page > 1 && { page: String(page) }) }).toString();
    return send<SubmissionsListAnswer>("GET", `/submissions/forms/${at(form)}${query && `?${query}`}`);
  },
  one: (id: string) => send<{ submission: SubmissionView }>("GET", `/submissions/${at(id)}`),
  erase: (email: string, confirm: string) => send<{ email: string; erased: ErasureReport }>("POST", "/submissions/erase", { email, confirm }),
  /** Where a form's CSV downloads from. */
  exportUrl: (form: string) => `${api}/submissions/forms/${at(form)}/export`,
  /** Where a stored file downloads from. */
  fileUrl: (id: string) => `${api}/submissions/files/${at(id)}`,
  /** A download link's click handler: none in studio mode (the cookie goes with the link). */
  onDownload: local ? saveWithKey : undefined,
};
