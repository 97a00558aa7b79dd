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
/** A draft's revision (server/studio/documents/drafts.ts): what a keep or a discard expects the draft to be at. */
const draftRevision = z.string().max(64);
/** A discard, or an open editor's poll: the file, and the draft's revision the editor holds. */
export const draftOverQuerySchema = z.strictObject({ file: documentFile, over: draftRevision.optional() });
export const fileBodySchema = z.strictObject({ file: documentFile });
export const checkDraftSchema = z.strictObject({ file: documentFile, data: draftValue });
/** `over`: the draft's revision the person's changes were made over (null: they saw none); without it, last write wins. */
export const saveDraftSchema = z.strictObject({ file: documentFile, base: z.string().max(64).nullable(), data: draftValue, over: draftRevision.nullable().optional() });
export const previewIdSchema = z.strictObject({ id: z.string().max(64) });

/**
 * What the API answers, as the studio's screens read it (src/studio/): an account (never its
 * password hash) and a signed-in session ("your devices").
 */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** invited: no password set yet. */
  status: z.enum(["invited", "active", "disabled"]),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const sessionViewSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/**
 * What the sign-in screen offers before anyone signs in: a reset link by email only when the
 * server can mail one; in local mode (`local`), the way in is the link the server printed.
 */
/** How long local mode's printed sign-in link works (server/studio/local.ts), in minutes. */
export const LOCAL_LINK_MINUTES = 15;

export const signInOptionsSchema = z.object({ resetByMail: z.boolean(), local: z.boolean() });
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** A passkey as its owner sees it: a name and when it was added and last used (never its key). */
export const passkeyViewSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

/**
 * A WebAuthn response as the browser's JSON form carries it (@simplewebauthn/browser): checked
 * for shape and size here; its contents are checked by @simplewebauthn/server.
 */
const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/);
const credentialResponse = (response: z.ZodType) =>
  z.looseObject({ id: base64url(1400).min(1), rawId: base64url(1400), type: z.literal("public-key"), response, clientExtensionResults: z.looseObject({}), authenticatorAttachment: z.string().max(40).optional() });

export const passkeyRegistrationSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  response: credentialResponse(
    z.looseObject({ clientDataJSON: base64url(4000), attestationObject: base64url(40_000), transports: z.array(z.string().max(20)).max(10).optional() }),
  ),
});
export const passkeySignInSchema = z.strictObject({
  response: credentialResponse(
    z.looseObject({ clientDataJSON: base64url(4000), authenticatorData: base64url(4000), signature: base64url(1000), userHandle: base64url(200).optional() }),
  ),
});
