/**
 * WordPress freshness: what starts an incremental rebuild (server/build/scheduler.ts).
 *
 *   POST /api/hooks/wordpress   Authorization: Bearer $WORDPRESS_WEBHOOK_SECRET
 *     202 { accepted: true }: a rebuild follows (bursts are gathered into one)
 *     401: no or another secret. The body is not read: WordPress may send what it likes.
 *
 * WORDPRESS_POLL_SECONDS: for a WordPress that cannot call out, the server asks WordPress for
 * its change stamp (src/blog/wordpress-api.ts) that often, and rebuilds when it differs from the
 * stamp of the build being served. Several instances sharing a build all poll; the first to
 * see a change rebuilds, the others find the new build already serving and do nothing.
 *
 * STUDIO=1: a publish asks for a rebuild at once (server/studio/publish.ts, `requestNow`), and
 * so does a pull by POST /api/hooks/git (GIT_WEBHOOK_SECRET, server/plugins/content-hosts.ts).
 *
 * None exists unless configured; the rebuild itself never runs in this process, but in a warm
 * worker process (the scheduler's), in the content root (CONTENT_ROOT), where the studio commits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { wordpressApi } from "../../src/blog/wordpress-api.ts";
import { RebuildScheduler, type SchedulerOptions } from "../build/scheduler.ts";
import { bearerCheck, ignoreBodies } from "./bearer.ts";

export const WEBHOOK_PATH = "/api/hooks/wordpress";

export interface RebuildsOptions {
  buildDir: string;
  webhookSecret?: string;
  pollSeconds?: number;
  /** STUDIO=1: publishes rebuild, so a scheduler is needed even without a webhook or polling. */
  studio?: boolean;
  /** GIT_WEBHOOK_SECRET: a pull (server/hosts/pull.ts) rebuilds too. */
  gitHook?: boolean;
  /** The content the rebuilds read (CONTENT_ROOT); by default the working directory. */
  contentRoot?: string;
  /** Scheduler timings, for tests. */
  scheduler?: Pick<SchedulerOptions, "debounceMs" | "minIntervalMs" | "retryMs" | "maxRetryMs" | "run">;
}

export const rebuildsPlugin = fp(async function rebuilds(app: FastifyInstance, { buildDir, webhookSecret, pollSeconds, studio, gitHook, contentRoot, scheduler: timings }: RebuildsOptions) {
  if (!webhookSecret && !pollSeconds && !studio && !gitHook) return;
  const scheduler = new RebuildScheduler({ buildDir, log: app.log, cwd: contentRoot, ...timings });
  app.decorate("rebuilds", scheduler);
  app.addHook("onClose", () => scheduler.close());
  // The worker loads the server build while nothing waits for it, not at the first publish.
  app.addHook("onReady", async () => scheduler.warm());

  if (webhookSecret) await app.register(webhook, { secret: webhookSecret, scheduler });

  const wordpressUrl = app.liveBuild.current().manifest.blog?.wordpressUrl;
  if (pollSeconds && !wordpressUrl) app.log.warn("WORDPRESS_POLL_SECONDS is set, but this build's blog does not come from WordPress: nothing to poll.");
  if (pollSeconds && wordpressUrl) {
    const source = wordpressApi({ url: wordpressUrl, timeoutMs: 10_000 });
    const served = () => app.liveBuild.current().manifest.blog?.stamp;
    let unreachable = false;
    const poll = async () => {
      const state = scheduler.state();
      if (state.running || state.pending) return;
      let stamp: string;
      try {
        stamp = await source.stamp();
        if (unreachable) app.log.info("rebuild: WordPress answers again");
        unreachable = false;
      } catch (error) {
        // Said once, not every poll; the build served stays as it is.
        if (!unreachable) app.log.warn(`rebuild: WordPress does not answer the poll: ${error instanceof Error ? error.message : String(error)}`);
        unreachable = true;
        return;
      }
      if (stamp === served()) return;
      scheduler.request(`WordPress changed: ${stamp}`, async () => (await source.stamp()) !== served());
    };
    const timer = setInterval(() => void poll(), pollSeconds * 1000);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
    app.log.info(`rebuild: polling ${wordpressUrl} every ${pollSeconds} s`);
  }
});

async function webhook(app: FastifyInstance, { secret, scheduler }: { secret: string; scheduler: RebuildScheduler }) {
  const authorised = bearerCheck(secret);
  // The body is never read: WordPress may send what it likes.
  ignoreBodies(app, 64 * 1024);

  app.post(WEBHOOK_PATH, { onRequest: refuseUnauthorised }, async (request, reply) => {
    scheduler.request(`webhook from ${request.ip}`);
    return reply.code(202).send({ accepted: true });
  });
  app.route({
    method: ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"],
    url: WEBHOOK_PATH,
    handler: async (_request, reply) => reply.code(405).header("Allow", "POST").send({ error: "The WordPress webhook is called with POST." }),
  });

  async function refuseUnauthorised(request: FastifyRequest, reply: FastifyReply) {
    if (authorised(request)) return;
    request.log.warn("rebuild: webhook refused (no or a wrong Authorization: Bearer secret)");
    return reply
      .code(401)
      .header("WWW-Authenticate", 'Bearer realm="wordpress-webhook"')
      .send({ error: "Send Authorization: Bearer followed by WORDPRESS_WEBHOOK_SECRET." });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set when rebuilds are configured (webhook, polling or the studio). */
    rebuilds?: RebuildScheduler;
  }
}
