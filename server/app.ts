/** The Fastify application: each concern is a plugin with its own tests. */
import Fastify, { type FastifyServerOptions } from "fastify";
import type { ServerConfig } from "./config.ts";
import { securityHeaders } from "./plugins/security.ts";
import { sitePlugin } from "./plugins/site.ts";

export async function buildApp(config: ServerConfig, options: FastifyServerOptions = {}) {
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? "info" }, trustProxy: "loopback", ...options });
  await app.register(securityHeaders, { https: config.https });
  await app.register(sitePlugin, { buildDir: config.buildDir });
  return app;
}
