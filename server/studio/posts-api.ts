/**
 * The blog admin's calls in studio mode, under /api/studio: what the page editor's routes do not
 * already give for local blog posts. Everything else a post needs goes through the routes every
 * document takes (drafts, publish, history, revert: ./documents-api.ts, ./publish-api.ts), a post
 * being one more document kind (./documents/kinds.ts).
 *
 *   GET  /posts          contributor  → the admin's listing; each post with its `file` and its draft's
 *                                       { by, at } or null; each locale's own posts follow with their `locale`;
 *                                       drafts of posts not published yet follow, with version ""
 *   POST /posts/delete   editor       { file, base } → 200 { version: "", commit, live }: the file removed as a commit
 *                                       409 StudioChangedSince { changes }: the post changed since `base`
 */
import type { FastifyInstance } from "fastify";
import { deletePostSchema } from "../../schemas/studio-publish.ts";
import type { AdminPostInput, StudioListedPost, StudioPostListing } from "../../src/admin/model.ts";
import { postFileOf, slugOfPostFile } from "../../src/blog/paths.ts";
import { answerPublishing, namedDocument, parse } from "./answers.ts";
import { audit } from "./audit.ts";
import { draftMarks, draftOf } from "./documents/drafts.ts";
import { isPostFile, postLocaleOf, type StudioDocuments } from "./documents/kinds.ts";
import type { Publisher } from "./publish.ts";
import { author } from "./publish-api.ts";

/** A new post's fields before its draft says otherwise. */
const NEW_POST: AdminPostInput = { title: "", excerpt: "", content: "", author: "", category: "", tags: [], status: "draft", featured: false };

export async function postsApi(app: FastifyInstance, { documents, publishing }: { documents: StudioDocuments; publishing: Publisher }) {
  app.get("/posts", { config: { least: "contributor" } }, async () => {
    const db = app.storage.db;
    const [listing, marks] = await Promise.all([documents.posts.list(), draftMarks(db)]);
    // Each locale's own posts (content/blog/posts/<locale>/) follow the default's, each with its locale.
    const locales = documents.postLocales();
    const localeListings = await Promise.all(locales.map((locale) => documents.writerFor(locale).list()));
    const published = [
      ...listing.posts.map((post) => ({ ...post, file: postFileOf(post.slug) })),
      ...localeListings.flatMap((l, i) => l.posts.map((post) => ({ ...post, file: postFileOf(post.slug, locales[i]), locale: locales[i]! }))),
    ];
    const listed = new Set(published.map((post) => post.file));
    const categoryName = (slug: string) => listing.categories.find((c) => c.slug === slug)?.name ?? slug;
    // A new post's draft is listed from what its form holds, with no version: publishing creates it.
    const unpublished = await Promise.all(
      [...marks].filter(([file]) => isPostFile(file) && !listed.has(file)).map(async ([file, mark]): Promise<StudioListedPost> => {
        const fields = { ...NEW_POST, ...((await draftOf(db, file))?.data as Partial<AdminPostInput> | undefined) };
        const locale = postLocaleOf(file);
        return { ...fields, title: fields.title || slugOfPostFile(file), slug: slugOfPostFile(file), file, ...(locale && { locale }), date: mark.at.slice(0, 10), categoryName: categoryName(fields.category), version: "", draft: mark };
      }),
    );
    return {
      ...listing,
      posts: [...published.map((post) => ({ ...post, draft: marks.get(post.file) ?? null })), ...unpublished],
      problems: [...listing.problems, ...localeListings.flatMap((l) => l.problems)],
    } satisfies StudioPostListing;
  });

  app.post("/posts/delete", { config: { least: "editor" } }, async (request, reply) => {
    const body = parse(deletePostSchema, request.body, reply);
    if (!body || !namedDocument(documents, body.file, reply)) return reply;
    const removed = await publishing.remove(body.file, body.base, author(request));
    if (removed.ok) await audit(request, { action: "publish", target: body.file, detail: { commit: removed.commit, deleted: true } });
    return answerPublishing(reply, removed);
  });
}
