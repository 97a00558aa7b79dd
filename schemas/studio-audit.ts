/**
 * The studio's audit log (server/studio/audit.ts): which actions it records, the query the
 * admins' list and export take (GET /api/studio/audit, `npm run audit -- export`), and an
 * entry as they read it. The action names are stable: stored rows, exports and filters use them.
 */
import { z } from "zod";

export const auditActionSchema = z.enum([
  /** Signed in with a password; with a passkey; in local mode, with the link the server printed (server/studio/local.ts). */
  "sign-in.password",
  "sign-in.passkey",
  "sign-in.local",
  /** A password sign-in refused (target: the address tried; never the password). Throttled attempts are not recorded. */
  "sign-in.failed",
  "sign-out",
  /** Someone signed one of their other devices out. */
  "session.revoke",
  /** An account invited (by an admin, or `npm run users -- add`). */
  "user.invite",
  "user.role",
  "user.disable",
  /** A password set with an invitation's or a reset's link. */
  "password.set",
  /** A reset link issued (asked for by email, or `npm run users -- reset`). */
  "password.reset",
  "passkey.add",
  "passkey.remove",
  "publish",
  /** An admin published a page the publish gate stopped, with a reason (server/studio/publish-gate.ts). */
  "publish.override",
  "revert",
  /** Scheduled publishing and pushing to other hosts (issue 29). */
  "schedule.set",
  "schedule.cancel",
  "schedule.run",
  "publish.pushed",
  /** The review workflow (issue 36): a draft sent for review, sent back with a comment, withdrawn, published. */
  "review.send",
  "review.return",
  "review.withdraw",
  "review.publish",
  /** The media library (issue 39): images uploaded, described, given a new picture (same id), published (on the Media screen, or with a page naming it: detail.with), deleted, brought back to an earlier version. */
  "media.upload",
  "media.describe",
  "media.replace",
  "media.publish",
  "media.delete",
  "media.revert",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** A day (2026-11-26) or a moment (2026-11-26T18:00:00Z). */
const moment = z.string().refine((text) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text)), {
  error: "a date (2026-11-26) or a moment (2026-11-26T18:00:00Z)",
});

/** What to list or export: every filter optional; `since` inclusive, `until` exclusive. */
export const auditFilterSchema = z.strictObject({
  action: auditActionSchema.optional(),
  /** The acting account's email address. */
  actor: z.string().trim().toLowerCase().min(1).max(254).optional(),
  since: moment.optional(),
  until: moment.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = auditFilterSchema.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const auditExportQuerySchema = auditFilterSchema.extend({ format: z.enum(["csv", "json"]).default("csv") });

export const auditEntrySchema = z.object({
  id: z.string(),
  /** When, on the database's clock (ISO-8601 UTC). */
  at: z.string(),
  action: auditActionSchema,
  /** Who, as they were then; null when nobody was signed in (a failed sign-in, a reset asked for by email, the command line). */
  actor: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  /** What it was done to: an account's address, a content file. */
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** From where: the client's address as the server reads it (TRUST_PROXY), and its browser, shortened. */
  ip: z.string(),
  userAgent: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
