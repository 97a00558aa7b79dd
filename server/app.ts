/** The Fastify application: each concern is a plugin with its own tests. */
import { createHash, randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { ServerConfig } from "./config.ts";
import { type ContentHostsOptions, contentHostsPlugin } from "./plugins/content-hosts.ts";
import { analyticsPlugin } from "./plugins/analytics.ts";
import { corsPlugin } from "./plugins/cors.ts";
import { formsPlugin, readFormsManifest } from "./plugins/forms.ts";
import { healthPlugin } from "./plugins/health.ts";
import { liveBuildPlugin } from "./plugins/live-build.ts";
import { retentionPlugin } from "./plugins/retention.ts";
import { DEFAULT_RETENTION } from "./storage/retention.ts";
import { type NotificationsOptions, notificationsPlugin } from "./plugins/notifications.ts";
import { securityHeaders } from "./plugins/security.ts";
import { unreadBodyPlugin } from "./plugins/unread-body.ts";
import { idleLimitPlugin } from "./plugins/idle-limit.ts";
import { blogFallbackPlugin } from "./plugins/blog-fallback.ts";
import { type RebuildsOptions, rebuildsPlugin } from "./plugins/rebuilds.ts";
import { sitePlugin } from "./plugins/site.ts";
import { storagePlugin } from "./plugins/storage.ts";
import type { StudioOptions } from "./studio/plugin.ts";

/**
 * How long a client may take, in milliseconds. A client that sends its headers or its body a
 * byte at a time, or keeps a connection open and idle, would otherwise hold a socket forever.
 */
export interface Timeouts {
  /** The request's headers (Node's headersTimeout; its default is 60 s). */
  headers: number;
  /** The whole request, body included (Fastify's requestTimeout; off by default). Answered 408. */
  request: number;
  /** A form's body, from when its headers arrived: answered 408 in the form's own way (JSON or the result page). */
  formBody: number;
  /** A socket with no traffic at all (Fastify's connectionTimeout; off by default). */
  idle: number;
  /** A kept-alive connection between requests (Fastify's default is 72 s). */
  keepAlive: number;
  /** How often Node checks the headers and request deadlines (default 30 s, so they could run 30 s late). */
  checkEvery: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headers: 10_000, request: 30_000, formBody: 15_000, idle: 30_000, keepAlive: 5_000, checkEvery: 1_000 };

export interface AppOptions extends FastifyServerOptions {
  /** Shorter limits for tests; the defaults suit a public site. */
  timeouts?: Partial<Timeouts>;
  /** The API alone, without the built site (the dev server: Vite serves the pages). */
  apiOnly?: boolean;
  /** Outbox timings and transport, for tests. */
  notifications?: Omit<NotificationsOptions, "smtpUrl">;
  /** Where log lines go (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
  /** Rebuild scheduler timings, for tests. */
  rebuilds?: RebuildsOptions["scheduler"];
  /** Push retry timings (CONTENT_GIT_REMOTE), for tests. */
  pushRetry?: ContentHostsOptions["retry"];
  /** The studio's session timeouts and sign-in throttle, for tests (with config.studio). */
  studioLimits?: Omit<StudioOptions, "siteUrl" | "agency" | "forms" | "locales" | "contentRoot" | "localOwner">;
}

export async function buildApp(config: ServerConfig, { notifications, logStream, rebuilds, apiOnly = false, timeouts: given, studioLimits, pushRetry, ...options }: AppOptions = {}) {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...given };
  // That reply was made outside every route, so no hook adds the security headers: set them here.
  const notFound = (reply: FastifyReply) => {
    app.withSecurityHeaders(reply);
    return app.hasDecorator("sendNotFoundPage") ? app.sendNotFoundPage(reply) : reply.code(404).send("Not Found");
  };
  const app: FastifyInstance = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? "info", serializers: { req: requestForLog }, ...(logStream && { stream: logStream }) },
    // A hop count as Fastify reads one (its types lack the number form): the nearest n hops are proxies.
    trustProxy: typeof config.trustProxy === "number" ? hops(config.trustProxy) : (config.trustProxy ?? "loopback"),
    requestTimeout: timeouts.request,
    connectionTimeout: timeouts.idle,
    keepAliveTimeout: timeouts.keepAlive,
    http: { headersTimeout: timeouts.headers, connectionsCheckingInterval: timeouts.checkEvery },
    // A URL the router cannot decode (/%zz, /%E2%82) or a parameter too long for it is no
    // page: the not-found answer (the site's 404 page), not Fastify's own 400 JSON.
    frameworkErrors: (_error, _request, reply) => notFound(reply as unknown as FastifyReply),
    ...options,
  });
  await app.register(securityHeaders, { https: config.https });
  await app.register(idleLimitPlugin, { idleMs: timeouts.idle });
  await app.register(unreadBodyPlugin);
  await app.register(storagePlugin, { databaseUrl: config.databaseUrl, timeoutMs: config.databaseTimeoutMs });
  await app.register(healthPlugin);
  await app.register(notificationsPlugin, {
    smtpUrl: config.smtpUrl,
    ...notifications,
    outbox: { ...config.outbox, ...notifications?.outbox },
  });
  // Before the forms: they ask it what each stored submission counts as.
  if (config.analytics) await app.register(analyticsPlugin, config.analytics);
  await app.register(corsPlugin, { buildDir: config.buildDir, origin: config.corsOrigin });
  await app.register(formsPlugin, { buildDir: config.buildDir, rateLimit: config.formRateLimit, bodyTimeout: timeouts.formBody, powSecret: config.formsPowSecret });
  const { forms, agency, locales } = readFormsManifest(config.buildDir);
  await app.register(retentionPlugin, { forms, periods: config.retention ?? DEFAULT_RETENTION });
  // Several hosts: the studio pushes its commits, and any host may pull them (POST /api/hooks/git).
  if (config.contentGitRemote) {
    await app.register(contentHostsPlugin, { contentRoot: config.contentRoot ?? process.cwd(), remote: config.contentGitRemote, webhookSecret: config.gitWebhookSecret, push: config.studio === true, ...(pushRetry && { retry: pushRetry }) });
  }
  // The studio: accounts and sign-in (server/studio/); without STUDIO=1 (or ADMIN=1) none of its
  // routes exist, and, imported here, a public server never loads its code (the blocks with React
  // and Chakra, the Markdown and HTML tools, the common-password list). The build keeps it in
  // chunks of its own (scripts/lib/bundle-server.ts).
  if (config.studio) {
    const { studioPlugin } = await import("./studio/plugin.ts");
    const contentRoot = config.contentRoot ?? process.cwd();
    // Local mode: the studio on the developer's computer, signed in as its owner (server/studio/local.ts).
    const localOwner = config.admin ? (await import("./studio/local.ts")).localOwnerIdentity(contentRoot) : undefined;
    await app.register(studioPlugin, { ...studioLimits, siteUrl: config.siteUrl, agency, forms, locales, contentRoot, localOwner });
  }
  if (!apiOnly) {
    await app.register(liveBuildPlugin, { buildDir: config.buildDir });
    // The studio's screens (/admin and under it) are in every build, served only where they work.
    await app.register(sitePlugin, { buildDir: config.buildDir, studioPages: config.studio === true });
    await app.register(blogFallbackPlugin, { buildDir: config.buildDir });
    await app.register(rebuildsPlugin, { buildDir: config.buildDir, webhookSecret: config.webhookSecret, pollSeconds: config.pollSeconds, studio: config.studio, gitHook: config.gitWebhookSecret !== undefined, contentRoot: config.contentRoot, ...(rebuilds && { scheduler: rebuilds }) });
  }
  return app;
}

const hops = (count: number) => (_address: string, hop: number) => hop < count;

// Salted per process: log lines can be grouped by client without keeping anyone's address.
const ipSalt = process.env.LOG_IP_SALT ?? randomBytes(16).toString("hex");
export const hashIp = (ip: string) => createHash("sha256").update(ipSalt + ip).digest("hex").slice(0, 16);

/** What a request log line says: method, path and a hashed IP. Never bodies or query strings. */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: request.url.split("?")[0], ip: hashIp(request.ip) };
}
