/**
 * The database schema, as in-code Kysely migrations shared by SQLite and PostgreSQL.
 * Append new migrations; never edit one that has shipped. Ids are time-ordered UUIDv7s made by the
 * server, so neither database's auto-increment flavour is needed.
 */
import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";

/**
 * Runs a migration's steps in one transaction. The migrator gives both databases one
 * (server/storage/database.ts makes SQLite's transactional too); this keeps a migration whole
 * should it run outside it.
 */
const atomically = (db: Kysely<any>, steps: (db: Kysely<any>) => Promise<void>) =>
  db.isTransaction ? steps(db) : db.transaction().execute(steps);

export const migrations: Record<string, Migration> = {
  "0001_form_submissions": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("newsletter_subscribers")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("consented_at", "text", (c) => c.notNull())
        .addColumn("consent_version", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("contact_enquiries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("company", "text", (c) => c.notNull())
        .addColumn("service", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("contact_enquiries_email").on("contact_enquiries").column("email").execute();

      await db.schema
        .createTable("job_applications")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("position", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("job_applications_email").on("job_applications").column("email").execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("submission_id", "text", (c) => c.notNull())
        .addColumn("subject_email", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("lease_until", "text")
        .addColumn("last_error", "text")
        .addColumn("sent_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("outbox_due").on("outbox").columns(["sent_at", "next_attempt_at"]).execute();
      await db.schema.createIndex("outbox_subject_email").on("outbox").column("subject_email").execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["outbox", "job_applications", "contact_enquiries", "newsletter_subscribers"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },

  /**
   * One table for every form: a submission is its form's id and its values as JSON, so a
   * form added in content needs no code. The rows of the three tables of 0001 move over
   * unchanged (ids, times, values; a subscriber's consent version becomes form_version and
   * consent time updated_at), then those tables go. The outbox gains dead letters.
   */
  "0002_one_table_for_every_form": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("submissions")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("form", "text", (c) => c.notNull())
          .addColumn("data", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("unique_key", "text")
          .addColumn("form_version", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addUniqueConstraint("submissions_form_unique_key", ["form", "unique_key"])
          .execute();
        await db.schema.createIndex("submissions_form_created").on("submissions").columns(["form", "created_at", "id"]).execute();
        await db.schema.createIndex("submissions_email").on("submissions").column("email").execute();
        await db.schema.createIndex("submissions_updated").on("submissions").column("updated_at").execute();

        // The old tables' columns, written out here: this migration must not change when forms do.
        const moves = [
          { table: "newsletter_subscribers", form: "newsletter", fields: ["email"] },
          { table: "contact_enquiries", form: "contact", fields: ["name", "email", "phone", "company", "service", "message"] },
          { table: "job_applications", form: "careers", fields: ["name", "email", "position", "message"] },
        ];
        for (const { table, form, fields } of moves) {
          const rows = (await db.selectFrom(table).selectAll().orderBy("id").execute()) as Record<string, string>[];
          const moved = rows.map((row) => ({
            id: row.id,
            form,
            data: JSON.stringify(Object.fromEntries(fields.map((f) => [f, row[f] ?? ""]))),
            email: row.email ?? "",
            unique_key: form === "newsletter" ? row.email : null,
            form_version: row.consent_version ?? "unknown",
            created_at: row.created_at,
            updated_at: row.consented_at ?? row.created_at,
          }));
          // In slices: SQLite allows 32,766 bound values per statement, PostgreSQL 65,535.
          for (let i = 0; i < moved.length; i += 500) await db.insertInto("submissions").values(moved.slice(i, i + 500)).execute();
          await db.schema.dropTable(table).execute();
        }

        await db.schema.alterTable("outbox").addColumn("dead_at", "text").execute();
      }),
  },

  /**
   * The rate limit's counters when several processes share one PostgreSQL (one process on
   * SQLite counts in memory and leaves this table empty). Keys are hashed client addresses;
   * windows end on the database's clock (ms since 1970).
   */
  "0003_rate_limits": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("hits", "integer", (c) => c.notNull())
        .addColumn("resets_at_ms", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("rate_limits_resets").on("rate_limits").column("resets_at_ms").execute();
    },
  },

  /**
   * The studio's accounts (server/studio/auth): people, their one-time links (invitations and
   * password resets), their signed-in sessions, and the sign-in throttle's counters. Secrets
   * are never stored: tokens and session ids only as SHA-256 hashes, passwords as scrypt hashes.
   */
  "0004_studio_accounts": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("studio_users")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("email", "text", (c) => c.notNull().unique())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("role", "text", (c) => c.notNull())
          .addColumn("password_hash", "text")
          .addColumn("disabled_at", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("studio_tokens")
          .addColumn("token_hash", "text", (c) => c.primaryKey())
          .addColumn("user_id", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("purpose", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .addColumn("used_at", "text")
          .execute();
        await db.schema.createIndex("studio_tokens_user").on("studio_tokens").column("user_id").execute();
        await db.schema
          .createTable("studio_sessions")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("secret_hash", "text", (c) => c.notNull().unique())
          .addColumn("user_id", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("user_agent", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("last_seen_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("studio_sessions_user").on("studio_sessions").column("user_id").execute();
        await db.schema.createIndex("studio_sessions_last_seen").on("studio_sessions").column("last_seen_at").execute();
        await db.schema
          .createTable("studio_sign_in_throttle")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("failures", "integer", (c) => c.notNull())
          .addColumn("next_at_ms", "bigint", (c) => c.notNull())
          .addColumn("last_at_ms", "bigint", (c) => c.notNull())
          .execute();
      }),
  },

  /**
   * The studio's drafts (server/studio/documents/): one draft per content file, kept as people
   * type and never written to the file; who has a file open now (heartbeats); and preview
   * links, of which only the SHA-256 of the token is kept.
   */
  "0006_studio_drafts": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("studio_drafts")
          .addColumn("file", "text", (c) => c.primaryKey())
          .addColumn("data", "text", (c) => c.notNull())
          .addColumn("base_version", "text")
          .addColumn("updated_by", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("studio_presence")
          .addColumn("file", "text", (c) => c.notNull())
          .addColumn("user_id", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("seen_at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("studio_presence_pk", ["file", "user_id"])
          .execute();
        await db.schema
          .createTable("studio_previews")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("token_hash", "text", (c) => c.notNull().unique())
          .addColumn("file", "text", (c) => c.notNull())
          .addColumn("created_by", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .addColumn("revoked_at", "text")
          .execute();
        await db.schema.createIndex("studio_previews_file").on("studio_previews").column("file").execute();
      }),
  },

  /**
   * Files sent with a submission (a CV), in the database beside it, so every process and host
   * sharing the database has them: written in the submission's transaction, erased and expired
   * with it.
   */
  "0007_submission_files": {
    up: (db) =>
      atomically(db, async (db) => {
        const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
        await db.schema
          .createTable("submission_files")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("submission_id", "text", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
          .addColumn("field", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("media_type", "text", (c) => c.notNull())
          .addColumn("size", "integer", (c) => c.notNull())
          .addColumn("sha256", "text", (c) => c.notNull())
          .addColumn("bytes", bytes, (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("submission_files_submission").on("submission_files").column("submission_id").execute();
      }),
  },

  /**
   * The studio's passkeys (server/studio/auth/passkeys.ts): each person's WebAuthn credentials
   * (the public key only: the private key never leaves the authenticator), and the challenges
   * handed out for registering one or signing in with one, each good once and for minutes.
   */
  "0008_studio_passkeys": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("studio_passkeys")
          // The credential's id as the authenticator made it, base64url.
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("user_id", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("public_key", "text", (c) => c.notNull())
          .addColumn("counter", "bigint", (c) => c.notNull())
          .addColumn("transports", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("last_used_at", "text")
          .execute();
        await db.schema.createIndex("studio_passkeys_user").on("studio_passkeys").column("user_id").execute();
        await db.schema
          .createTable("studio_passkey_challenges")
          .addColumn("challenge", "text", (c) => c.primaryKey())
          .addColumn("purpose", "text", (c) => c.notNull())
          // Whose registration it is; null for signing in (who is not known until the passkey says).
          .addColumn("user_id", "text", (c) => c.references("studio_users.id").onDelete("cascade"))
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("studio_passkey_challenges_expiry").on("studio_passkey_challenges").column("expires_at").execute();
      }),
  },
  /**
   * Proof-of-work challenges already taken (server/plugins/form-pow.ts): each solved challenge
   * is good for one submission, on every process sharing the database. A row is kept until its
   * challenge expires, after which the signature refuses it anyway.
   */
  "0009_form_pow_replays": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("form_pow_replays")
          .addColumn("challenge", "text", (c) => c.primaryKey())
          .addColumn("expires_at_ms", "bigint", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("form_pow_replays_expiry").on("form_pow_replays").column("expires_at_ms").execute();
      }),
  },

  /**
   * The studio's audit log (server/studio/audit.ts): who did what, when and from where. Append
   * only: the database itself refuses to change or remove a row (triggers on UPDATE and DELETE,
   * and TRUNCATE on PostgreSQL), whatever code asks. No foreign key: a row names its actor as
   * they were, and nothing that happens to an account may cascade into the log.
   */
  "0010_studio_audit": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("studio_audit")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("at", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("actor_id", "text")
          .addColumn("actor_email", "text")
          .addColumn("actor_name", "text")
          .addColumn("target", "text", (c) => c.notNull())
          .addColumn("detail", "text", (c) => c.notNull())
          .addColumn("ip", "text", (c) => c.notNull())
          .addColumn("user_agent", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("studio_audit_at").on("studio_audit").columns(["at", "id"]).execute();
        await db.schema.createIndex("studio_audit_action").on("studio_audit").columns(["action", "at"]).execute();
        await db.schema.createIndex("studio_audit_actor").on("studio_audit").columns(["actor_email", "at"]).execute();
        if (db.getExecutor().adapter instanceof PostgresAdapter) {
          await sql`CREATE FUNCTION studio_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'studio_audit is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation'; END $$`.execute(db);
          await sql`CREATE TRIGGER studio_audit_no_change BEFORE UPDATE OR DELETE ON studio_audit FOR EACH ROW EXECUTE FUNCTION studio_audit_append_only()`.execute(db);
          await sql`CREATE TRIGGER studio_audit_no_truncate BEFORE TRUNCATE ON studio_audit FOR EACH STATEMENT EXECUTE FUNCTION studio_audit_append_only()`.execute(db);
        } else {
          await sql`CREATE TRIGGER studio_audit_no_update BEFORE UPDATE ON studio_audit BEGIN SELECT RAISE(ABORT, 'studio_audit is append-only: UPDATE refused'); END`.execute(db);
          await sql`CREATE TRIGGER studio_audit_no_delete BEFORE DELETE ON studio_audit BEGIN SELECT RAISE(ABORT, 'studio_audit is append-only: DELETE refused'); END`.execute(db);
        }
        }),
    },

    /**
   * Scheduled publishing (server/studio/schedules.ts): a draft's data kept as it was when the
   * schedule was set, with the file's version it began from, published at `run_at` by whichever
   * studio process claims it first (a lease on the database's clock, as the outbox's).
   */
  "0011_studio_schedules": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("studio_schedules")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("file", "text", (c) => c.notNull())
          .addColumn("data", "text", (c) => c.notNull())
          .addColumn("base_version", "text")
          .addColumn("run_at", "text", (c) => c.notNull())
          .addColumn("created_by", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("state", "text", (c) => c.notNull())
          .addColumn("lease_until", "text")
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("commit_sha", "text")
          .addColumn("error", "text")
          .addColumn("finished_at", "text")
          .addColumn("cancelled_by", "text", (c) => c.references("studio_users.id").onDelete("set null"))
          .execute();
        await db.schema.createIndex("studio_schedules_due").on("studio_schedules").columns(["state", "run_at"]).execute();
      }),
  },

  /** The locale of the page a submission was sent from (issue 26): null for those sent before, and on a one-language site. */
  "0013_submission_locale": {
    up: (db) => db.schema.alterTable("submissions").addColumn("locale", "text").execute(),
  },

  /**
   * The review workflow (server/studio/reviews.ts): a contributor sends a page's draft for review;
   * an editor publishes it or sends it back with a comment. A row per sending, kept after its
   * answer so the sender sees it; at most one waiting per page (a partial unique index, so two
   * sends at once cannot both wait).
   */
  "0014_studio_reviews": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("studio_reviews")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("file", "text", (c) => c.notNull())
          .addColumn("state", "text", (c) => c.notNull())
          .addColumn("note", "text")
          .addColumn("requested_by", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("requested_at", "text", (c) => c.notNull())
          .addColumn("reviewer_id", "text", (c) => c.references("studio_users.id").onDelete("set null"))
          .addColumn("comment", "text")
          .addColumn("answered_at", "text")
          .execute();
        await db.schema.createIndex("studio_reviews_one_waiting").on("studio_reviews").column("file").unique().where(sql.ref("state"), "=", "pending").execute();
        await db.schema.createIndex("studio_reviews_state").on("studio_reviews").columns(["state", "requested_at"]).execute();
        await db.schema.createIndex("studio_reviews_sender").on("studio_reviews").columns(["requested_by", "requested_at"]).execute();
      }),
  },

  /**
   * Images uploaded in the studio before they are published (server/studio/media/library.ts):
   * the cleaned original once per content hash, in the database so every process sharing it
   * can show and publish it; the content files change only when it is published.
   */
  "0015_studio_media_uploads": {
    up: (db) =>
      atomically(db, async (db) => {
        const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
        await db.schema
          .createTable("studio_media_uploads")
          .addColumn("sha256", "text", (c) => c.primaryKey())
          .addColumn("media_type", "text", (c) => c.notNull())
          .addColumn("bytes", bytes, (c) => c.notNull())
          .addColumn("uploaded_by", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
          .addColumn("uploaded_at", "text", (c) => c.notNull())
          .execute();
      }),
  },

  /**
   * Privacy-first analytics (docs/analytics.md, server/storage/analytics.ts): the day's salts
   * (deleted two days on), page views as raw rows for two days, then rolled up per day and
   * page, locale, source, campaign or device (one narrow row each: a year of a busy site is
   * thousands of rows, not millions) and the day's totals (whose visitors cannot be summed from
   * the pages'), and conversions as counters, written with each stored submission. No row holds an
   * address; a raw row's visitor id cannot be linked to one once its day's salt is gone.
   */
  "0016_analytics": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema
          .createTable("analytics_salts")
          .addColumn("day", "text", (c) => c.primaryKey())
          .addColumn("salt", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("analytics_views")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("visitor", "text", (c) => c.notNull())
          .addColumn("path", "text", (c) => c.notNull())
          .addColumn("locale", "text", (c) => c.notNull())
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("medium", "text", (c) => c.notNull())
          .addColumn("campaign", "text", (c) => c.notNull())
          .addColumn("device", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("analytics_views_day").on("analytics_views").columns(["day", "path"]).execute();
        await db.schema.createIndex("analytics_views_visitor").on("analytics_views").columns(["visitor", "day", "id"]).execute();
        const rollup = (table: string, first: string[], counters: string[]) => {
          let builder = db.schema.createTable(table);
          for (const column of first) builder = builder.addColumn(column, "text", (c) => c.notNull());
          for (const counter of counters) builder = builder.addColumn(counter, "bigint", (c) => c.notNull().defaultTo(0));
          return builder.addPrimaryKeyConstraint(`${table}_key`, first as never[]).execute();
        };
        // Keyed by dimension first: a breakdown over a period is one contiguous range of the key.
        await rollup("analytics_daily", ["dimension", "day", "value"], ["views", "visitors"]);
        await rollup("analytics_days", ["day"], ["views", "visitors"]);
        await rollup("analytics_conversions", ["day", "form", "path", "locale", "source"], ["conversions"]);
      }),
  },
  /**
   * The studio's figures read from indexes alone (npm run bench:analytics): a breakdown over a
   * period is one range of (dimension, day) with its counters beside the key, and one page's
   * days (the page editor's panel) one range of (dimension, value) — without the second,
   * a page's 90 days read every page's.
   */
  "0017_analytics_indexes": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema.createIndex("analytics_daily_period").on("analytics_daily").columns(["dimension", "day", "value", "views", "visitors"]).execute();
        await db.schema.createIndex("analytics_daily_value").on("analytics_daily").columns(["dimension", "value", "day", "views", "visitors"]).execute();
        await db.schema.createIndex("analytics_conversions_path").on("analytics_conversions").columns(["path", "day", "conversions"]).execute();
      }),
  },

  /**
   * A schedule sent twice is set once (server/studio/schedules.ts): what was asked (who, which
   * page, when, from which version, with what data) as a key no two pending schedules share.
   * Null for the schedules set before, which no resend can match.
   */
  "0018_studio_schedule_request_key": {
    up: (db) =>
      atomically(db, async (db) => {
        await db.schema.alterTable("studio_schedules").addColumn("request_key", "text").execute();
        await db.schema.createIndex("studio_schedules_pending_request").on("studio_schedules").column("request_key").unique().where(sql.ref("state"), "=", "pending").execute();
      }),
  },
};
