/**
 * The review workflow's calls (server/studio/reviews-api.ts) and what it answers: a contributor,
 * who cannot publish, sends a page's draft for review with an optional note; an editor or admin
 * publishes it (the publish path resolves it) or sends it back with a comment.
 *
 *   pending ─► published (by the publish of its page) | returned (comment) | withdrawn (by its sender)
 */
import { z } from "zod";

export const reviewStates = ["pending", "published", "returned", "withdrawn"] as const;
export type ReviewState = (typeof reviewStates)[number];

/** A note or a comment: a few sentences, not an essay. */
export const REVIEW_TEXT_MAX = 2000;
const reviewText = z.string().trim().max(REVIEW_TEXT_MAX, { error: `At most ${REVIEW_TEXT_MAX} characters.` });

export const sendForReviewSchema = z.strictObject({ file: z.string().max(300), note: reviewText.optional() });
/** Sending back needs a comment: the contributor must learn what to change. */
export const returnReviewSchema = z.strictObject({ comment: reviewText.min(1, { error: "Write what to change: a comment is needed to send a draft back." }) });
export const reviewIdSchema = z.strictObject({ id: z.string().max(64) });
export const reviewsQuerySchema = z.strictObject({ file: z.string().min(1).max(300).optional() });

const person = z.object({ name: z.string() });

/** A review as the studio shows it: the page by its title and path, never its file alone. */
export const reviewViewSchema = z.object({
  id: z.string(),
  /** The document (content/pages/about.json): what the editor opens, never shown as such. */
  file: z.string(),
  state: z.enum(reviewStates),
  note: z.string().nullable(),
  by: person,
  /** Whether the signed-in person sent it (they may withdraw it). */
  mine: z.boolean(),
  at: z.string(),
  /** Who published it or sent it back, with the comment, and when. */
  reviewer: person.nullable(),
  comment: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;
