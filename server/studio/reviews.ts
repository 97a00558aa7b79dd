/**
 * Drafts sent for review, kept in the database (migration 0014_studio_reviews). A contributor,
 * who cannot publish, sends a page's draft with an optional note; editors and admins see what
 * waits and either publish the page (the publish path, ./publish-api.ts, resolves its review) or
 * send it back with a comment. The sender sees the answer in the editor and on the studio home.
 *
 *   pending ─► published (its page published) | returned (a comment) | withdrawn (by its sender)
 *
 * The review names the page, not a copy of its data: the draft stays the page's one shared draft,
 * so what the reviewer opens is the draft as it is now. Editing a waiting draft keeps it waiting
 * (the reviewer sees the latest); its sender may withdraw it. At most one review waits per page
 * (a partial unique index): a second send while one waits is refused, never doubled.
 */
import type { Role } from "../../schemas/studio.ts";
import type { ReviewState, ReviewView } from "../../schemas/studio-review.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { type Db, sqlNow } from "../storage/database.ts";
import { uuidv7 } from "../storage/ids.ts";
import type { Outcome } from "./auth/accounts.ts";
import { draftOf } from "./documents/drafts.ts";

/** How many answered reviews a list shows besides the waiting ones. */
export const RECENT_REVIEWS = 20;

const PENDING: ReviewState = "pending";

const withPeople = (db: Db) =>
  db
    .selectFrom("studio_reviews")
    .innerJoin("studio_users as sender", "sender.id", "studio_reviews.requested_by")
    .leftJoin("studio_users as reviewer", "reviewer.id", "studio_reviews.reviewer_id")
    .select([
      "studio_reviews.id",
      "studio_reviews.file",
      "studio_reviews.state",
      "studio_reviews.note",
      "studio_reviews.requested_by",
      "studio_reviews.requested_at",
      "studio_reviews.comment",
      "studio_reviews.answered_at",
      "sender.name as sender_name",
      "reviewer.name as reviewer_name",
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof withPeople>["executeTakeFirstOrThrow"]>>;

const view = (row: Row, viewerId: string): ReviewView => ({
  id: row.id,
  file: row.file,
  state: row.state as ReviewState,
  note: row.note,
  by: { name: row.sender_name },
  mine: row.requested_by === viewerId,
  at: row.requested_at,
  reviewer: row.reviewer_name === null ? null : { name: row.reviewer_name },
  comment: row.comment,
  answeredAt: row.answered_at,
});

const one = async (db: Db, id: string, viewerId: string) => {
  const row = await withPeople(db).where("studio_reviews.id", "=", id).executeTakeFirst();
  return row && view(row, viewerId);
};

/** Sends a file's draft for review: refused without a draft, or while one of the file already waits. */
export async function sendForReview(db: Db, { file, note, userId }: { file: string; note?: string; userId: string }): Promise<Outcome<ReviewView>> {
  if (!(await draftOf(db, file))) return { ok: false, status: 409, error: errors.StudioReviewNoDraft(file) };
  const id = uuidv7();
  const inserted = await db
    .insertInto("studio_reviews")
    .values({ id, file, state: PENDING, note: note ? note : null, requested_by: userId, requested_at: sqlNow(db) })
    // The one conflict possible is the partial unique index: one of the file's already waits.
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { ok: false, status: 409, error: errors.StudioReviewWaiting(file) };
  return { ok: true, value: (await one(db, id, userId))! };
}

/**
 * Reviews as a person sees them: waiting ones first (oldest first), then the recent answers.
 * Editors and admins see everyone's, contributors their own; `file`: the file's latest review
 * alone, whoever sent it (the page editor shows it on the page).
 */
export async function listReviews(db: Db, viewer: { id: string; role: Role }, { file }: { file?: string } = {}): Promise<ReviewView[]> {
  if (file !== undefined) {
    const latest = await withPeople(db).where("studio_reviews.file", "=", file).orderBy("studio_reviews.requested_at", "desc").orderBy("studio_reviews.id", "desc").limit(1).execute();
    return latest.map((row) => view(row, viewer.id));
  }
  const own = (query: ReturnType<typeof withPeople>) => (viewer.role === "contributor" ? query.where("studio_reviews.requested_by", "=", viewer.id) : query);
  const waiting = await own(withPeople(db)).where("studio_reviews.state", "=", PENDING).orderBy("studio_reviews.requested_at").orderBy("studio_reviews.id").execute();
  const answered = await own(withPeople(db))
    .where("studio_reviews.state", "!=", PENDING)
    .orderBy("studio_reviews.answered_at", "desc")
    .orderBy("studio_reviews.id", "desc")
    .limit(RECENT_REVIEWS)
    .execute();
  return [...waiting, ...answered].map((row) => view(row, viewer.id));
}

/** Answers a waiting review: `returned` with the reviewer's comment, or `withdrawn` by its sender. */
async function answer(db: Db, id: string, viewerId: string, set: { state: ReviewState; reviewer_id?: string; comment?: string }, may: (row: Row) => boolean): Promise<Outcome<ReviewView>> {
  const row = await withPeople(db).where("studio_reviews.id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, status: 404, error: errors.StudioReviewNotFound() };
  if (!may(row)) return { ok: false, status: 403, error: errors.StudioReviewNotYours() };
  const answered = await db
    .updateTable("studio_reviews")
    .set({ ...set, answered_at: sqlNow(db) })
    .where("id", "=", id)
    .where("state", "=", PENDING)
    .executeTakeFirst();
  if (answered.numUpdatedRows === 0n) return { ok: false, status: 409, error: errors.StudioReviewNotWaiting(row.state) };
  return { ok: true, value: (await one(db, id, viewerId))! };
}

/** Sends a waiting review back with a comment (editors and admins: the route's role). */
export const returnReview = (db: Db, id: string, reviewerId: string, comment: string) =>
  answer(db, id, reviewerId, { state: "returned", reviewer_id: reviewerId, comment }, () => true);

/** Its sender takes a waiting review back; nobody else may. */
export const withdrawReview = (db: Db, id: string, userId: string) => answer(db, id, userId, { state: "withdrawn" }, (row) => row.requested_by === userId);

/** The file's waiting review, if any, answered `state` by `byId`. Its id, for the audit log. */
async function resolveWaiting(db: Db, file: string, state: ReviewState, byId: string): Promise<string | undefined> {
  const resolved = await db
    .updateTable("studio_reviews")
    .set({ state, reviewer_id: byId, answered_at: sqlNow(db) })
    .where("file", "=", file)
    .where("state", "=", PENDING)
    .returning("id")
    .executeTakeFirst();
  return resolved?.id;
}

/** The file was published: its waiting review, if any, is answered so, by the publisher. */
export const resolvePublished = (db: Db, file: string, publisherId: string) => resolveWaiting(db, file, "published", publisherId);

/** The draft a review waits on is gone (discarded, or the page restored to an older version): the review is withdrawn, by whoever did it. */
export const withdrawWaiting = (db: Db, file: string, byId: string) => resolveWaiting(db, file, "withdrawn", byId);
