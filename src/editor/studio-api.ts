/**
 * The editor's calls to the studio's API (server/studio/documents-api.ts and
 * publish-api.ts), made with the studio's client (src/studio/client.ts: the session cookie, the
 * CSRF token on every write, the sign-in page when the session has ended). Failures are values.
 */
import { call as studioCall, type StudioTransport } from "../studio/client.ts";
import { errors } from "../errors/catalogue.ts";
import { type CheckedDraft, type EditorContext, type FieldChange, type EditorFailure, type HistoryEdit, type KeptDraft, type PreviewLinkCreated, type PreviewLinkView, type StudioAuthor, type StudioDocument, type StudioDraft, type StudioListing, type TranslationsRemoved } from "./model.ts";
import type { ScheduleView } from "../../schemas/studio-schedule.ts";
import type { ReviewView } from "../../schemas/studio-review.ts";
import type { GateReport } from "./publish-gate/report.ts";
import type { NewImage } from "../../schemas/studio-media.ts";
import type { PageAnalytics } from "../../schemas/analytics.ts";
import type { PublishOverride } from "../../schemas/studio-publish.ts";

/** An answer, or why not: failures are values, never throws. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; failure: EditorFailure };

/**
 * No answer from the studio's server: the connection lost (status 0), or a proxy's refusal in
 * its stead (502, 504: the server's own refusals carry an error of the catalogue's).
 */
const unanswered = (result: { status: number; failure: EditorFailure }) =>
  result.status === 0 || (result.failure.error.code === errors.StudioHttpError.code && (result.status === 502 || result.status === 504));

/** A write the server does once however often it is sent, sent again when no answer came; still none: `stillNone`'s error. */
async function onceMoreIfUnanswered<T>(send: () => Promise<ApiResult<T>>, stillNone: () => EditorFailure["error"]): Promise<ApiResult<T>> {
  const first = await send();
  if (first.ok || !unanswered(first)) return first;
  const again = await send();
  return again.ok || !unanswered(again) ? again : { ok: false, status: again.status, failure: { error: stillNone() } };
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

/** `transport`: elsewhere than this page's origin and session (tests); by default the studio's own calls. */
export function studioApi({ transport }: { transport?: StudioTransport } = {}) {
  /** The studio client's call, its refusal as the editor's failure (the answer's `errors` and `changes` kept). */
  async function call<T>(method: string, url: string, body?: unknown, { keepalive = false } = {}): Promise<ApiResult<T>> {
    const result = await studioCall<T>(method, url, body, { ...(transport && { transport }), keepalive });
    if (result.ok) return result;
    return { ok: false, status: result.status, failure: { ...result.answer, error: result.error } as EditorFailure };
  }
  const q = (file: string) => `file=${encodeURIComponent(file)}`;

  return {
    /** Any other studio call (the blog admin's, server/studio/posts-api.ts), its refusal as the others'. */
    call,
    context: () => call<EditorContext>("GET", "/context"),
    documents: () => call<StudioListing>("GET", "/documents"),
    open: (file: string) => call<StudioDocument>("GET", `/document?${q(file)}`),
    check: (file: string, data: unknown) => call<CheckedDraft>("POST", "/check", { file, data }),
    draft: (file: string) => call<{ draft: StudioDraft }>("GET", `/drafts?${q(file)}`),
    /** The draft if someone changed it since revision `over` (null: none seen), else null. */
    draftSince: (file: string, over: string | null) => call<{ draft: StudioDraft | null }>("GET", `/drafts/since?${q(file)}${over === null ? "" : `&over=${encodeURIComponent(over)}`}`),
    /** `over`: the draft's revision the changes were made over (null: none seen); refused 409 StudioDraftChanged, with the draft now, when it moved on. Without it, last write wins. */
    keepDraft: (file: string, base: string | null, data: unknown, over?: string | null) => call<{ draft: KeptDraft }>("PUT", "/drafts", { file, base, data, ...(over !== undefined && { over }) }),
    /** `over`: discarded only if the draft is still at that revision (else 409 StudioDraftChanged: someone typed since). */
    discardDraft: (file: string, over?: string) => call<void>("DELETE", `/drafts?${q(file)}${over === undefined ? "" : `&over=${encodeURIComponent(over)}`}`),
    /** A heartbeat while the file is open: answers who else has it open. */
    presence: (file: string) => call<{ editors: StudioAuthor[] }>("POST", "/presence", { file }),
    /** The file closed: sent as the page goes too (keepalive), so others stop seeing this person on it at once. */
    leave: (file: string) => call<void>("DELETE", `/presence?${q(file)}`, undefined, { keepalive: true }),
    sharePreview: (file: string) => call<PreviewLinkCreated>("POST", "/previews", { file }),
    previews: (file: string) => call<{ previews: PreviewLinkView[] }>("GET", `/previews?${q(file)}`),
    revokePreview: (id: string) => call<void>("DELETE", `/previews/${encodeURIComponent(id)}`),
    /**
     * Publishes a draft that started from `base` (the publish engineer's route; editors and
     * admins only). Sent once more when no answer came: the server answers a publish whose work
     * is done already as done (server/studio/publish.ts), so sending it twice never publishes
     * twice, and a publish whose answer was lost is found done. Still none: PublishUnanswered.
     */
    publish: (file: string, base: string | null, data: unknown, override?: PublishOverride) =>
      onceMoreIfUnanswered(() => call<Published>("POST", "/publish", { file, base, data, ...(override && { override }) }), errors.PublishUnanswered),
    /** The publish gate's report on a page's draft as it would be published (null: no gate for it here). */
    publishGate: (file: string, data: unknown) => call<{ gate: GateReport | null }>("POST", "/publish/gate", { file, data }),
    /** The new images (uploaded, not published yet) the draft names: publishing it publishes them too. */
    publishImages: (file: string, data: unknown) => call<{ images: NewImage[] }>("POST", "/publish/images", { file, data }),
    history: (file: string) => call<{ file: string; revisions: Revision[]; edits: HistoryEdit[] }>("GET", `/history?${q(file)}`),
    changesSince: (file: string, rev: string) => call<{ file: string; rev: string; changes: FieldChange[]; removes: TranslationsRemoved }>("GET", `/history/changes?${q(file)}&rev=${encodeURIComponent(rev)}`),
    /** The page's visits and forms sent over the last `days` days, and since its last publish (editors and admins). */
    pageAnalytics: (file: string, days: number) => call<PageAnalytics>("GET", `/analytics/page?${q(file)}&days=${days}`),
    /** A new commit restoring the file as it was at `rev` (editors and admins only). */
    revert: (file: string, rev: string) => call<Published & { rev: string }>("POST", "/revert", { file, rev }),
    /** Scheduled publishing (editors and admins): a draft published at `at` (ISO-8601 UTC). */
    schedules: (file: string) => call<{ schedules: ScheduleView[] }>("GET", `/schedules?${q(file)}`),
    /** Sent once more when no answer came, as a publish is: the server sets the same schedule once (server/studio/schedules.ts). Still none: ScheduleUnanswered. */
    schedule: (file: string, base: string | null, data: unknown, at: string, override?: PublishOverride) =>
      onceMoreIfUnanswered(() => call<{ schedule: ScheduleView }>("POST", "/schedules", { file, base, data, at, ...(override && { override }) }), errors.ScheduleUnanswered),
    cancelSchedule: (id: string) => call<void>("DELETE", `/schedules/${encodeURIComponent(id)}`),
    /** The review workflow (server/studio/reviews-api.ts): the page's latest review, sending its draft, sending it back, withdrawing it. */
    reviews: (file: string) => call<{ reviews: ReviewView[] }>("GET", `/reviews?${q(file)}`),
    sendForReview: (file: string, note: string) => call<{ review: ReviewView }>("POST", "/reviews", { file, ...(note.trim() !== "" && { note }) }),
    returnReview: (id: string, comment: string) => call<{ review: ReviewView }>("POST", `/reviews/${encodeURIComponent(id)}/return`, { comment }),
    withdrawReview: (id: string) => call<{ review: ReviewView }>("POST", `/reviews/${encodeURIComponent(id)}/withdraw`),
  };
}

export type StudioApi = ReturnType<typeof studioApi>;
