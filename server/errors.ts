/**
 * The server's errors, in the catalogue's shape (src/errors/define.ts, after Astro's
 * errors-data.ts): the key is the stable code that code and logs branch on; title, message
 * and hint are for people and may change. Ready to join src/errors/catalogue.ts.
 */
import { defineErrors, type ErrorData, type ErrorKind } from "../src/errors/define.ts";

export const serverErrors = defineErrors({
  // --- configuration (refuses the start) ---
  InvalidPort: {
    title: "Invalid PORT",
    message: (value: string | undefined) => `PORT must be a whole number from 0 to 65535, not "${value}".`,
    hint: "Unset PORT for 3000, or set a free port number.",
  },
  InvalidRateLimit: {
    title: "Invalid FORM_RATE_LIMIT",
    message: (value: string | undefined) =>
      `FORM_RATE_LIMIT must be a whole number of submissions per minute (0 turns it off), not "${value}".`,
    hint: "Unset it for the default of 10 a minute.",
  },
  InvalidSmtpUrl: {
    title: "Invalid SMTP_URL",
    message: () => "SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:password@mail.example.com:587.",
    hint: "Unset SMTP_URL to keep notifications in the outbox until mail is configured.",
  },
  AdminNotLoopback: {
    title: "The admin must listen on a loopback address",
    message: (host: string) =>
      `ADMIN=1 turns on the blog admin, which writes files, so the server must listen on a loopback address, not HOST="${host}".`,
    hint: "Unset HOST (the default is 127.0.0.1) or set HOST=127.0.0.1; for a public server, build and start without ADMIN=1.",
  },
  InvalidTrustProxy: {
    title: "Invalid TRUST_PROXY",
    message: (value: string, problem: string) => `TRUST_PROXY="${value}" is not usable: ${problem}.`,
    hint:
      'Give the proxies\' addresses or ranges, comma-separated (TRUST_PROXY=10.0.0.5,10.1.0.0/16, or "loopback"), ' +
      "or the number of proxies in front of the server (TRUST_PROXY=1).",
  },
  InvalidNumberSetting: {
    title: "Invalid number setting",
    message: (name: string, value: string, rule: string) => `${name} must be ${rule}, not "${value}".`,
    hint: "Unset it for the default (docs/forms.md lists every setting).",
  },
  InvalidDatabaseUrl: {
    title: "Invalid DATABASE_URL",
    message: (redacted: string) => `DATABASE_URL "${redacted}" is neither a SQLite file (file:./data/site.db) nor postgres://.`,
    hint: "Use file:./data/site.db (the default), a path, or postgres://user:password@host/database.",
  },
  InvalidCorsOrigin: {
    title: "Invalid CORS_ORIGIN",
    message: (value: string) => `CORS_ORIGIN must be an origin such as https://www.example.com (scheme, host and port only, no path or trailing slash), not "${value}".`,
    hint: "Set it to the origin of the static host whose pages post forms here, or unset it (docs/deploy.md).",
  },
  InvalidWebhookSecret: {
    title: "Invalid WORDPRESS_WEBHOOK_SECRET",
    message: (minLength: number) => `WORDPRESS_WEBHOOK_SECRET must be at least ${minLength} characters without spaces.`,
    hint: 'Generate one with "openssl rand -hex 32" and give WordPress the same value (docs/deploy.md).',
  },
  InvalidPollSeconds: {
    title: "Invalid WORDPRESS_POLL_SECONDS",
    message: (value: string) => `WORDPRESS_POLL_SECONDS must be a whole number of seconds, 5 or more (0 turns polling off), not "${value}".`,
    hint: "30 asks WordPress twice a minute; a webhook (WORDPRESS_WEBHOOK_SECRET) needs no polling at all.",
  },
  DatabaseNotPrepared: {
    title: "The database could not be prepared",
    message: (target: string, reason: string) => `Could not prepare the database (${target}): ${reason}`,
    hint: "Check that the database is running and DATABASE_URL is right; the server creates and migrates its tables itself.",
  },

  // --- at run time (logged) ---
  DatabaseUnavailable: {
    title: "The database does not answer",
    message: () => "The database did not answer in time or refused the connection.",
    hint: "The request is answered 503; GET /readyz says when the database is back.",
  },
  NotificationNotBuilt: {
    title: "A notification could not be written",
    message: (reason: string) => `The submission is stored, but its notification could not be written: ${reason}`,
    hint: "The outbox keeps it as a dead letter (npm run submissions -- outbox); read the submission in the export.",
  },
  OutboxCorruptRow: {
    title: "An outbox row cannot be read",
    message: (reason: string) => `The stored notification cannot be read: ${reason}`,
    hint: "It was set aside as a dead letter; the other messages are sent as usual.",
  },
  OutboxRefused: {
    title: "The mail server refused a notification",
    message: (reason: string) => `The mail server refused the message for good: ${reason}`,
    hint: "It is a dead letter now; fix the cause (the address, the mail account), then npm run submissions -- outbox retry.",
  },
  OutboxGaveUp: {
    title: "A notification was given up",
    message: (attempts: number, reason: string) => `Sending failed ${attempts} times; the last error: ${reason}`,
    hint: "It is a dead letter now; once mail works again, npm run submissions -- outbox retry.",
  },
  OutboxMaybeDuplicate: {
    title: "A notification may be sent twice",
    message: () => "A sender stopped while sending this message (a crash or a kill), so the mail server may already have it.",
    hint: "Nothing to do: the copy carries the same Message-ID, which mail programs use to show it once.",
  },

  // --- builds and incremental rebuilds (server/build) ---
  NotAReleaseLink: {
    title: "Not a release",
    message: (buildDir: string) => `${buildDir} is a folder, not a link to a release under ${buildDir}-releases/, so it cannot be rebuilt incrementally.`,
    hint: "Build with npm run build, which writes releases, before rebuilding incrementally.",
  },
  ReleasesLocked: {
    title: "Another build is writing a release",
    message: (holder: string) => `The releases are locked by ${holder}.`,
    hint: "Wait for it to finish; a lock left by a process that died is taken over (after 30 minutes on another host).",
  },
  NoRenderer: {
    title: "No server build to render with",
    message: (file: string) => `The release has no server build at ${file}.`,
    hint: "Run the full build (npm run build) once; every release it writes keeps one.",
  },
  RendererNotRecognised: {
    title: "Unrecognised server build",
    message: (file: string) => `${file} does not look like a React Router server build exporting src/entry.server.tsx's rebuildKit.`,
    hint: "If React Router was upgraded, update server/build/rebuild.ts (it renders as React Router's prerender does), then run the full build.",
  },
  RenderFailed: {
    title: "A page could not be rendered",
    message: (page: string, what: string, status: number, body: string) => `Rendering ${page} (${what}) answered ${status}: ${body}`,
    hint: "If React Router was upgraded, check that server/build/rebuild.ts still renders as its prerender does; otherwise run the full build to see the error in context.",
  },

  // --- npm run submissions ---
  CliUsage: {
    title: "Wrong use of npm run submissions",
    message: (problem: string) => problem,
    hint: "Run npm run submissions without arguments to see its usage.",
  },
});

export type ServerErrorCode = keyof typeof serverErrors;

/** An error from the catalogue, thrown: `code` is stable, `message` and `hint` are for people. */
export class ServerError extends Error {
  readonly code: string;
  readonly title: string;
  readonly hint: string;
  constructor(data: ErrorData) {
    super(data.message);
    this.name = "ServerError";
    this.code = data.code;
    this.title = data.title;
    this.hint = data.hint;
  }
}

/** Throws a catalogue error: `fail(serverErrors.InvalidPort, value)`. */
export function fail<A extends unknown[]>(kind: ErrorKind<string, A>, ...args: A): never {
  throw new ServerError(kind(...args));
}

/** "message Hint: hint" — how a start-up error reads on the console. */
export const withHint = (error: unknown) =>
  error instanceof ServerError ? `${error.message} Hint: ${error.hint}` : error instanceof Error ? error.message : String(error);
