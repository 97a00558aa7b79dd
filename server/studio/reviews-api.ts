/**
 * The review workflow under /api/studio (./reviews.ts keeps the reviews), behind the guard:
 *
 *   POST /reviews               contributor { file, note? } → 201 { review }: the page's draft sent for review
 *                                           409 StudioReviewNoDraft (no draft) / StudioReviewWaiting (one already waits)
 *   GET  /reviews?file=…        contributor → { reviews }: waiting ones, then recent answers (editors and admins:
 *                                           everyone's; contributors: their own); with `file`, the page's latest one
 *   POST /reviews/:id/return    editor      { comment } → { review }: sent back; the comment is required
 *   POST /reviews/:id/withdraw  contributor → { review }: its sender takes it back (403 StudioReviewNotYours for anyone else)
 *
 * Approving is publishing: POST /publish (./publish-api.ts) answers the page's waiting review.
 * An unknown review is 404 StudioReviewNotFound, one already answered 409 StudioReviewNotWaiting.
 */
import type { FastifyInstance } from "fastify";
import { returnReviewSchema, reviewIdSchema, reviewsQuerySchema, sendForReviewSchema } from "../../schemas/studio-review.ts";
import { answer, namedDocument, parse, signedIn } from "./answers.ts";
import { audit } from "./audit.ts";
import type { StudioDocuments } from "./documents/kinds.ts";
import { listReviews, returnReview, sendForReview, withdrawReview } from "./reviews.ts";

const contributor = { least: "contributor" } as const;

export async function reviewsApi(app: FastifyInstance, { documents }: { documents: StudioDocuments }) {
  const db = app.storage.db;

  app.post("/reviews", { config: contributor }, async (request, reply) => {
    const body = parse(sendForReviewSchema, request.body, reply);
    const file = body && namedDocument(documents, body.file, reply, { pagesOnly: true });
    if (!file) return reply;
    const sent = await sendForReview(db, { file, ...(body.note !== undefined && { note: body.note }), userId: signedIn(request).user.id });
    if (sent.ok) await audit(request, { action: "review.send", target: file, detail: { review: sent.value.id, ...(sent.value.note && { note: sent.value.note }) } });
    return answer(reply, sent, (review) => ({ review }), 201);
  });

  app.get("/reviews", { config: contributor }, async (request, reply) => {
    const query = parse(reviewsQuerySchema, request.query, reply);
    if (!query || (query.file !== undefined && !namedDocument(documents, query.file, reply, { pagesOnly: true }))) return reply;
    const { user } = signedIn(request);
    return { reviews: await listReviews(db, user, query) };
  });

  app.post("/reviews/:id/return", { config: { least: "editor" } }, async (request, reply) => {
    const params = parse(reviewIdSchema, request.params, reply);
    const body = params && parse(returnReviewSchema, request.body, reply);
    if (!body) return reply;
    const returned = await returnReview(db, params.id, signedIn(request).user.id, body.comment);
    if (returned.ok) await audit(request, { action: "review.return", target: returned.value.file, detail: { review: params.id, sentBy: returned.value.by.name, comment: body.comment } });
    return answer(reply, returned, (review) => ({ review }));
  });

  app.post("/reviews/:id/withdraw", { config: contributor }, async (request, reply) => {
    const params = parse(reviewIdSchema, request.params, reply);
    if (!params) return reply;
    const withdrawn = await withdrawReview(db, params.id, signedIn(request).user.id);
    if (withdrawn.ok) await audit(request, { action: "review.withdraw", target: withdrawn.value.file, detail: { review: params.id } });
    return answer(reply, withdrawn, (review) => ({ review }));
  });
}
