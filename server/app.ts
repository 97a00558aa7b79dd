/** The Fastify application: each concern is a plugin with its own tests. */
import { createHash, randomBytes } from "node:crypto";
import Fastify, { type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { ServerConfig } from "./config.ts";
import { formsPlugin } from "./plugins/forms.ts";
import { type NotificationsOptions, notificationsPlugin } from "./plugins/notifications.ts";
import { securityHeaders } from "./plugins/security.ts";
import { blogFallbackPlugin } from "./plugins/blog-fallback.ts";
import { sitePlugin } from "./plugins/site.ts";
import { storagePlugin } from "./plugins/storage.ts";

export interface AppOptions extends FastifyServerOptions {
  /** Outbox timings and transport, for tests. */
  notifications?: Omit<NotificationsOptions, "smtpUrl">;
  /** Where log lines go (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: ServerConfig, { notifications, logStream, ...options }: AppOptions = {}) {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? "info", serializers: { req: requestForLog }, ...(logStream && { stream: logStream }) },
    trustProxy: "loopback",
    ...options,
  });
  await app.register(securityHeaders, { https: config.https });
  await app.register(storagePlugin, { databaseUrl: config.databaseUrl });
  await app.register(notificationsPlugin, { smtpUrl: config.smtpUrl, ...notifications });
  await app.register(formsPlugin, { buildDir: config.buildDir, rateLimit: config.formRateLimit });
  await app.register(sitePlugin, { buildDir: config.buildDir });
  await app.register(blogFallbackPlugin, { buildDir: config.buildDir });
  return app;
}

// Salted per process: log lines can be grouped by client without keeping anyone's address.
const ipSalt = process.env.LOG_IP_SALT ?? randomBytes(16).toString("hex");
export const hashIp = (ip: string) => createHash("sha256").update(ipSalt + ip).digest("hex").slice(0, 16);

/** What a request log line says: method, path and a hashed IP. Never bodies or query strings. */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: request.url.split("?")[0], ip: hashIp(request.ip) };
}
