/** The Fastify application: each concern is a plugin with its own tests. */
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyRequest, type FastifyServerOptions } from "fastify";
import { ADMIN_PATH } from "../src/admin/mode.server.ts";
import type { ServerConfig } from "./config.ts";
import { adminPlugin } from "./plugins/admin.ts";
import { corsPlugin } from "./plugins/cors.ts";
import { editorPlugin } from "./plugins/editor.ts";
import { formsPlugin, loadServedForms } from "./plugins/forms.ts";
import { healthPlugin } from "./plugins/health.ts";
import { liveBuildPlugin } from "./plugins/live-build.ts";
import { retentionPlugin } from "./plugins/retention.ts";
import { DEFAULT_RETENTION } from "./storage/retention.ts";
import { type NotificationsOptions, notificationsPlugin } from "./plugins/notifications.ts";
import { securityHeaders } from "./plugins/security.ts";
import { blogFallbackPlugin } from "./plugins/blog-fallback.ts";
import { type RebuildsOptions, rebuildsPlugin } from "./plugins/rebuilds.ts";
import { sitePlugin } from "./plugins/site.ts";
import { storagePlugin } from "./plugins/storage.ts";

export interface AppOptions extends FastifyServerOptions {
  /** The API alone, without the built site (the dev server: Vite serves the pages). */
  apiOnly?: boolean;
  /** Outbox timings and transport, for tests. */
  notifications?: Omit<NotificationsOptions, "smtpUrl">;
  /** Where log lines go (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
  /** Rebuild scheduler timings, for tests. */
  rebuilds?: RebuildsOptions["scheduler"];
}

export async function buildApp(config: ServerConfig, { notifications, logStream, rebuilds, apiOnly = false, ...options }: AppOptions = {}) {
  if (!apiOnly) checkAdminBuild(config);
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? "info", serializers: { req: requestForLog }, ...(logStream && { stream: logStream }) },
    // A hop count as Fastify reads one (its types lack the number form): the nearest n hops are proxies.
    trustProxy: typeof config.trustProxy === "number" ? hops(config.trustProxy) : (config.trustProxy ?? "loopback"),
    ...options,
  });
  await app.register(securityHeaders, { https: config.https });
  await app.register(storagePlugin, { databaseUrl: config.databaseUrl, timeoutMs: config.databaseTimeoutMs });
  await app.register(healthPlugin);
  await app.register(notificationsPlugin, {
    smtpUrl: config.smtpUrl,
    ...notifications,
    outbox: { ...config.outbox, ...notifications?.outbox },
  });
  await app.register(corsPlugin, { buildDir: config.buildDir, origin: config.corsOrigin });
  await app.register(formsPlugin, { buildDir: config.buildDir, rateLimit: config.formRateLimit });
  await app.register(retentionPlugin, { forms: loadServedForms(config.buildDir).manifest.forms, periods: config.retention ?? DEFAULT_RETENTION });
  if (config.admin) {
    // Local mode: the blog admin and the page editor, which write content files.
    const contentRoot = config.contentRoot ?? process.cwd();
    await app.register(adminPlugin, { contentRoot });
    await app.register(editorPlugin, { contentRoot });
  }
  if (!apiOnly) {
    await app.register(liveBuildPlugin, { buildDir: config.buildDir });
    await app.register(sitePlugin, { buildDir: config.buildDir });
    await app.register(blogFallbackPlugin, { buildDir: config.buildDir });
    await app.register(rebuildsPlugin, { buildDir: config.buildDir, webhookSecret: config.webhookSecret, pollSeconds: config.pollSeconds, ...(rebuilds && { scheduler: rebuilds }) });
  }
  return app;
}

/**
 * A build made with ADMIN=1 carries the admin page and its code: a public server must never
 * serve it, and an admin server needs one.
 */
function checkAdminBuild(config: ServerConfig) {
  const hasAdmin = existsSync(path.join(config.buildDir, "client", ADMIN_PATH.slice(1), "index.html"));
  if (hasAdmin && !config.admin) {
    throw new Error(`${config.buildDir} was built with ADMIN=1 and contains the blog admin. Hint: build without ADMIN=1 (npm run build) for a public server, or start it with ADMIN=1 to use it locally.`);
  }
  if (!hasAdmin && config.admin && existsSync(path.join(config.buildDir, "site-manifest.json"))) {
    throw new Error(`ADMIN=1 needs a build made with ADMIN=1, but ${config.buildDir} has no admin page. Hint: run ADMIN=1 npm start, which builds it first.`);
  }
}

const hops = (count: number) => (_address: string, hop: number) => hop < count;

// Salted per process: log lines can be grouped by client without keeping anyone's address.
const ipSalt = process.env.LOG_IP_SALT ?? randomBytes(16).toString("hex");
export const hashIp = (ip: string) => createHash("sha256").update(ipSalt + ip).digest("hex").slice(0, 16);

/** What a request log line says: method, path and a hashed IP. Never bodies or query strings. */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: request.url.split("?")[0], ip: hashIp(request.ip) };
}
