/**
 * Forms posted from pages on another origin: a static host serving the build, whose forms post
 * to this server (FORMS_API_URL at build time). Exactly one origin is allowed (CORS_ORIGIN,
 * or the site's own origin recorded in build/forms.json), and only on the form endpoints:
 * never on the admin API, the webhook or anything else. Requests from that origin get
 * Access-Control-Allow-Origin, preflights are answered, and the forms plugin's same-site
 * check lets them through (request.corsAllowed); every other origin is refused as before.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isServedHere, readFormsManifest } from "./forms.ts";

export interface CorsOptions {
  buildDir: string;
  /** CORS_ORIGIN; overrides what the build recorded. */
  origin?: string;
}

const PREFLIGHT_MAX_AGE = "600";

export const corsPlugin = fp(async function cors(app: FastifyInstance, { buildDir, origin: configured }: CorsOptions) {
  const manifest = readFormsManifest(buildDir);
  const origin = configured ?? manifest.cors?.origin;
  app.decorateRequest("corsAllowed", false);
  if (!origin) return;
  const endpoints = new Set(manifest.forms.filter(isServedHere).map((form) => form.endpoint));
  app.log.info(`forms: accepting posts from ${origin} (CORS)`);

  const fromOrigin = (request: FastifyRequest) => request.headers.origin === origin && endpoints.has(request.url.split("?")[0]!);

  app.addHook("onRequest", async (request, reply) => {
    if (!fromOrigin(request)) return;
    request.corsAllowed = true;
    reply.header("Access-Control-Allow-Origin", origin).header("Vary", "Origin");
    if (request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined) {
      return reply
        .code(204)
        .header("Access-Control-Allow-Methods", "POST")
        .header("Access-Control-Allow-Headers", "Content-Type, Accept")
        .header("Access-Control-Max-Age", PREFLIGHT_MAX_AGE)
        .header("Cache-Control", "no-store")
        .send();
    }
  });
});

declare module "fastify" {
  interface FastifyRequest {
    /** Sent by a page of the origin allowed to post forms here from elsewhere (./cors.ts). */
    corsAllowed: boolean;
  }
}
