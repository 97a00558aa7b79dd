/**
 * The database schema, as in-code Kysely migrations shared by SQLite and PostgreSQL.
 * Append new migrations; never edit one that has shipped. Ids are time-ordered UUIDv7s made by the
 * server, so neither database's auto-increment flavour is needed.
 */
import type { Kysely, Migration } from "kysely";

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
};
