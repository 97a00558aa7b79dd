/**
 * The studio's server side, registered only with STUDIO=1 (server/config.ts): without it no
 * studio route exists at all, so every one answers 404. Its routes live in one encapsulated
 * scope under /api/studio, behind one guard (./guard.ts). `app.studioRoutes` lists them.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from "./auth/sessions.ts";
import { DEFAULT_THROTTLE, type ThrottleSettings } from "./auth/throttle.ts";
import { studioApi } from "./api.ts";
import { guardStudio, STUDIO_API, type StudioRoute } from "./guard.ts";

export interface StudioOptions {
  /** Session timeouts; tests shorten them. */
  sessions?: SessionLimits;
  /** Sign-in throttling; tests shorten its delays. */
  throttle?: ThrottleSettings;
  /** SITE_URL, the base of invitation links. */
  siteUrl?: string;
}

export const studioPlugin = fp(
  async function studio(app: FastifyInstance, { sessions = DEFAULT_SESSION_LIMITS, throttle = DEFAULT_THROTTLE, siteUrl }: StudioOptions) {
    const routes: StudioRoute[] = [];
    app.decorate("studioRoutes", routes);
    await app.register(
      async (scope) => {
        guardStudio(scope, { sessions, routes });
        await studioApi(scope, { sessions, throttle, siteUrl });
      },
      { prefix: STUDIO_API },
    );
  },
  { name: "studio", dependencies: ["storage"] },
);

declare module "fastify" {
  interface FastifyInstance {
    /** Every studio route with the least role it declared (STUDIO=1 only). */
    studioRoutes: StudioRoute[];
  }
}
