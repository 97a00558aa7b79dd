/**
 * Decorates `app.liveBuild`: the build this server serves, followed across switches to a new
 * release (server/build/live.ts). The site and blog-fallback plugins answer from it.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type LiveBuild, liveBuild } from "../build/live.ts";

export const liveBuildPlugin = fp(
  async function live(app: FastifyInstance, { buildDir }: { buildDir: string }) {
    const build = liveBuild(buildDir, app.https);
    app.log.info(`site: serving ${build.current().dir}`);
    build.onSwitch((release) => app.log.info(`site: switched to ${release.dir}`));
    app.decorate("liveBuild", build);
  },
  { name: "live-build" },
);

declare module "fastify" {
  interface FastifyInstance {
    liveBuild: LiveBuild;
  }
}
