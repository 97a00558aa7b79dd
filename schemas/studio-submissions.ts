/**
 * The studio's submissions calls, as queries and bodies: what the server checks
 * (server/studio/submissions-api.ts) and what the Submissions screen sends.
 */
import { z } from "zod";

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
