/** Server settings from the environment, checked once at start with a clear message. */
import path from "node:path";
import { buildDirectory, isAdminMode, isLoopback } from "../src/admin/mode.server.ts";

export interface ServerConfig {
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
  /** smtp://user:pass@host:port — when set, enquiries and applications are emailed to the agency. */
  smtpUrl?: string;
  /** Local mode (ADMIN=1): the blog admin and its write API, on a loopback address only. */
  admin?: boolean;
  /** Where the admin reads and writes content/blog (CONTENT_ROOT, default the working directory). */
  contentRoot?: string;
}

export const DEFAULT_DATABASE_URL = "file:./data/site.db";

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}".`);
  }
  const formRateLimit = Number(env.FORM_RATE_LIMIT ?? 10);
  if (!Number.isInteger(formRateLimit) || formRateLimit < 0) {
    throw new Error(`FORM_RATE_LIMIT must be a whole number of submissions per minute (0 turns it off), not "${env.FORM_RATE_LIMIT}".`);
  }
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:password@mail.example.com:587.`);
  }
  const host = env.HOST ?? "127.0.0.1";
  const admin = isAdminMode(env);
  if (admin && !isLoopback(host)) {
    throw new Error(
      `ADMIN=1 turns on the blog admin, which writes files, so the server must listen on a loopback address, not HOST="${host}". ` +
        `Hint: unset HOST (the default is 127.0.0.1) or set HOST=127.0.0.1; for a public server, build and start without ADMIN=1.`,
    );
  }
  return {
    host,
    port,
    buildDir: path.resolve(buildDirectory(env)),
    https: env.HTTPS === "1" || (env.SITE_URL ?? "").startsWith("https://") && env.NODE_ENV === "production",
    databaseUrl: env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL,
    formRateLimit,
    smtpUrl,
    admin,
    contentRoot: path.resolve(env.CONTENT_ROOT ?? "."),
  };
}
