/**
 * The Submissions screen's calls (server/studio/submissions-api.ts), through the studio's
 * client (./client.ts), with the session; downloads (a form's CSV, a stored file) are plain
 * links to these addresses, which the browser saves with the session cookie.
 */
import type { ErasureReport, SubmissionFormsAnswer, SubmissionsListAnswer, SubmissionView } from "../../schemas/studio-submissions.ts";
import { call, STUDIO_API } from "./client.ts";

const at = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

export const submissions = {
  forms: () => call<SubmissionFormsAnswer>("GET", "/submissions/forms"),
  list: (form: string, { q, page }: { q: string; page: number }) => {
    const query = new URLSearchParams({ ...(q.trim() !== "" && { q: q.trim() }), ...(page > 1 && { page: String(page) }) }).toString();
    return call<SubmissionsListAnswer>("GET", `/submissions/forms/${at(form)}${query && `?${query}`}`);
  },
  one: (id: string) => call<{ submission: SubmissionView }>("GET", `/submissions/${at(id)}`),
  erase: (email: string, confirm: string) => call<{ email: string; erased: ErasureReport }>("POST", "/submissions/erase", { email, confirm }),
  /** Where a form's CSV downloads from. */
  exportUrl: (form: string) => `${STUDIO_API}/submissions/forms/${at(form)}/export`,
  /** Where a stored file downloads from. */
  fileUrl: (id: string) => `${STUDIO_API}/submissions/files/${at(id)}`,
};
