/**
 * The studio's publish and history calls, as JSON bodies and queries: what the server checks
 * (server/studio/publish-api.ts) and what the studio's screens send.
 */
import { z } from "zod";

/** A content file's path, as the editor names it (which files the studio edits is checked after). */
const file = z.string().min(1).max(300);
/** A file's version as the editor has it: a hash of its text (src/editor/server/store.ts versionOf). */
const version = z.string().regex(/^[0-9a-f]{16}$/, { error: "base: the version of the file the draft began from, as the studio gave it (16 hex digits), or null for a new file." });
/** A commit's hex name, full or abbreviated (server/studio/git.ts REV). */
const rev = z.string().regex(/^[0-9a-f]{7,64}$/, { error: "rev: a commit's hex name (7 to 64 characters 0-9 a-f), from the file's history." });

/** An admin publishing a page the publish gate stopped: why, kept in the audit log. */
export const OVERRIDE_REASON = { min: 10, max: 500 };
/** What the Publish dialog's own accessibility check (axe, in the browser) found, which the server cannot run: named for the audit log. */
export const OVERRIDDEN_ACCESSIBILITY = { max: 50, length: 200 };
const override = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(OVERRIDE_REASON.min, { error: `override.reason: say why the page is published with its problems (at least ${OVERRIDE_REASON.min} characters).` })
    .max(OVERRIDE_REASON.max),
  accessibility: z
    .array(z.string().trim().min(1).max(OVERRIDDEN_ACCESSIBILITY.length), { error: `override.accessibility: the accessibility problems the dialog found, at most ${OVERRIDDEN_ACCESSIBILITY.max} texts of up to ${OVERRIDDEN_ACCESSIBILITY.length} characters.` })
    .max(OVERRIDDEN_ACCESSIBILITY.max)
    .optional(),
});
/** An admin publishing anyway: the reason, and what the dialog's accessibility check found. */
export type PublishOverride = z.infer<typeof override>;
export const publishSchema = z.strictObject({ file, base: version.nullable(), data: z.json(), override: override.optional() });
/** The publish gate's check of a draft as it would be published (server/studio/publish-gate.ts). */
export const publishGateSchema = z.strictObject({ file, data: z.json() });
export const revertSchema = z.strictObject({ file, rev });
/** A blog post deleted as a commit: `base` is the version of its file the person saw. */
export const deletePostSchema = z.strictObject({ file, base: version });
export const historyQuerySchema = z.strictObject({ file });
export const historyChangesQuerySchema = z.strictObject({ file, rev });
/** Without a commit: only how the content stands with the other hosts. */
export const publishStatusQuerySchema = z.strictObject({ commit: rev.optional() });

/** A catalogue error as answered (src/errors/define.ts ErrorData). */
const errorData = z.object({ code: z.string(), title: z.string(), message: z.string(), hint: z.string() });

/**
 * How the studio's commits stand with CONTENT_GIT_REMOTE (server/hosts/push.ts), in GET
 * /publish/status's `hosts` (null without a remote): "not pushed yet" while `unpushed` > 0.
 */
export const hostsStatusSchema = z.object({
  remote: z.string(),
  /** Commits the remote's branch lacks, and the oldest of them (its commit date). */
  unpushed: z.number().int(),
  oldest: z.object({ commit: z.string(), date: z.string() }).nullable(),
  pushing: z.boolean(),
  /** What git said at the last failed push, until one goes through. */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** Why publishing is stopped (the histories diverged), until a developer resolves it. */
  stopped: errorData.nullable(),
});
export type HostsStatus = z.infer<typeof hostsStatusSchema>;
