/**
 * The studio's account API, as JSON bodies: what the server checks (server/studio/api.ts)
 * and what the studio's screens send. Roles, least to most: a contributor edits drafts and
 * shares previews; an editor also publishes, reverts and schedules; an admin also manages accounts.
 */
import { z } from "zod";

export const roleSchema = z.enum(["contributor", "editor", "admin"]);
export type Role = z.infer<typeof roleSchema>;

const email = z.string().trim().toLowerCase().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "Give an email address, e.g. asha@example.com." });
/** Long enough for any passphrase; the rules for a new one are in server/studio/auth/passwords.ts. */
const password = z.string().max(1024);

export const signInSchema = z.strictObject({ email: z.string().trim().toLowerCase().max(254), password });
export const setPasswordSchema = z.strictObject({ token: z.string().min(1).max(100), password });
export const inviteSchema = z.strictObject({ email, name: z.string().trim().min(1).max(120), role: roleSchema });
export const passwordResetSchema = z.strictObject({ email });
export const changeRoleSchema = z.strictObject({ role: roleSchema });

/**
 * The studio's documents (server/studio/documents-api.ts). A file is named as the editor's
 * listing names it; which names are editable is the editor's rule (src/editor/server/store.ts),
 * checked by the server. A draft's value is any JSON: the checker says what is wrong with it.
 */
const documentFile = z.string().max(300);
const draftValue = z.unknown().refine((value) => value !== undefined, { error: "data: the document's value is missing." });
export const documentQuerySchema = z.strictObject({ file: documentFile });
export const fileBodySchema = z.strictObject({ file: documentFile });
export const checkDraftSchema = z.strictObject({ file: documentFile, data: draftValue });
export const saveDraftSchema = z.strictObject({ file: documentFile, base: z.string().max(64).nullable(), data: draftValue });
export const previewIdSchema = z.strictObject({ id: z.string().max(64) });
