/**
 * The studio's documents under /api/studio: the page editor's listing, files and checks
 * (src/editor/server/store.ts, read-only here), drafts kept as people type, who else is editing,
 * and preview links. Every route needs a contributor; no route writes a content file.
 *
 *   GET    /context                the checked content, for the editor's previews and pickers (as the local editor's)
 *   GET    /documents              the editor's listing; each file with its draft's { by, at } if any, and new pages' drafts
 *   GET    /document?file=…        the file (as the local editor opens it) + { draft, editors }; a draft of an older
 *                                   version carries that version's data (`baseData`), for the editor's merge
 *   POST   /check     { file, data }        the site's errors with the draft in place
 *   GET    /drafts?file=…          the file's draft → { draft } (a page not written yet has no file)
 *   GET    /drafts/since?file=…&over=…  → { draft }: the draft if it is no longer at revision `over`, else null (an open editor's poll)
 *   PUT    /drafts    { file, base, data, over }  autosave → { draft: { by, at, revision } }; 409 StudioDraftChanged
 *                                   { draft } when the draft is no longer at revision `over` (without `over`: last write wins);
 *                                   400 StudioDraftNotDocument (not the document's shape), 409 StudioDraftsPerPerson /
 *                                   StudioDraftsFull (./documents/draft-limits.ts)
 *   DELETE /drafts?file=…&over=…   discard → 204; 409 StudioDraftChanged { draft } when it is no longer at `over`
 *   POST   /presence  { file }     a heartbeat → { editors }: who else has it open
 *   DELETE /presence?file=         closed: the others stop seeing this person on it (204)
 *   POST   /previews  { file }     a preview link (a page, a collection, a post) → 201 { id, url, expiresAt }
 *   GET    /previews?file=…        the file's live links
 *   DELETE /previews/:id           revoke → 204
 *
 * A name that is not an editable file is a 400 (StudioNotADocument); a body over 2 MB a 413.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { checkDraftSchema, draftOverQuerySchema, documentQuerySchema, fileBodySchema, previewIdSchema, saveDraftSchema } from "../../schemas/studio.ts";
import { isMediaFile } from "../../schemas/studio-media.ts";
import { errors } from "../../src/errors/catalogue.ts";
import type { LibraryImage, PreviewLinkCreated, StudioDocument, StudioListing } from "../../src/editor/model.ts";
import { translationOf } from "../../src/editor/server/store.ts";
import { namedDocument, parse, signedIn } from "./answers.ts";
import { MAX_DEPTH, nestsDeeperThan } from "./documents/depth.ts";
import { discardDraft, draftMarks, draftOf, saveDraft } from "./documents/drafts.ts";
import { type DraftLimits, draftRoomProblem, draftShapeProblem } from "./documents/draft-limits.ts";
import { editorsNow, heartbeat, leave } from "./documents/presence.ts";
import { createPreview, livePreviews, revokePreview, shareUrl } from "./documents/previews.ts";
import { refuse } from "./guard.ts";
import { audit } from "./audit.ts";
import { withdrawWaiting } from "./reviews.ts";
import { isPostFile, type StudioDocuments } from "./documents/kinds.ts";

export interface DocumentsApiOptions {
  /** What the studio edits (CONTENT_ROOT, else the project root): the editor's store and the blog's posts. */
  documents: StudioDocuments;
  /** How long a presence heartbeat counts (ms). */
  presenceMs: number;
  /** How long a new preview link works (ms). */
  previewTtlMs: number;
  /** How many drafts may be kept (./documents/draft-limits.ts DRAFT_LIMITS). */
  draftLimits: DraftLimits;
  /** A document's data at an older version, from its history (./publish.ts); undefined when not found. */
  dataAt: (file: string, version: string) => Promise<unknown>;
  /** The entries of the new images a draft names, by file (./media/library.ts): its check knows them, as its publish publishes them. */
  newEntriesIn?: (file: string, data: unknown) => Promise<ReadonlyMap<string, string>>;
  /** The new images, for the pickers (./media/library.ts). */
  newImages?: () => Promise<LibraryImage[]>;
}

/** The largest collection (services) is about 60 kB; a document's body (a draft, a publish, a schedule) is refused well before it could hurt. */
export const DOCUMENT_BODY_LIMIT = 2 * 1024 * 1024;

const contributor = { least: "contributor" } as const;
const large = { config: contributor, bodyLimit: DOCUMENT_BODY_LIMIT };

export async function documentsApi(app: FastifyInstance, { documents, presenceMs, previewTtlMs, draftLimits, dataAt, newEntriesIn, newImages }: DocumentsApiOptions) {
  const db = app.storage.db;
  const { store } = documents;

  const tooDeep = (data: unknown, reply: FastifyReply) => {
    if (!nestsDeeperThan(data, MAX_DEPTH)) return false;
    refuse(reply, 400, errors.StudioBadRequest(`data: the value nests more than ${MAX_DEPTH} levels deep.`));
    return true;
  };

  app.get("/context", { config: contributor }, async () => {
    const context = await store.context();
    // The pickers offer the new images too: a page placing one publishes it with it.
    return newImages ? { ...context, media: [...(context.media ?? []), ...(await newImages())] } : context;
  });

  app.get("/documents", { config: contributor }, async () => {
    const [listing, marks] = await Promise.all([store.list(), draftMarks(db)]);
    const mark = <T extends { file: string }>(entry: T) => ({ ...entry, draft: marks.get(entry.file) ?? null });
    const listed = new Set([...listing.pages, ...listing.collections].map((entry) => entry.file));
    // A translation's draft is not a page's: it is opened from its page, in its locale; nor is a post's, nor an image's (the Media screen's).
    const newPages = [...marks].filter(([file]) => !listed.has(file) && !isPostFile(file) && !translationOf(file) && !isMediaFile(file)).map(([file, draft]) => ({ file, draft }));
    return { pages: listing.pages.map(mark), collections: listing.collections.map(mark), siteWide: listing.siteWide, newPages } satisfies StudioListing;
  });

  // A page not written yet has a draft and no file: the editor opens it from here.
  app.get("/drafts", { config: contributor }, async (request, reply) => {
    const query = parse(documentQuerySchema, request.query, reply);
    const file = query && namedDocument(documents, query.file, reply);
    if (!file) return reply;
    const draft = await draftOf(db, file);
    return draft ? { draft } : refuse(reply, 404, errors.StudioDraftNotFound(file));
  });

  // An open editor's poll: the draft only when someone changed it since the revision it holds.
  app.get("/drafts/since", { config: contributor }, async (request, reply) => {
    const query = parse(draftOverQuerySchema, request.query, reply);
    const file = query && namedDocument(documents, query.file, reply);
    if (!file) return reply;
    const draft = await draftOf(db, file);
    return { draft: draft && draft.revision !== query.over ? draft : null };
  });

  app.get("/document", { config: contributor }, async (request, reply) => {
    const query = parse(documentQuerySchema, request.query, reply);
    const file = query && namedDocument(documents, query.file, reply, { pagesOnly: true });
    if (!file) return reply;
    const opened = await store.open(file);
    if (!opened.ok) return refuse(reply, 404, errors.StudioDocumentNotFound(file));
    const { user } = signedIn(request);
    const [draft, editors] = await Promise.all([draftOf(db, file), editorsNow(db, file, user.id, presenceMs)]);
    const baseData = draft?.base && draft.base !== opened.value.version ? await dataAt(file, draft.base) : undefined;
    return { ...opened.value, draft: draft ? { ...draft, ...(baseData !== undefined && { baseData }) } : null, editors } satisfies StudioDocument;
  });

  app.post("/check", large, async (request, reply) => {
    const body = parse(checkDraftSchema, request.body, reply);
    const file = body && namedDocument(documents, body.file, reply, { pagesOnly: true });
    if (!file || tooDeep(body.data, reply)) return reply;
    // The new images the draft names are published with it: its check knows them.
    const checked = await store.check(file, body.data, await newEntriesIn?.(file, body.data));
    return checked.ok ? checked.value : refuse(reply, 400, errors.StudioNotADocument(file));
  });

  app.put("/drafts", large, async (request, reply) => {
    const body = parse(saveDraftSchema, request.body, reply);
    const file = body && namedDocument(documents, body.file, reply);
    if (!file || tooDeep(body.data, reply)) return reply;
    const shapeProblem = await draftShapeProblem(file, body.data);
    if (shapeProblem) return refuse(reply, 400, shapeProblem);
    const userId = signedIn(request).user.id;
    const roomProblem = await draftRoomProblem(db, draftLimits, { file, userId, size: JSON.stringify(body.data).length });
    if (roomProblem) return refuse(reply, 409, roomProblem);
    const saved = await saveDraft(db, { file, base: body.base, data: body.data, userId, ...(body.over !== undefined && { over: body.over }) });
    return "kept" in saved ? { draft: saved.kept } : reply.code(409).send({ error: errors.StudioDraftChanged(file), draft: saved.changed });
  });

  app.delete("/drafts", { config: contributor }, async (request, reply) => {
    const query = parse(draftOverQuerySchema, request.query, reply);
    const file = query && namedDocument(documents, query.file, reply);
    if (!file) return reply;
    const { discarded } = await discardDraft(db, file, query.over);
    if (discarded) {
      // Nothing is left to review: a review waiting on the draft is withdrawn (./reviews.ts).
      const review = await withdrawWaiting(db, file, signedIn(request).user.id);
      if (review) await audit(request, { action: "review.withdraw", target: file, detail: { review, because: "the draft was discarded" } });
      return reply.code(204).send();
    }
    return reply.code(409).send({ error: errors.StudioDraftChanged(file), draft: (await draftOf(db, file)) ?? null });
  });

  app.post("/presence", { config: contributor }, async (request, reply) => {
    const body = parse(fileBodySchema, request.body, reply);
    const file = body && namedDocument(documents, body.file, reply);
    if (!file) return reply;
    const { user } = signedIn(request);
    await heartbeat(db, file, user.id, presenceMs);
    return { editors: await editorsNow(db, file, user.id, presenceMs) };
  });

  app.delete("/presence", { config: contributor }, async (request, reply) => {
    const query = parse(documentQuerySchema, request.query, reply);
    const file = query && namedDocument(documents, query.file, reply);
    if (!file) return reply;
    await leave(db, file, signedIn(request).user.id);
    return reply.code(204).send();
  });

  app.post("/previews", { config: contributor }, async (request, reply) => {
    const body = parse(fileBodySchema, request.body, reply);
    const file = body && namedDocument(documents, body.file, reply);
    if (!file) return reply;
    if (!(await documents.exists(file)) && !(await draftOf(db, file))) return refuse(reply, 404, errors.StudioDocumentNotFound(file));
    const { id, token, expiresAt } = await createPreview(db, { file, userId: signedIn(request).user.id, ttlMs: previewTtlMs });
    return reply.code(201).send({ id, url: shareUrl(token), expiresAt } satisfies PreviewLinkCreated);
  });

  app.get("/previews", { config: contributor }, async (request, reply) => {
    const query = parse(documentQuerySchema, request.query, reply);
    const file = query && namedDocument(documents, query.file, reply);
    if (!file) return reply;
    return { previews: await livePreviews(db, file) };
  });

  app.delete("/previews/:id", { config: contributor }, async (request, reply) => {
    const params = parse(previewIdSchema, request.params, reply);
    if (!params) return reply;
    if (!(await revokePreview(db, params.id))) return refuse(reply, 404, errors.StudioPreviewNotFound());
    return reply.code(204).send();
  });
}
