/**
 * Security headers on every answer: pages, assets and the API alike. Each page gets its own
 * Content-Security-Policy from the site plugin (src/runtime/security-policy.ts, which the
 * build also writes into _headers for static hosts); every other answer gets the default one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { contentSecurityPolicy, HSTS, SECURITY_HEADERS } from "../../src/runtime/security-policy.ts";

export { contentSecurityPolicy };

export interface SecurityOptions {
  https: boolean;
}

export const securityHeaders = fp(async function security(app: FastifyInstance, { https }: SecurityOptions) {
  const defaultPolicy = contentSecurityPolicy([], https);
  app.decorate("https", https);
  const secure = (request: FastifyRequest, reply: FastifyReply) => {
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", defaultPolicy);
    // A page may set its own (the editor's preview may be framed by the site: server/plugins/site.ts).
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    // Configured as https, or this request came over https through the trusted proxy.
    if (https || request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
    return reply;
  };
  // For a reply that no route's hooks will see (a URL the router could not read, server/app.ts).
  app.decorate("withSecurityHeaders", (reply: FastifyReply) => secure(reply.request, reply));
  app.addHook("onSend", async (request, reply) => {
    secure(request, reply);
  });
});

declare module "fastify" {
  interface FastifyInstance {
    https: boolean;
    /** Sets the security headers on a reply the onSend hook will not see. */
    withSecurityHeaders(reply: FastifyReply): FastifyReply;
  }
}
