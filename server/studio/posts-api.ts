/**
 * The blog admin's calls in studio mode, under /api/studio: what the page editor's routes do not
 * already give for local blog posts. Everything else a post needs goes through the routes every
 * document takes (drafts, publish, history, revert: ./documents-api.ts, ./publish-api.ts), a post
 * being one more document kind (./documents/kinds.ts).
 *
 *   GET  /posts          contributor  → the admin's listing; each post with its `file` and its draft's
 *                                       { by, at } or null, and `newPosts`: drafts of posts not published yet
 *   POST /posts/delete   editor       { file, base } → 200 { version: "", commit, live }: the file removed as a commit
 *                                       409 StudioChangedSince { changes }: the post changed since `base`
 */
import type { FastifyInstance } from "fastify";
import { deletePostSchema } from "../../schemas/studio-publish.ts";
import type { StudioPostListing } from "../../src/admin/model.ts";
import { postFileOf } from "../../src/blog/paths.ts";
import { parse } from "./answers.ts";
import { audit } from "./audit.ts";
import { draftMarks } from "./documents/drafts.ts";
import { isPostFile, type StudioDocuments } from "./documents/kinds.ts";
import type { Publisher } from "./publish.ts";
import { answer, author } from "./publish-api.ts";

export async function postsApi(app: FastifyInstance, { documents, publishing }: { documents: StudioDocuments; publishing: Publisher }) {
  app.get("/posts", { config: { least: "contributor" } }, async () => {
    const [listing, marks] = await Promise.all([documents.posts.list(), draftMarks(app.storage.db)]);
    const listed = new Set(listing.posts.map((post) => postFileOf(post.slug)));
    return {
      ...listing,
      posts: listing.posts.map((post) => ({ ...post, file: postFileOf(post.slug), draft: marks.get(postFileOf(post.slug)) ?? null })),
      newPosts: [...marks].filter(([file]) => isPostFile(file) && !listed.has(file)).map(([file, draft]) => ({ file, draft })),
    } satisfies StudioPostListing;
  });

  app.post("/posts/delete", { config: { least: "editor" } }, async (request, reply) => {
    const body = parse(deletePostSchema, request.body, reply);
    if (!body) return reply;
    const removed = await publishing.remove(body.file, body.base, author(request));
    if (removed.ok) await audit(request, { action: "publish", target: body.file, detail: { commit: removed.commit, deleted: true } });
    return answer(reply, removed);
  });
}
