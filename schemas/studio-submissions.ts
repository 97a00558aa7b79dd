/**
 * The studio's submissions calls, as queries and bodies: what the server checks
 * (server/studio/submissions-api.ts) and what the Submissions screen sends.
 */
import { z } from "zod";
import type { Locale } from "./locales.ts";

/** A form's id as content names it (the form API's /api/<id>). */
export const formIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, { error: "form: a form's id, as the list of forms names it." });
/** A submission's or a file's id (server/storage/ids.ts makes UUIDv7s). */
export const storedIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** Submissions on one page of a form's list. */
export const SUBMISSIONS_PER_PAGE = 25;

export const submissionsQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

const email = z.string().trim().min(3).max(254).regex(/^[^\s@]+@[^\s@]+$/, { error: "email: an email address." });
/** Erasing one person's data: the address, and the same address typed again. */
export const eraseSchema = z.strictObject({ email, confirm: email });

/**
 * What the API answers, as the Submissions screen (src/studio/screens/Submissions.tsx) reads it
 * and server/storage/submissions.ts builds it.
 */
export const storedFileRefSchema = z.object({ id: z.string(), field: z.string(), name: z.string(), size: z.number(), media_type: z.string() });

export const submissionViewSchema = z.object({
  id: z.string(),
  form: z.string(),
  email: z.string(),
  /** ISO-8601 UTC: first sent, last sent (a form with `unique` updates its submission). */
  createdAt: z.string(),
  updatedAt: z.string(),
  formVersion: z.string(),
  /** The code of the locale of the page it was sent from; null on a one-language site and before migration 0013. */
  locale: z.string().nullable(),
  /** Field name → value as stored (a checkbox group's choices one per line). */
  values: z.record(z.string(), z.string()),
  /** Files sent with it, without their bytes (GET /submissions/files/:id has those). */
  files: z.array(storedFileRefSchema),
});
/** One submission as a person reads it: its values, when, and its files (without bytes). */
export type SubmissionView = z.infer<typeof submissionViewSchema>;

/** A submission in a form's list: no files, and the form is the list's. */
export type SubmissionSummary = Omit<SubmissionView, "files" | "form">;

export interface SubmissionPage {
  /** How many match (all of the form's without a search). */
  total: number;
  submissions: SubmissionSummary[];
}

/** A locale of the build (build/forms.json `locales`): its code and native name (content/locales.json). */
export type BuiltLocale = Pick<Locale, "code" | "name">;

/** GET /submissions/forms: the forms, and the build's locales, whose names the screen shows for a submission's code. */
export interface SubmissionFormsAnswer {
  forms: { id: string; count: number }[];
  /** The default first; one (or none, without content/locales.json) on a one-language site. */
  locales: BuiltLocale[];
}

/** GET /submissions/forms/:form */
export interface SubmissionsListAnswer extends SubmissionPage {
  form: string;
  page: number;
  perPage: number;
}

/** POST /submissions/erase: what went, per form, files and notifications. */
export interface ErasureReport {
  /** Submissions removed, per form id (forms with none are left out). */
  forms: Record<string, number>;
  /** Files sent with them (CVs). */
  files: number;
  outbox: number;
  /** Whether the erased bytes have also left the database's files (server/storage/purge.ts); false: erase again to finish. */
  purged: boolean;
}
