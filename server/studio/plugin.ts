/**
 * The studio's server side, registered only with STUDIO=1 (server/config.ts): without it no
 * studio route exists at all, so every one answers 404. Its routes live in one encapsulated
 * scope under /api/studio, behind one guard (./guard.ts). `app.studioRoutes` lists them.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from "./auth/sessions.ts";
import { DEFAULT_RESET_THROTTLE, DEFAULT_THROTTLE, type ThrottleSettings } from "./auth/throttle.ts";
import type { Agency } from "../notify/messages.ts";
import type { ResolvedForm } from "../../schemas/forms.ts";
import type { BuiltLocale } from "../../schemas/studio-submissions.ts";
import { editorStore, isTemplateFile } from "../../src/editor/server/store.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { remoteBlog } from "../../src/blog/sources.server.ts";
import { studioApi } from "./api.ts";
import { analyticsApi } from "./analytics-api.ts";
import { auditApi } from "./audit-api.ts";
import { documentsApi } from "./documents-api.ts";
import { DRAFT_LIMITS, type DraftLimits } from "./documents/draft-limits.ts";
import { studioDocuments } from "./documents/kinds.ts";
import { postsApi } from "./posts-api.ts";
import { PRESENCE_WINDOW_MS } from "./documents/presence.ts";
import { PREVIEW_TTL_MS } from "./documents/previews.ts";
import { passkeysApi } from "./passkeys-api.ts";
import { guardStudio, STUDIO_API, type StudioRoute } from "./guard.ts";
import { sharePreviews } from "./share.ts";
import { publishApi, studioPublisher } from "./publish-api.ts";
import { signedIn } from "./answers.ts";
import { submissionsApi } from "./submissions-api.ts";
import { contentGit } from "./git.ts";
import { schedulesApi } from "./schedules-api.ts";
import { reviewsApi } from "./reviews-api.ts";
import { homeApi } from "./home-api.ts";
import { scheduleRunner } from "./schedules-runner.ts";
import type { Person } from "./git.ts";
import { localSignIn } from "./local.ts";
import { mediaApi } from "./media-api.ts";
import { mediaLibrary } from "./media/library.ts";
import { contentDrafts, mediaUsesIndex } from "./media/uses.ts";
import { pendingScheduleData } from "./schedules.ts";
import type { MediaStore } from "../../src/runtime/media/store.ts";
import { mediaStoreFrom } from "../../src/runtime/media/open-store.ts";

export interface StudioOptions {
  /** Session timeouts; tests shorten them. */
  sessions?: SessionLimits;
  /** Sign-in throttling; tests shorten its delays. */
  throttle?: ThrottleSettings;
  /** Password reset requests' throttling; tests shorten its delays. */
  resetThrottle?: ThrottleSettings;
  /** The least time a password reset request takes to answer (ms). */
  resetAnswerMs?: number;
  /** SITE_URL, the base of invitation links; mailed links need it. */
  siteUrl?: string;
  /** Who the studio's email comes from (build/forms.json's agency). */
  agency: Agency;
  /** The build's forms (build/forms.json), whose submissions the studio lists and exports. */
  forms: readonly ResolvedForm[];
  /** The build's locales (build/forms.json), whose names the Submissions screen shows. */
  locales?: readonly BuiltLocale[];
  /** The folder holding content/ (CONTENT_ROOT, else the project root). */
  contentRoot: string;
  /** How long a presence heartbeat counts (ms); tests shorten it. */
  presenceMs?: number;
  /** How long a new preview link works (ms); tests shorten it. */
  previewTtlMs?: number;
  /** How many drafts may be kept (./documents/draft-limits.ts); tests lower them. */
  draftLimits?: DraftLimits;
  /** Scheduled publishes: how long a runner holds one, and how often others' are looked for (ms); tests shorten them. */
  schedules?: { leaseMs?: number; pollMs?: number };
  /** Local mode (ADMIN=1): this owner signs in through the link the server prints (./local.ts). */
  localOwner?: Person;
}

/** Long enough to cover the work a reset does for a real account (a few writes), on a busy PostgreSQL too. */
export const RESET_ANSWER_MS = 300;

export const studioPlugin = fp(
  async function studio(
    app: FastifyInstance,
    {
      sessions = DEFAULT_SESSION_LIMITS,
      throttle = DEFAULT_THROTTLE,
      resetThrottle = DEFAULT_RESET_THROTTLE,
      resetAnswerMs = RESET_ANSWER_MS,
      siteUrl,
      agency,
      forms,
      locales,
      contentRoot,
      presenceMs = PRESENCE_WINDOW_MS,
      previewTtlMs = PREVIEW_TTL_MS,
      draftLimits = DRAFT_LIMITS,
      schedules,
      localOwner,
    }: StudioOptions,
  ) {
    // One store for drafts' checks and publishing: its checked copy of the content stays warm for both.
    const store = editorStore({ root: contentRoot, remoteBlog: remoteBlog() });
    const documents = studioDocuments({ root: contentRoot, store });
    const removed = await documents.removeStaleTemps();
    if (removed.length > 0) app.log.warn({ removed }, "removed temporary files an interrupted save left behind");
    const routes: StudioRoute[] = [];
    let mediaStore: Promise<MediaStore> | undefined;
    app.decorate("studioRoutes", routes);
    await app.register(
      async (scope) => {
        // Page templates are content an admin maintains: others start pages from them, never change them.
        guardStudio(scope, { sessions, routes, writers: (file) => (isTemplateFile(file) ? { least: "admin", error: errors.StudioTemplatesAdminOnly } : undefined) });
        if (localOwner) {
          const local = await localSignIn(scope, { sessions, owner: localOwner });
          app.decorate("localSignIn", local.signIn);
        }
        const publishing = studioPublisher({ contentRoot, documents, rebuilds: () => app.rebuilds, hosts: app.contentHosts });
        const library = mediaLibrary({ db: app.storage.db, root: contentRoot, store: () => (mediaStore ??= mediaStoreFrom(process.env, contentRoot)), uses: mediaUsesIndex(contentRoot, { drafts: () => contentDrafts(app.storage.db), schedules: () => pendingScheduleData(app.storage.db) }), publishing, draftLimits });
        const { throughGate } = await publishApi(scope, { contentRoot, documents, publishing, library, hosts: app.contentHosts });
        await mediaApi(scope, { library });
        await documentsApi(scope, { documents, presenceMs, previewTtlMs, draftLimits, dataAt: publishing.dataAt, newEntriesIn: library.newEntriesIn, newImages: library.newImages });
        await studioApi(scope, { sessions, throttle, resetThrottle, resetAnswerMs, siteUrl, agency, local: localOwner !== undefined });
        const runner = scheduleRunner({ db: app.storage.db, publishing, library, git: contentGit(contentRoot), log: app.log, ...schedules });
        await schedulesApi(scope, { documents, publishing, throughGate, library, onScheduled: () => runner.kick() });
        await postsApi(scope, { documents, publishing });
        await reviewsApi(scope, { documents });
        await homeApi(scope, { documents });
        app.addHook("onReady", async () => runner.start());
        app.addHook("onClose", () => runner.stop());
        await passkeysApi(scope, { sessions, siteUrl, rpName: `${agency.name} Studio` });
        await submissionsApi(scope, { forms, locales, erasedBy: (request) => signedIn(request).user.id });
        await auditApi(scope);
        const git = contentGit(contentRoot);
        await analyticsApi(scope, {
          pagePaths: (file) => store.routesOf(file),
          // A page not published yet, or content without its history (no git), has no publishes to mark.
          publishes: async (file) => (await git.log(file).catch(() => [])).map((revision) => new Date(revision.date).toISOString()),
        });
      },
      { prefix: STUDIO_API },
    );
    // Preview links are pages for anyone: outside the guarded API, GET only.
    await sharePreviews(app, { contentRoot });
  },
  { name: "studio", dependencies: ["storage"] },
);

declare module "fastify" {
  interface FastifyInstance {
    /** Every studio route with the least role it declared (STUDIO=1 only). */
    studioRoutes: StudioRoute[];
    /** Local mode: a new one-time link, at this origin, that signs the local owner in, and what the terminal says with it (./local.ts). */
    localSignIn?: (origin: string) => Promise<{ link: string; notice: string }>;
  }
}
