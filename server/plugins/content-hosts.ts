/**
 * Several hosts serving one site's content (docs/studio.md, "Several hosts"), with
 * CONTENT_GIT_REMOTE set:
 *
 * - STUDIO=1: each commit the studio makes is pushed there (server/hosts/push.ts), and the
 *   studio's GET /api/studio/publish/status says what is not pushed yet;
 * - GIT_WEBHOOK_SECRET, on any host (the studio's too):
 *
 *   POST /api/hooks/git   Authorization: Bearer $GIT_WEBHOOK_SECRET; the body (16 KiB at most) is not read
 *     200 { outcome: "pulled", from, head, live } | { outcome: "current", head }: an incremental rebuild follows a pull
 *     409 ContentHistoryDiverged: cannot fast-forward; nothing pulled, now or later, until resolved
 *     503 ContentPullFailed: the remote unreachable, local changes in the way, …; the site served as it was
 *     401 GitHookUnauthorised: no or another secret; nothing pulled
 *     413 GitHookTooLarge: a body over 16 KiB (after the secret was checked)
 *   GET  /api/hooks/git   the same Authorization → { remote, stopped, last }: the diverged error while it lasts
 *
 * Without GIT_WEBHOOK_SECRET neither route exists (404, like any unknown address).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { HostsStatus } from "../../schemas/studio-publish.ts";
import { errors, type ErrorData } from "../../src/errors/catalogue.ts";
import { type ContentPuller, contentPuller } from "../hosts/pull.ts";
import { type ContentPusher, contentPusher, type PusherOptions } from "../hosts/push.ts";
import { recordAudit } from "../studio/audit.ts";
import { contentGit } from "../studio/git.ts";
import { bearerCheck, ignoreBodies } from "./bearer.ts";

export const GIT_HOOK_PATH = "/api/hooks/git";
/** Nothing in the body is used; a caller has no reason to send much. */
export const GIT_HOOK_BODY_LIMIT = 16 * 1024;

export interface ContentHostsOptions {
  contentRoot: string;
  /** CONTENT_GIT_REMOTE: a remote's name. */
  remote: string;
  /** GIT_WEBHOOK_SECRET: the hook exists only with one. */
  webhookSecret?: string;
  /** STUDIO=1: this process commits, so it pushes. */
  push: boolean;
  /** Push retry timings, for tests. */
  retry?: Pick<PusherOptions, "retryMs" | "maxRetryMs">;
}

export interface ContentHosts {
  pusher?: ContentPusher;
  puller: ContentPuller;
  /** Why publishing is stopped: a push or a pull found the histories diverged. */
  stopped(): ErrorData | undefined;
  /** The studio's "not pushed yet"; null where this process does not push. */
  status(): Promise<HostsStatus | null>;
}

export const contentHostsPlugin = fp(
  async function contentHosts(app: FastifyInstance, { contentRoot, remote, webhookSecret, push, retry }: ContentHostsOptions) {
    const git = contentGit(contentRoot);
    const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m), error: (m: string) => app.log.error(m) };
    // The scheduler is made later (server/plugins/rebuilds.ts), so it is looked up when a pull needs it.
    const puller = contentPuller({ git, remote, log, rebuild: (reason) => app.rebuilds?.requestNow(reason) });
    // Pushes happen in the background, by no one signed in: the audit log names the commits.
    const onPushed: PusherOptions["onPushed"] = ({ branch, commits }) =>
      void recordAudit(app.storage.db, { action: "publish.pushed", actor: null, target: remote, detail: { branch, commits } }, app.log);
    const pusher = push ? contentPusher({ git, remote, log, onPushed, ...retry }) : undefined;
    const stopped = () => pusher?.stopped() ?? puller.stopped();
    app.decorate<ContentHosts>("contentHosts", {
      ...(pusher && { pusher }),
      puller,
      stopped,
      status: async () => (pusher ? { ...(await pusher.status()), stopped: stopped() ?? null } : null),
    });
    if (pusher) {
      // Not awaited: an unreachable remote must not hold up the start.
      app.addHook("onReady", async () => void pusher.start());
      app.addHook("onClose", () => pusher.close());
    }
    if (webhookSecret) await app.register(gitHook, { secret: webhookSecret, puller });
  },
  { name: "content-hosts" },
);

async function gitHook(app: FastifyInstance, { secret, puller }: { secret: string; puller: ContentPuller }) {
  const authorised = bearerCheck(secret);
  ignoreBodies(app, GIT_HOOK_BODY_LIMIT);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode === 413) return reply.code(413).send({ error: errors.GitHookTooLarge(GIT_HOOK_BODY_LIMIT / 1024) });
    throw error;
  });

  app.post(GIT_HOOK_PATH, { onRequest: refuseUnauthorised }, async (_request, reply) => {
    const pulled = await puller.pull();
    if (pulled.outcome === "diverged") return reply.code(409).send({ error: pulled.error });
    if (pulled.outcome === "failed") return reply.code(503).send({ error: pulled.error });
    return reply.send(pulled);
  });
  app.get(GIT_HOOK_PATH, { onRequest: refuseUnauthorised }, async () => puller.state());

  async function refuseUnauthorised(request: FastifyRequest, reply: FastifyReply) {
    if (authorised(request)) return;
    request.log.warn("pull: git webhook refused (no or a wrong Authorization: Bearer secret)");
    return reply.code(401).header("WWW-Authenticate", 'Bearer realm="git-webhook"').send({ error: errors.GitHookUnauthorised() });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set with CONTENT_GIT_REMOTE. */
    contentHosts?: ContentHosts;
  }
}
