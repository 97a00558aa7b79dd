/**
 * What the webhooks share (POST /api/hooks/wordpress, /api/hooks/git): a Bearer secret checked
 * before anything else, and a body that is never read.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Whether a request carries `Authorization: Bearer <secret>`: compared as digests, equal lengths, constant time, whatever was sent. */
export function bearerCheck(secret: string): (request: FastifyRequest) => boolean {
  const expected = createHash("sha256").update(`Bearer ${secret}`).digest();
  return (request) => timingSafeEqual(createHash("sha256").update(request.headers.authorization ?? "").digest(), expected);
}

/**
 * In this (encapsulated) scope bodies are drained unread, up to `bodyLimit` bytes (413 beyond):
 * no parser error can answer before the secret is checked. Answers are never cached.
 */
export function ignoreBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  // Read as a buffer so that Fastify counts it (a stream parser's bodyLimit is not enforced), then dropped.
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit }, (_request, _body, done) => done(null, undefined));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
}
