/** Server settings from the environment, checked once at start with a clear message. */
import path from "node:path";
import { buildDirectory, isAdminMode, isLoopback } from "../src/admin/mode.server.ts";
import { parseTrustProxy, type TrustProxy } from "./client-ip.ts";
import { fail } from "./errors.ts";
import { DEFAULT_RETENTION, type RetentionPeriods } from "./storage/retention.ts";
import { type DeployConfig, readDeployConfig } from "./deploy-config.ts";
import { errors } from "../src/errors/catalogue.ts";
import { readAnalyticsSetting } from "../src/analytics/setting.ts";

export interface ServerConfig extends DeployConfig {
  host: string;
  port: number;
  /** The React Router build: client/ (prerendered pages and assets), site-manifest.json and forms.json. */
  buildDir: string;
  /** Served over HTTPS (behind a TLS proxy): adds HSTS. */
  https: boolean;
  /** Where form submissions are stored: a SQLite file (default ./data/site.db) or postgres://... */
  databaseUrl: string;
  /** Form submissions per client IP per minute; 0 turns the limit off (load tests). */
  formRateLimit: number;
  /** FORMS_POW_SECRET: the HMAC key of forms' proof-of-work challenges; unset, each process draws its own. */
  formsPowSecret?: string;
  /** smtp://user:pass@host:port — when set, enquiries and applications are emailed to the agency. */
  smtpUrl?: string;
  /** Local mode (ADMIN=1): the studio on this computer (studio is set too), signed in as its owner, on a loopback address only. */
  admin?: boolean;
  /** Where the admin reads and writes content/blog (CONTENT_ROOT, default the working directory). */
  contentRoot?: string;
  /** Whose X-Forwarded-For is believed: proxy addresses/ranges, or how many proxies stand in front. */
  trustProxy?: TrustProxy;
  /** Seconds a database query or connection may take before the request fails with 503. */
  databaseTimeoutMs?: number;
  /** Outbox: how long a sender holds a message (ms) and how many attempts before a dead letter. */
  outbox?: { leaseMs: number; maxAttempts: number };
  /** How long sent notifications and dead letters are kept (forms say their own in content). */
  retention?: RetentionPeriods;
  /** STUDIO=1: the studio's accounts and sign-in API (docs/studio.md); unset, none of its routes exist. */
  studio?: boolean;
  /** Privacy-first analytics (docs/analytics.md); unset when ANALYTICS=off. */
  analytics?: AnalyticsSettings;
  /** SITE_URL: the site's public address (https://www.example.com), the base of the studio's invitation links. */
  siteUrl?: string;
}

export interface AnalyticsSettings {
  /** Page views a client may send a minute (ANALYTICS_RATE_LIMIT); 0 turns the limit off (load tests). */
  perMinute: number;
  /** Days the daily figures are kept (KEEP_ANALYTICS_DAYS); raw page views are kept two days whatever this says. */
  keepDays: number;
}

export const DEFAULT_ANALYTICS: AnalyticsSettings = { perMinute: 60, keepDays: 730 };

export const DEFAULT_DATABASE_URL = "file:./data/site.db";

/** A whole number from the environment, at least `min`, or the fallback when unset. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(errors.InvalidNumberSetting, name, text, `a whole number of at least ${min}`);
  return value;
}

/** SITE_URL, when set: an http(s) address, without a trailing slash (npm run users reads it too). */
export function siteUrlFrom(env: NodeJS.ProcessEnv): { siteUrl?: string } {
  const value = env.SITE_URL?.trim();
  if (!value) return {};
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) fail(errors.InvalidSiteUrl, value);
  return { siteUrl: value.replace(/\/+$/, "") };
}

/** ANALYTICS: on (unset) or off, or a clear message. */
function analyticsSetting(env: NodeJS.ProcessEnv): boolean {
  return readAnalyticsSetting(env) ?? fail(errors.InvalidAnalyticsSetting, env.ANALYTICS ?? "");
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(errors.InvalidPort, env.PORT);
  const formRateLimit = Number(env.FORM_RATE_LIMIT ?? 10);
  if (!Number.isInteger(formRateLimit) || formRateLimit < 0) fail(errors.InvalidRateLimit, env.FORM_RATE_LIMIT);
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) fail(errors.InvalidSmtpUrl);
  const host = env.HOST ?? "127.0.0.1";
  const admin = isAdminMode(env);
  if (admin && !isLoopback(host)) fail(errors.AdminNotLoopback, host);
  return {
    host,
    port,
    buildDir: path.resolve(buildDirectory(env)),
    https: env.HTTPS === "1" || (env.SITE_URL ?? "").startsWith("https://") && env.NODE_ENV === "production",
    databaseUrl: env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL,
    formRateLimit,
    formsPowSecret: env.FORMS_POW_SECRET?.trim() || undefined,
    smtpUrl,
    admin,
    contentRoot: path.resolve(env.CONTENT_ROOT ?? "."),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databaseTimeoutMs: wholeNumber(env, "DATABASE_TIMEOUT_SECONDS", 10) * 1000,
    outbox: { leaseMs: wholeNumber(env, "OUTBOX_LEASE_SECONDS", 120) * 1000, maxAttempts: wholeNumber(env, "OUTBOX_MAX_ATTEMPTS", 20) },
    retention: {
      sentDays: wholeNumber(env, "KEEP_SENT_NOTIFICATIONS_DAYS", DEFAULT_RETENTION.sentDays),
      deadDays: wholeNumber(env, "KEEP_DEAD_LETTERS_DAYS", DEFAULT_RETENTION.deadDays),
    },
    ...(analyticsSetting(env) && {
      analytics: {
        perMinute: wholeNumber(env, "ANALYTICS_RATE_LIMIT", DEFAULT_ANALYTICS.perMinute, 0),
        keepDays: wholeNumber(env, "KEEP_ANALYTICS_DAYS", DEFAULT_ANALYTICS.keepDays, 3),
      },
    }),
    // Local mode is the studio on this computer (server/studio/local.ts).
    studio: env.STUDIO === "1" || admin,
    ...siteUrlFrom(env),
    ...readDeployConfig(env),
  };
}
