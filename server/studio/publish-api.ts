/**
 * Publishing, history and revert under /api/studio (./publish.ts does the work), every route
 * behind the guard (./guard.ts) with the least role it needs:
 *
 *   POST /publish                 editor       { file, base, data, override? } → 200 { version, commit, live }; a page the publish
 *                                                gate stops (./publish-gate.ts): 409 PublishGateStopped with { gate }, unless an
 *                                                admin sends override: { reason, accessibility? } (audit publish.override; others 403); accessibility: what the dialog's axe check found, kept in the audit entry even when the server's own gate passed
 *   POST /publish/gate            contributor  { file, data } → { gate: { findings, snippet?, pages, blocking } | null (no gate: a post, no renderer, a draft that does not pass the checker) };
 *                                              a page's, a section's or a collection's draft, on each page it changes in each language
 *                                              409 StudioChangedSince { changes }: the file changed since `base`
 *                                              409 StudioTreeDirty: content/ has changes the studio did not make
 *                                              422 StudioHasErrors { errors }: the whole-site check refused it
 *                                              The new images (uploaded, not published yet) the draft names are published with
 *                                              it, in its commit (audit media.publish for each): never a page naming an image the site lacks
 *   POST /publish/images          contributor  { file, data } → { images: [{ id, name }] }: the new images publishing it publishes too
 *   GET  /publish/status?commit=… contributor  → { commit, live, hosts }: "pending" until the rebuild has switched, then "live" (or "failed");
 *                                              without commit, { hosts }: what is not pushed to CONTENT_GIT_REMOTE yet (null without one)
 *   GET  /history?file=…          contributor  → { file, revisions: [{ rev, author: { name, email }, date, subject }], edits }, newest first;
 *                                                edits: one person's publishes in one sitting together, with their changes in words (./history-edits.ts)
 *   GET  /history/changes?file=…&rev=… contributor → { file, rev, changes, removes }: from that version to the file now, in words;
 *                                              removes: the translated texts restoring it removes, by locale (./restored-translations.ts)
 *   POST /revert                  editor       { file, rev } → 200 { version, commit, live, rev }: a new commit, checked like a publish
 *
 * A file the studio does not edit, or a malformed rev, is 400 StudioNotADocument / StudioBadRequest;
 * a rev not in the file's history is 404 StudioVersionNotFound. While the content's history has
 * diverged from the other hosts' (docs/studio.md, "Several hosts"), publish and revert are 409
 * ContentPushDiverged / ContentHistoryDiverged.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { historyChangesQuerySchema, historyQuerySchema, publishGateSchema, type PublishOverride, publishSchema, publishStatusQuerySchema, revertSchema } from "../../schemas/studio-publish.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { DOCUMENT_BODY_LIMIT } from "./documents-api.ts";
import type { ContentHosts } from "../plugins/content-hosts.ts";
import type { RebuildScheduler } from "../build/scheduler.ts";
import { answerPublishing, namedDocument, parse, signedIn } from "./answers.ts";
import { audit } from "./audit.ts";
import { contentGit, type Person } from "./git.ts";
import { publisher, type Publisher } from "./publish.ts";
import { type MediaLibrary, storeFailure } from "./media/library.ts";
import { resolvePublished, withdrawWaiting } from "./reviews.ts";
import type { StudioDocuments } from "./documents/kinds.ts";

export interface PublisherSettings {
  /** The git working copy holding content/ (CONTENT_ROOT). */
  contentRoot: string;
  /** Checks and writes a document (shared with the drafts' routes). */
  documents: StudioDocuments;
  /** The server's rebuild scheduler, when it serves a built site (server/plugins/rebuilds.ts). */
  rebuilds: () => RebuildScheduler | undefined;
  /** CONTENT_GIT_REMOTE: commits are pushed, and a diverged history stops publishing. */
  hosts?: ContentHosts | undefined;
}

export interface PublishApiOptions extends Pick<PublisherSettings, "contentRoot" | "documents" | "hosts"> {
  /** The process's one publisher (studioPublisher). */
  publishing: Publisher;
  /** The media library: a draft's new images are published with it. */
  library: MediaLibrary;
}

/** The studio's one publisher: commits pushed to the other hosts, rebuilds asked of this server's scheduler. */
export const studioPublisher = ({ contentRoot, documents, rebuilds, hosts }: PublisherSettings) =>
  publisher({
    root: contentRoot,
    documents,
    git: contentGit(contentRoot),
    rebuild: (reason) => rebuilds()?.requestNow(reason),
    ...(hosts && { committed: () => hosts.pusher?.pushSoon(), stopped: () => hosts.stopped() }),
  });

/** What the gate reads of a publish's or a schedule's body. */
interface GatedBody {
  file: string;
  data: unknown;
  override?: PublishOverride | undefined;
}
/** The gate's answer: refused (the reply sent), or passed, with the audit of an admin's override to write once done. */
export type Gated = { passed: false } | { passed: true; overridden?: (detail: Record<string, unknown>) => Promise<unknown> };
export type ThroughGate = (request: FastifyRequest, reply: FastifyReply, body: GatedBody, stopped: (blocking: number) => ErrorData) => Promise<Gated>;

/** Who published: the person the guard signed in. */
export const author = (request: FastifyRequest): Person => {
  const { name, email } = signedIn(request).user;
  return { name, email };
};

export async function publishApi(app: FastifyInstance, { contentRoot, documents, publishing, library, hosts }: PublishApiOptions) {
  // Loaded with the first check: it renders pages (React, parse5), which start-up never needs.
  const gate = async (file: string, data: unknown) => (await import("./publish-gate.ts")).gateReport(app, { store: documents.store, file, data });
  // Once the server listens, and apart from it: the first Publish should not wait for the renderer to load.
  app.addHook("onListen", async () => {
    setTimeout(() => void import("./publish-gate.ts").then(({ warmGate }) => warmGate(app)).catch((error: unknown) => app.log.warn({ err: error }, "studio: the publish gate's renderer did not load ahead")), 1000).unref();
  });

  app.post("/publish/gate", { config: { least: "contributor" }, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const body = parse(publishGateSchema, request.body, reply);
    if (!body || !namedDocument(documents, body.file, reply)) return reply;
    return { gate: (await gate(body.file, body.data)) ?? null };
  });

  /**
   * The gate on what is about to be published, now or at a time: refused (409 with the findings;
   * 403 for an override from anyone but an admin), or passed, with the problems an admin's
   * override passes over for the audit log (publish.override, written once the publish is made).
   */
  const throughGate: ThroughGate = async (request, reply, body, stopped) => {
    if (body.override && signedIn(request).user.role !== "admin") return (reply.code(403).send({ error: errors.PublishOverrideNotAllowed() }), { passed: false });
    // A page published as nothing is deleted (./publish.ts): nothing to read before it goes.
    const checked = body.data === null ? undefined : await gate(body.file, body.data);
    // The dialog's own accessibility check (axe) runs in the browser only: an admin passing over
    // what it found is kept in the audit log all the same, by its words.
    const accessibility = body.override?.accessibility ?? [];
    const blocking = checked?.blocking ?? 0;
    if (blocking === 0 && accessibility.length === 0) return { passed: true };
    if (!body.override) return (reply.code(409).send({ error: stopped(blocking), gate: checked }), { passed: false });
    const problems = (checked?.findings ?? []).filter((f) => f.severity === "error").map((f) => f.code);
    const { reason } = body.override;
    return { passed: true, overridden: (detail) => audit(request, { action: "publish.override", target: body.file, detail: { reason, problems, ...(accessibility.length > 0 && { accessibility }), ...detail } }) };
  };

  app.post("/publish", { config: { least: "editor" }, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const body = parse(publishSchema, request.body, reply);
    if (!body || !namedDocument(documents, body.file, reply)) return reply;
    const gated = await throughGate(request, reply, body, errors.PublishGateStopped);
    if (!gated.passed) return reply;
    // The new images the draft names go live with it, in its commit.
    const staging = await library.stageNewIn(body.file, body.data);
    if (staging && !staging.ok) return answerPublishing(reply, staging);
    const staged = staging?.staged;
    const published = await storeFailure(() => publishing.publish(body.file, body.base, body.data, author(request), staged && { alongside: staged }));
    if (published.ok) {
      await audit(request, { action: "publish", target: body.file, detail: { commit: published.commit, version: published.version, ...(staged && { images: staged.ids }) } });
      if (staged) {
        await staged.settle();
        for (const id of staged.ids) await audit(request, { action: "media.publish", target: id, detail: { commit: published.commit, with: body.file } });
      }
      await gated.overridden?.({});
      // Publishing is how a draft waiting for review is approved (./reviews.ts).
      const review = await resolvePublished(app.storage.db, body.file, signedIn(request).user.id);
      if (review) await audit(request, { action: "review.publish", target: body.file, detail: { review } });
    }
    return answerPublishing(reply, published);
  });

  /** The new images publishing this draft publishes with it, each named: the Publish dialog lists them. */
  app.post("/publish/images", { config: { least: "contributor" }, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const body = parse(publishGateSchema, request.body, reply);
    if (!body || !namedDocument(documents, body.file, reply)) return reply;
    return { images: await library.newImagesIn(body.file, body.data) };
  });

  app.get("/publish/status", { config: { least: "contributor" } }, async (request, reply) => {
    const query = parse(publishStatusQuerySchema, request.query, reply);
    if (!query) return reply;
    const pushed = { hosts: (await hosts?.status()) ?? null };
    return query.commit ? { commit: query.commit, live: publishing.status(query.commit) ?? "unknown", ...pushed } : pushed;
  });

  app.get("/history", { config: { least: "contributor" } }, async (request, reply) => {
    const query = parse(historyQuerySchema, request.query, reply);
    if (!query || !namedDocument(documents, query.file, reply)) return reply;
    return answerPublishing(reply, await publishing.history(query.file));
  });

  app.get("/history/changes", { config: { least: "contributor" } }, async (request, reply) => {
    const query = parse(historyChangesQuerySchema, request.query, reply);
    if (!query || !namedDocument(documents, query.file, reply)) return reply;
    return answerPublishing(reply, await publishing.changesSince(query.file, query.rev));
  });

  app.post("/revert", { config: { least: "editor" } }, async (request, reply) => {
    const body = parse(revertSchema, request.body, reply);
    if (!body || !namedDocument(documents, body.file, reply)) return reply;
    const reverted = await publishing.revert(body.file, body.rev, author(request));
    if (reverted.ok) {
      await audit(request, { action: "revert", target: body.file, detail: { rev: body.rev, commit: reverted.commit, version: reverted.version } });
      // The page is back to an older version: a review waiting on its draft is withdrawn (./reviews.ts).
      const review = await withdrawWaiting(app.storage.db, body.file, signedIn(request).user.id);
      if (review) await audit(request, { action: "review.withdraw", target: body.file, detail: { review, because: "the page was restored to an earlier version" } });
    }
    return answerPublishing(reply, reverted);
  });

  // The publish gate: scheduled publishes go through it too (./schedules-api.ts).
  return { throughGate };
}
