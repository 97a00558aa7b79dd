/**
 * One Kysely database for form submissions: SQLite (better-sqlite3) by default, PostgreSQL
 * (pg) when DATABASE_URL is postgres://. The same in-code migrations serve both and run on
 * every start, so a fresh file or an empty database is ready without a setup step.
 */
import type BetterSqlite3 from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CompiledQuery, type DatabaseConnection, Kysely, Migrator, PostgresAdapter, PostgresDialect, type RawBuilder, sql, SqliteAdapter, SqliteDialect, SqliteDriver } from "kysely";
import { fail } from "../errors.ts";
import { migrations } from "./migrations.ts";
import { errors } from "../../src/errors/catalogue.ts";

/**
 * Times are ISO-8601 UTC text (`toISOString()`) in both databases: one migration set, values
 * that read the same from either driver, and text order equals time order.
 */
export interface Tables {
  /** Every form's submissions, one table (migration 0002): a form added in content needs no code. */
  submissions: {
    id: string;
    /** The form's id in content/collections/forms.json. */
    form: string;
    /** The submitted values as one JSON object, validated by the form's own schema before they are stored. */
    data: string;
    /** The submitter's address (the form's email field), trimmed and lowercased, so erasure finds it; "" if none. */
    email: string;
    /** For a form with `unique`: that field's value, stored once per form; null otherwise. */
    unique_key: string | null;
    /** A short hash of the form as served: which fields and wording the person saw (a subscriber's consent version). */
    form_version: string;
    created_at: string;
    /** When the person last sent it: the consent time of a subscription; equal to created_at otherwise. */
    updated_at: string;
    /** The locale of the page it was sent from (a code of content/locales.json); null before migration 0013, and on a one-language site. */
    locale: string | null;
  };
  /** Files sent with a submission (migration 0007): stored, erased and expired with it. */
  submission_files: {
    id: string;
    submission_id: string;
    /** The form's file field it was sent in. */
    field: string;
    /** The name it was sent with, made safe (schemas/form-files.ts safeFileName). */
    name: string;
    /** The media type of the kind its bytes were read as (never the one the client claimed). */
    media_type: string;
    size: number;
    /** SHA-256 of the bytes, hex: a download is checked against it. */
    sha256: string;
    bytes: Buffer;
    created_at: string;
  };
  /** Notifications waiting for (or done with) delivery: written after their submission, sent later. */
  outbox: {
    id: string;
    /** The form whose submission this notifies about. */
    kind: string;
    submission_id: string;
    /** The submitter's address, so erasure finds their notifications too. */
    subject_email: string;
    /** JSON of a MailMessage (server/notify/messages.ts); emptied once sent. */
    message: string;
    attempts: number;
    next_attempt_at: string;
    /** A sender holds the row until then (the database's clock), so two senders never send it at once. */
    lease_until: string | null;
    last_error: string | null;
    sent_at: string | null;
    /** Set when the message is given up (refused for good, too many attempts, unreadable): a dead letter. */
    dead_at: string | null;
    created_at: string;
  };
  /** The shared rate limit's counters (PostgreSQL only): a hashed client key, its hits in the window. */
  rate_limits: {
    key: string;
    hits: number;
    /** When the window ends, in ms since 1970 on the database's clock. */
    resets_at_ms: string | number;
  };
  /** Proof-of-work challenges already taken for a submission, until they expire (ms since 1970). */
  form_pow_replays: {
    challenge: string;
    expires_at_ms: string | number;
  };
  /** The studio's people (server/studio/auth/accounts.ts). */
  studio_users: {
    id: string;
    /** Trimmed and lowercased: one account per address. */
    email: string;
    name: string;
    /** A Role (server/studio/roles.ts). */
    role: string;
    /** A self-describing scrypt hash (server/studio/auth/passwords.ts); null until the invitation is accepted. */
    password_hash: string | null;
    /** Set when an admin disables the account: it can no longer sign in, and its sessions ended then. */
    disabled_at: string | null;
    created_at: string;
    updated_at: string;
  };
  /** One-time links: invitations, password resets and local mode's sign-in (server/studio/local.ts). Only the SHA-256 of the token is kept. */
  studio_tokens: {
    token_hash: string;
    user_id: string;
    purpose: "invitation" | "reset" | "local-sign-in";
    created_at: string;
    expires_at: string;
    /** When it was used (or replaced by a newer link): a used link never works again. */
    used_at: string | null;
  };
  /** Signed-in sessions, server-side. Only the SHA-256 of the cookie's session id is kept. */
  studio_sessions: {
    /** A public id, to list and revoke a session without knowing its secret. */
    id: string;
    secret_hash: string;
    user_id: string;
    /** The browser's User-Agent (shortened), so a person can tell their devices apart. */
    user_agent: string;
    created_at: string;
    last_seen_at: string;
  };
  /** Failed sign-in counters: a hashed key (an account, a client address, or both), its failures and when it may try again. */
  studio_sign_in_throttle: {
    key: string;
    failures: number;
    /** ms since 1970 on the database's clock, like rate_limits. */
    next_at_ms: string | number;
    last_at_ms: string | number;
  };
  /** A content file's draft in the studio (server/studio/documents/drafts.ts): never written to the file. */
  studio_drafts: {
    file: string;
    /** The draft's value, as JSON text. */
    data: string;
    /** The file's version the draft started from; null for a page not written yet. */
    base_version: string | null;
    /** Who changed it last, and when. */
    updated_by: string;
    updated_at: string;
  };
  /** Who has a file open in the studio: a heartbeat each (server/studio/documents/presence.ts). */
  studio_presence: {
    file: string;
    user_id: string;
    seen_at: string;
  };
  /** Preview links of a file's draft (server/studio/documents/previews.ts). Only the SHA-256 of the token is kept. */
  studio_previews: {
    /** A public id, to list and revoke a link without knowing its token. */
    id: string;
    token_hash: string;
    file: string;
    created_by: string;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
  };
  /** Passkeys (WebAuthn credentials): the public key and what the authenticator said about it. */
  studio_passkeys: {
    /** The credential id, base64url. */
    id: string;
    user_id: string;
    /** The COSE public key, base64url. */
    public_key: string;
    /** The authenticator's signature counter (0 for those that keep none). */
    counter: string | number;
    /** JSON: the transports the browser reported (internal, hybrid, usb…). */
    transports: string;
    name: string;
    created_at: string;
    last_used_at: string | null;
  };
  /** Scheduled publishes (server/studio/schedules.ts): the draft's data as it was when scheduled, run once at run_at. */
  studio_schedules: {
    id: string;
    file: string;
    /** The data to publish, as JSON text: a snapshot, later edits to the draft do not change it. */
    data: string;
    /** The file's version the data began from; null for a page not written yet. */
    base_version: string | null;
    /** When to publish, ISO-8601 UTC (compared with the database's clock). */
    run_at: string;
    created_by: string;
    created_at: string;
    /** A ScheduleState (schemas/studio-schedule.ts). */
    state: string;
    /** A runner holds the schedule until then (the database's clock), so no two run it at once. */
    lease_until: string | null;
    attempts: number;
    /** The commit it made (done; null when the data equalled the file). */
    commit_sha: string | null;
    /** Why it failed: the catalogue's ErrorData as JSON. */
    error: string | null;
    finished_at: string | null;
    cancelled_by: string | null;
    /** What was asked, hashed: a pending schedule's is unique, so a resend finds it (migration 0018). */
    request_key: string | null;
  };
  /** Drafts sent for review (server/studio/reviews.ts): one row per sending, with its answer. */
  studio_reviews: {
    id: string;
    file: string;
    /** A ReviewState (schemas/studio-review.ts). */
    state: string;
    /** The sender's note to the reviewer. */
    note: string | null;
    requested_by: string;
    requested_at: string;
    /** Who published it or sent it back; null while it waits, or once their account is gone. */
    reviewer_id: string | null;
    /** Why it was sent back. */
    comment: string | null;
    answered_at: string | null;
  };
  /**
   * Images uploaded in the studio and not published yet (server/studio/media/library.ts): the
   * cleaned original, once per content hash; its entry is a draft (studio_drafts) until published.
   */
  studio_media_uploads: {
    sha256: string;
    media_type: string;
    bytes: Buffer;
    uploaded_by: string;
    uploaded_at: string;
  };
  /** Challenges handed out for a passkey ceremony: each is used once, before it expires. */
  studio_passkey_challenges: {
    challenge: string;
    purpose: "register" | "sign-in";
    user_id: string | null;
    expires_at: string;
  };
  /**
   * The studio's audit log (migration 0010, server/studio/audit.ts): append-only, the database
   * refuses updates and deletes. The actor's address and name as they were at the time.
   */
  studio_audit: {
    id: string;
    /** The database's clock. */
    at: string;
    /** An AuditAction (schemas/studio-audit.ts). */
    action: string;
    actor_id: string | null;
    actor_email: string | null;
    actor_name: string | null;
    target: string;
    /** A JSON object. */
    detail: string;
    ip: string;
    /** The browser's User-Agent, shortened. */
    user_agent: string;
  };
  /** Analytics (migration 0016, server/storage/analytics.ts): one random salt per UTC day, deleted two days on. */
  analytics_salts: { day: string; salt: string };
  /** Page views as counted, kept two days (while their salt lives), then rolled up. */
  analytics_views: {
    /** A UUIDv7: time-ordered, so a visitor's first view of the day is their lowest id. */
    id: string;
    /** The UTC day, 2026-11-28. */
    day: string;
    /** The truncated hash of the day's salt, the site, the address and the User-Agent (server/analytics/visitor.ts). */
    visitor: string;
    /** The page's path, decoded, as stored text (shown escaped). */
    path: string;
    /** A locale code, or "" on a one-language site. */
    locale: string;
    /** utm_source, else the referring host, else "" (direct). */
    source: string;
    medium: string;
    campaign: string;
    /** A ScreenClass (schemas/analytics.ts). */
    device: string;
  };
  /** Page views per day and page, locale, source, campaign or device (a Breakdown, server/storage/analytics.ts), once their raw rows are two days old. */
  analytics_daily: { day: string; dimension: string; value: string; views: string | number; visitors: string | number };
  /** Each rolled-up day's totals: a visitor who saw three pages is one visitor of the day, not three. */
  analytics_days: { day: string; views: string | number; visitors: string | number };
  /** Stored form submissions per day, form, page, locale and the visit's source: counted on the server. */
  analytics_conversions: { day: string; form: string; path: string; locale: string; source: string; conversions: string | number };
}

/** A stored file without its bytes: what the export lists and the notification names. */
export type FileInfo = Omit<Tables["submission_files"], "bytes">;
/** What names a stored file to people: the export, the notification. */
export type FileRef = Pick<FileInfo, "id" | "field" | "name" | "size" | "media_type">;

export type Db = Kysely<Tables>;

export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The database's clock in whole milliseconds since 1970. */
export function sqlNowMs(db: Kysely<any>): RawBuilder<number> {
  if (isPostgres(db)) return sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  return sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}

/**
 * The database's clock as ISO-8601 UTC text (the format of toISOString()), optionally
 * shifted by some milliseconds. Leases, retries and stored times use it, not the server
 * process's clock: several processes on several hosts then agree on what time it is,
 * however far their own clocks are off.
 */
export function sqlNow(db: Kysely<any>, offsetMs = 0): RawBuilder<string> {
  if (isPostgres(db)) {
    return sql<string>`to_char((clock_timestamp() + ${offsetMs}::double precision * interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${(offsetMs / 1000).toFixed(3)} seconds`})`;
}

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** `file:./data/site.db`, `file:///abs/site.db`, a plain path, `:memory:`, or `postgres://...`. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url === ":memory:") return { kind: "sqlite", file: url };
  if (url.startsWith("file://")) return { kind: "sqlite", file: new URL(url).pathname };
  if (url.startsWith("file:")) return { kind: "sqlite", file: path.resolve(url.slice("file:".length)) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) fail(errors.InvalidDatabaseUrl, url.replace(/\/\/[^@/]*@/, "//***@"));
  return { kind: "sqlite", file: path.resolve(url) };
}

/** A redacted description for logs and CLI output: never the password. */
export function describeTarget(target: DatabaseTarget): string {
  return target.kind === "sqlite" ? `SQLite ${target.file}` : `PostgreSQL ${target.url.replace(/\/\/[^@/]*@/, "//***@")}`;
}

export interface ConnectOptions {
  /** Where the pool reports an idle connection it lost (the server passes its logger). */
  onIdleError?: (error: Error) => void;
  /**
   * PostgreSQL: how long a query may run (on the server: statement_timeout) or go unanswered
   * (in the client: a database that stopped answering), and at most 5 s to connect. Unset:
   * no limits (migrations, which may move much data, and the CLI).
   */
  timeoutMs?: number;
}

// Each driver loads only for its kind of database: a server on SQLite never loads pg (and the
// server answers sooner, docs/architecture.md "How soon the server answers").
const loadPackage = createRequire(import.meta.url);
const sqliteDriver = () => loadPackage("better-sqlite3") as typeof import("better-sqlite3");
const postgresDriver = () => loadPackage("pg") as typeof import("pg");

/**
 * SQLite with its migrations in one transaction, and every transaction IMMEDIATE. Kysely runs
 * SQLite's migrations without a transaction or a lock (it counts on one connection), so two
 * processes starting at once on one file (a restart overlapping the old process, a CLI beside
 * the server) both read that a migration was due and both ran it: the second failed to start,
 * "table ... already exists". In one transaction that takes the file's write lock as it begins,
 * the second waits (busy_timeout), then reads that they ran. IMMEDIATE for the others too: a
 * transaction that has read and then writes after another process wrote fails at once in WAL
 * mode (SQLITE_BUSY_SNAPSHOT), where busy_timeout cannot help; one that takes the lock first
 * waits its turn. SQLite's DDL is transactional, as PostgreSQL's is.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

class LockingSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: BetterSqlite3.Database) {
    super({ database: sqlite });
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.sqlite });
  }
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

const warnIdleError = (error: Error) => console.warn(`database: a connection was lost (${error.message})`);

/** A Kysely database on the target, not yet migrated. */
export function connect(target: DatabaseTarget, { onIdleError = warnIdleError, timeoutMs }: ConnectOptions = {}): Db {
  if (target.kind === "sqlite") {
    if (target.file !== ":memory:") mkdirSync(path.dirname(target.file), { recursive: true });
    const SQLite = sqliteDriver();
    const sqlite = new SQLite(target.file);
    // WAL lets readers (the CLI) work beside the server; FULL syncs every commit to disk
    // before the success answer, so an acknowledged submission survives a power cut.
    // The wait first: switching a new file to WAL takes a lock another process starting may hold.
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    // What a delete frees is overwritten with zeros, so erased data leaves the file (./purge.ts).
    sqlite.pragma("secure_delete = ON");
    return new Kysely<Tables>({ dialect: new LockingSqliteDialect(sqlite) });
  }
  const pool = new (postgresDriver().Pool)({
    connectionString: target.url,
    max: 10,
    // Finds a peer that vanished without closing the connection (a host or network gone).
    keepAlive: true,
    ...(timeoutMs !== undefined && {
      connectionTimeoutMillis: Math.min(timeoutMs, 5_000),
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs,
      idle_in_transaction_session_timeout: timeoutMs,
    }),
  });
  // An idle connection the server closes (a restart, a failover) is reported here; without
  // a listener, pg's 'error' event would end the process. The pool makes a new connection
  // for the next query.
  pool.on("error", (error) => onIdleError(error));
  // The same for a connection lost while checked out between two queries (inside a
  // transaction): its next query fails and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", (error) => onIdleError(error)));
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}



/**
 * Connects and migrates to the latest schema. On PostgreSQL the migrations run on their own
 * connection without the query timeout (they may move much data; several processes starting
 * at once wait for each other's lock), and the database returned has the timeouts.
 */
export async function openDatabase(url: string, options: ConnectOptions = {}): Promise<{ db: Db; target: DatabaseTarget }> {
  const target = parseDatabaseUrl(url);
  const separate = target.kind === "postgres" && options.timeoutMs !== undefined;
  const migrating = connect(target, { ...options, timeoutMs: separate ? undefined : options.timeoutMs });
  try {
    await migrate(migrating);
  } catch (error) {
    await migrating.destroy();
    fail(errors.DatabaseNotPrepared, describeTarget(target), error instanceof Error ? error.message : String(error));
  }
  if (!separate) return { db: migrating, target };
  await migrating.destroy();
  return { db: connect(target, options), target };
}

/**
 * Whether a database error means "not reachable right now" (answered 503, try again) rather
 * than a fault in the server (500): refused or lost connections, timeouts, a server
 * shutting down or starting, SQLite busy beyond its timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "SQLITE_BUSY"].includes(code)) return true;
    // PostgreSQL SQLSTATE: 08 connection exception, 57014 statement timeout, 57P01-03 shutdown/starting, 53300 too many connections.
    if (/^08|^57014$|^57P0[1-3]$|^53300$/.test(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection terminated due to connection timeout/i.test(error.message);
}

/** Applies the migrations up to `last` (default: all of them). */
export async function migrate(db: Kysely<any>, last?: string) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = last ? await migrator.migrateTo(last) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
