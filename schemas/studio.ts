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
