/**
 * GET /admin/share/:token: a document's draft as the site would show it, for anyone holding a
 * live preview link (./documents/previews.ts), without an account. Outside /api/studio and its
 * guard: it only reads, and answers a page. Never cached, never indexed (X-Robots-Tag and the
 * page's own robots tag), with the site's security headers and a Content-Security-Policy made
 * for the page's own inline scripts. A wrong, expired or revoked token gets the site's 404 page,
 * the same answer as any unknown address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errors } from "../../src/errors/catalogue.ts";
import { contentSecurityPolicy, inlineScriptHashes, policyOrigins } from "../../src/runtime/security-policy.ts";
import { remoteBlog } from "../../src/blog/sources.server.ts";
import { isDatabaseUnavailable } from "../storage/database.ts";
import { draftOf } from "./documents/drafts.ts";
import { previewedFile, SHARE_PATH } from "./documents/previews.ts";
import { asPreview, renderDraft } from "./documents/render.ts";

export interface ShareOptions {
  contentRoot: string;
}

export async function sharePreviews(app: FastifyInstance, { contentRoot }: ShareOptions) {
  const blog = remoteBlog();
  const notFound = (reply: FastifyReply) => (app.hasDecorator("sendNotFoundPage") ? app.sendNotFoundPage(reply) : reply.code(404).send());
  const unavailable = (reply: FastifyReply) => reply.code(503).send({ error: errors.StudioPreviewUnavailable() });

  // Every answer, the 404 page included: never stored by a browser or a proxy.
  const neverCached = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header("Cache-Control", "no-store");
  };

  // The database down (the token cannot be looked up): a moment's 503, as every other route answers then.
  const errorHandler = (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    if (isDatabaseUnavailable(error)) return reply.code(503).header("Retry-After", "10").send({ error: errors.DatabaseUnavailable() });
    request.log.error({ err: error }, "studio: a preview failed");
    return reply.code(500).send({ error: errors.StudioFailed() });
  };

  app.get<{ Params: { token: string } }>(`${SHARE_PATH}/:token`, { onSend: neverCached, errorHandler }, async (request, reply) => {
    // No Referer: the token must not reach the sites the page links to.
    reply.header("X-Robots-Tag", "noindex").header("Referrer-Policy", "no-referrer");
    const file = await previewedFile(app.storage.db, request.params.token);
    if (!file) return notFound(reply);
    // Only a server that serves a build (not the dev server's API alone) has a renderer.
    if (!app.hasDecorator("liveBuild")) return unavailable(reply);
    const release = app.liveBuild.current();
    const draft = await draftOf(app.storage.db, file);
    let rendered;
    try {
      rendered = await renderDraft(release.dir, { root: contentRoot, file, data: draft?.data, blog: await blog() });
    } catch (error) {
      request.log.error({ err: error }, "studio: a preview could not be rendered");
      return unavailable(reply);
    }
    if (rendered.kind === "unrenderable") {
      return reply.code(422).type("text/plain; charset=utf-8").send(`This draft cannot be previewed yet: ${rendered.reason}`);
    }
    const html = asPreview(rendered.html);
    return reply
      .code(200)
      .header("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(html), app.https, policyOrigins(release.manifest)))
      .type("text/html; charset=utf-8")
      .send(html);
  });
}
