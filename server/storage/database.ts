/**
 * One Kysely database for form submissions: SQLite (better-sqlite3) by default, PostgreSQL
 * (pg) when DATABASE_URL is postgres://. The same in-code migrations serve both and run on
 * every start, so a fresh file or an empty database is ready without a setup step.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { migrations } from "./migrations.ts";

/**
 * Times are ISO-8601 UTC text (`toISOString()`) in both databases: one migration set, values
 * that read the same from either driver, and text order equals time order.
 */
export interface Tables {
  newsletter_subscribers: {
    id: string;
    email: string;
    /** When the address last asked to subscribe. */
    consented_at: string;
    /** Which wording the person saw: a short hash of the newsletter form as built. */
    consent_version: string;
    created_at: string;
  };
  contact_enquiries: {
    id: string;
    name: string;
    email: string;
    phone: string;
    company: string;
    service: string;
    message: string;
    created_at: string;
  };
  job_applications: {
    id: string;
    name: string;
    email: string;
    position: string;
    message: string;
    created_at: string;
  };
  /** Notifications waiting for (or done with) delivery: stored with the submission, sent later. */
  outbox: {
    id: string;
    /** The form whose submission this notifies about. */
    kind: string;
    submission_id: string;
    /** The submitter's address, so erasure finds their notifications too. */
    subject_email: string;
    /** JSON of a MailMessage (server/notify/messages.ts). */
    message: string;
    attempts: number;
    next_attempt_at: string;
    /** A sender holds the row until then, so two senders never send it twice. */
    lease_until: string | null;
    last_error: string | null;
    sent_at: string | null;
    created_at: string;
  };
}

export type Db = Kysely<Tables>;

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** `file:./data/site.db`, `file:///abs/site.db`, a plain path, `:memory:`, or `postgres://...`. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url === ":memory:") return { kind: "sqlite", file: url };
  if (url.startsWith("file://")) return { kind: "sqlite", file: new URL(url).pathname };
  if (url.startsWith("file:")) return { kind: "sqlite", file: path.resolve(url.slice("file:".length)) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`DATABASE_URL "${url.replace(/\/\/[^@/]*@/, "//***@")}" is neither a SQLite file (file:./data/site.db) nor postgres://.`);
  }
  return { kind: "sqlite", file: path.resolve(url) };
}

/** A redacted description for logs and CLI output: never the password. */
export function describeTarget(target: DatabaseTarget): string {
  return target.kind === "sqlite" ? `SQLite ${target.file}` : `PostgreSQL ${target.url.replace(/\/\/[^@/]*@/, "//***@")}`;
}

export async function openDatabase(url: string): Promise<{ db: Db; target: DatabaseTarget }> {
  const target = parseDatabaseUrl(url);
  let db: Db;
  if (target.kind === "sqlite") {
    if (target.file !== ":memory:") mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    // WAL lets readers (the CLI) work beside the server; FULL syncs every commit to disk
    // before the success answer, so an acknowledged submission survives a power cut.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("busy_timeout = 5000");
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  } else {
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10 }) }) });
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`Could not prepare the database (${describeTarget(target)}): ${error instanceof Error ? error.message : String(error)}`);
  }
  return { db, target };
}

export async function migrate(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
