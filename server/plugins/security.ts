/**
 * Security headers on every answer: pages, assets and the API alike.
 * Prerendered pages carry React Router's inline hydration scripts; static HTML cannot
 * carry per-request nonces, so the site plugin allows each page's own scripts by hash
 * (see `contentSecurityPolicy`). Emotion's runtime styles need 'unsafe-inline' for styles.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export interface SecurityOptions {
  https: boolean;
}

export interface PolicyOptions {
  /** Who may show the page in a frame: nobody, or this site itself (the page editor's preview, local mode only). */
  framedBy?: "none" | "self";
}

export function contentSecurityPolicy(scriptHashes: readonly string[] = [], https = false, { framedBy = "none" }: PolicyOptions = {}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors '${framedBy}'`,
    "form-action 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const securityHeaders = fp(async function security(app: FastifyInstance, { https }: SecurityOptions) {
  const defaultPolicy = contentSecurityPolicy([], https);
  app.decorate("https", https);
  const secure = (request: FastifyRequest, reply: FastifyReply) => {
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", defaultPolicy);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()");
    if (!reply.hasHeader("X-Frame-Options")) reply.header("X-Frame-Options", "DENY");
    // Configured as https, or this request came over https through the trusted proxy.
    if (https || request.protocol === "https") reply.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
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
