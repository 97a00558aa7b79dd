/**
 * Submissions of every form, in one table: store (before the success answer), export and
 * erase. Nothing here names a form: a form added in content/collections/forms.json is
 * stored, exported and erased as it is. Shared by the API and `npm run submissions`.
 */
import { emailField, type ResolvedForm } from "../../schemas/forms.ts";
import type { ErasureReport, SubmissionPage, SubmissionView } from "../../schemas/studio-submissions.ts";
import { uuidv7 } from "./ids.ts";
import type { MailMessage } from "../notify/messages.ts";
import { type Db, type FileInfo, type FileRef, sqlNow, type Tables } from "./database.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { createHash } from "node:crypto";
import { toCsv } from "./csv.ts";
import { type Conversion, countConversion } from "./analytics.ts";
import { purgeDeleted } from "./purge.ts";

/** Addresses are compared and kept trimmed and lowercased; a +tag is part of the address. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();


export interface StoreOptions {
  /** Which fields and wording the person saw (the newsletter's consent version). */
  formVersion: string;
  /**
   * Writes the notification; called only once the submission's row is written. If it
   * throws, the submission is still stored, the outbox keeps a dead letter saying why,
   * and the error is returned.
   */
  notification?: (files: readonly FileRef[]) => MailMessage;
  /** Files sent with it (a CV), stored in the same transaction: both or neither. */
  files?: readonly NewFile[];
  /** The locale of the page it was sent from, on a site of several. */
  locale?: string;
  /** What it counts as in analytics (server/plugins/analytics.ts), counted in the same transaction; none while analytics is off. */
  conversion?: Conversion;
}

/** A file to store with its submission, as the form API received it (server/plugins/form-multipart.ts). */
export interface NewFile {
  /** The form's file field it was sent in. */
  field: string;
  /** The name it was sent with, each character file systems refuse as _ (safeFileName). */
  name: string;
  /** The media type of the kind its bytes are, never the one the client claimed. */
  mediaType: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

// Defined beside the tables, where the notification module reads them too: neither it nor this one imports the other.
export type { ErasureReport, FileInfo, FileRef, SubmissionPage, SubmissionView };

export interface Stored {
  id: string;
  notificationError?: unknown;
}

/**
 * Stores one validated submission durably; resolves only once it is committed. For a form
 * with `unique`, the same value sent again updates the stored submission (values, version,
 * updated_at) instead of adding one, so the caller answers exactly as for a first one.
 * Times are the database's clock, the same for every server process.
 */
export async function storeSubmission(db: Db, form: ResolvedForm, values: Record<string, string>, options: StoreOptions): Promise<Stored> {
  const address = emailField(form);
  const email = address ? normalizeEmail(values[address] ?? "") : "";
  const data = JSON.stringify(Object.fromEntries(form.fields.map((f) => [f.name, values[f.name] ?? ""])));
  const uniqueKey = form.unique === undefined ? null : (values[form.unique] ?? "");

  return db.transaction().execute(async (trx) => {
    const now = sqlNow(trx);
    const { id } = await trx
      .insertInto("submissions")
      .values({ id: uuidv7(), form: form.id, data, email, unique_key: uniqueKey, form_version: options.formVersion, created_at: now, updated_at: now, locale: options.locale ?? null })
      .onConflict((oc) => oc.columns(["form", "unique_key"]).doUpdateSet({ data, email, form_version: options.formVersion, updated_at: now, locale: options.locale ?? null }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const files = (options.files ?? []).map((f) => ({ id: uuidv7(), submission_id: id, field: f.field, name: f.name, media_type: f.mediaType, size: f.size, sha256: f.sha256, bytes: f.bytes }));
    if (files.length > 0) {
      // Sent again (a unique form): the new files replace the old ones.
      await trx.deleteFrom("submission_files").where("submission_id", "=", id).execute();
      await trx
        .insertInto("submission_files")
        .values(files.map((f) => ({ ...f, created_at: now })))
        .execute();
    }
    if (options.conversion) await countConversion(trx, options.conversion);
    if (!options.notification) return { id };

    let message = "";
    let notificationError: unknown;
    try {
      message = JSON.stringify(options.notification(files));
    } catch (error) {
      notificationError = error;
    }
    await trx
      .insertInto("outbox")
      .values({
        id: uuidv7(),
        kind: form.id,
        submission_id: id,
        subject_email: email,
        message,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        // Not written: kept as a dead letter, so the failure is visible where mail is looked after.
        ...(notificationError !== undefined && {
          dead_at: now,
          last_error: `${errors.NotificationNotBuilt.code}: ${notificationError instanceof Error ? notificationError.message : String(notificationError)}`.slice(0, 500),
        }),
      })
      .execute();
    return { id, notificationError };
  });
}

/** What is stored beside a submission's values, as its columns are named. */
const STORED_META = ["created_at", "updated_at", "form_version", "locale"] as const;

/**
 * Columns every export starts with, before the form's own fields: the stored `locale` as
 * `page_locale` (the locale of the page it was sent from; empty on a one-language site and
 * before migration 0013). In snake case, which no field's name matches (schemas/form-names.ts
 * FIELD_NAME), so a field (one named `locale`, say) never hides one of them.
 */
export const EXPORT_META = ["created_at", "updated_at", "form_version", "page_locale"] as const;

export interface Export {
  /** EXPORT_META, the form's fields in its order, then any other stored keys (fields since removed). */
  columns: string[];
  rows: Record<string, string>[];
}

/**
 * Every stored submission of one form, oldest first. `fields` is the form's field order
 * (from content); values of fields the form no longer has are exported too.
 */
export async function exportSubmissions(db: Db, form: string, fields: readonly string[] = []): Promise<Export> {
  const stored = await db
    .selectFrom("submissions")
    .select(["id", "data", ...STORED_META])
    .where("form", "=", form)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const files = await filesOfForm(db, form);
  const columns = new Set<string>([...EXPORT_META, ...fields]);
  const rows = stored.map(({ id, data, locale, ...meta }) => {
    const values = JSON.parse(data) as Record<string, string>;
    // A file field's cell names its file: the download command takes the id.
    for (const file of files.get(id) ?? []) values[file.field] = describeFile(file);
    for (const key of Object.keys(values)) columns.add(key);
    return { ...meta, page_locale: locale ?? "", ...values };
  });
  return { columns: [...columns], rows };
}

/** An export as CSV (./csv.ts), with the rows it holds: what `npm run submissions -- export` prints and the studio downloads. */
export async function exportCsv(db: Db, form: string, fields: readonly string[] = []): Promise<Export & { csv: string }> {
  const exported = await exportSubmissions(db, form, fields);
  return { ...exported, csv: toCsv(exported.rows, exported.columns) };
}

/** A stored file as the export lists it: `cv.pdf (84213 bytes, application/pdf) file 0190…`. */
export const describeFile = (file: FileRef) => `${file.name} (${file.size} bytes, ${file.media_type}) file ${file.id}`;

/** The files (without bytes) sent with a form's submissions, by submission id. */
export async function filesOfForm(db: Db, form: string): Promise<Map<string, FileInfo[]>> {
  const rows = await db
    .selectFrom("submission_files as f")
    .innerJoin("submissions as s", "s.id", "f.submission_id")
    .select(["f.id", "f.submission_id", "f.field", "f.name", "f.media_type", "f.size", "f.sha256", "f.created_at"])
    .where("s.form", "=", form)
    .orderBy("f.id")
    .execute();
  const bySubmission = new Map<string, FileInfo[]>();
  for (const row of rows) bySubmission.set(row.submission_id, [...(bySubmission.get(row.submission_id) ?? []), { ...row, size: Number(row.size) }]);
  return bySubmission;
}

/** One stored file with its bytes; undefined when there is none with this id. */
export async function readStoredFile(db: Db, id: string): Promise<Tables["submission_files"] | undefined> {
  const row = await db.selectFrom("submission_files").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const bytes = Buffer.from(row.bytes);
  return { ...row, size: Number(row.size), bytes };
}

/** Whether a stored file's bytes still have the SHA-256 they were stored with. */
export const isIntact = (file: Pick<Tables["submission_files"], "bytes" | "sha256">) => createHash("sha256").update(file.bytes).digest("hex") === file.sha256;

const fromRow = ({ data, created_at, updated_at, form_version, locale, ...row }: { id: string; email: string; data: string; created_at: string; updated_at: string; form_version: string; locale: string | null }) => ({
  ...row,
  createdAt: String(created_at),
  updatedAt: String(updated_at),
  formVersion: form_version,
  locale,
  values: JSON.parse(data) as Record<string, string>,
});

/** Whether any value holds the search text, letter case aside. */
const holds = (values: Record<string, string>, search: string) => Object.values(values).some((value) => value.toLocaleLowerCase().includes(search));

/**
 * One page of a form's submissions, newest first (by when they were first sent). With
 * `search`, only those with a value that holds it, letter case aside: matched on the stored
 * values themselves, not on their JSON text, so a field's name or JSON's escaping never matches.
 */
export async function listSubmissions(db: Db, form: string, { search = "", page = 1, perPage = 25 }: { search?: string; page?: number; perPage?: number } = {}): Promise<SubmissionPage> {
  const newestFirst = db
    .selectFrom("submissions")
    .select(["id", "email", "data", ...STORED_META])
    .where("form", "=", form)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  const wanted = search.trim().toLocaleLowerCase();
  if (wanted === "") {
    const [rows, count] = await Promise.all([
      newestFirst.limit(perPage).offset((page - 1) * perPage).execute(),
      db.selectFrom("submissions").select((eb) => eb.fn.countAll<string | number>().as("n")).where("form", "=", form).executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.n), submissions: rows.map(fromRow) };
  }
  const matching = (await newestFirst.execute()).map(fromRow).filter((s) => holds(s.values, wanted));
  return { total: matching.length, submissions: matching.slice((page - 1) * perPage, page * perPage) };
}

/** One submission with its files; undefined when there is none with this id. */
export async function readSubmission(db: Db, id: string): Promise<SubmissionView | undefined> {
  const row = await db.selectFrom("submissions").select(["id", "form", "email", "data", ...STORED_META]).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const files = await db.selectFrom("submission_files").select(["id", "field", "name", "size", "media_type"]).where("submission_id", "=", id).orderBy("id").execute();
  const { form, ...rest } = row;
  return { ...fromRow(rest), form, files: files.map((f) => ({ ...f, size: Number(f.size) })) };
}

/** The forms that have stored submissions, by id. */
export async function storedForms(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("submissions").select("form").distinct().orderBy("form").execute();
  return rows.map((r) => r.form);
}

/**
 * Removes everything stored about one address, every form and the outbox, in one transaction,
 * then clears what the deletes left in the database's files (./purge.ts).
 */
export async function eraseEmail(db: Db, email: string): Promise<ErasureReport> {
  const address = normalizeEmail(email);
  const erased = await db.transaction().execute(async (trx) => {
    const perForm = await trx
      .selectFrom("submissions")
      .select(["form", (eb) => eb.fn.countAll<string | number>().as("n")])
      .where("email", "=", address)
      .groupBy("form")
      .orderBy("form")
      .execute();
    // Deleted explicitly: SQLite does not enforce the foreign key's cascade.
    const files = await trx
      .deleteFrom("submission_files")
      .where("submission_id", "in", (eb) => eb.selectFrom("submissions").select("id").where("email", "=", address))
      .executeTakeFirst();
    await trx.deleteFrom("submissions").where("email", "=", address).execute();
    const outbox = await trx.deleteFrom("outbox").where("subject_email", "=", address).executeTakeFirst();
    return { forms: Object.fromEntries(perForm.map((r) => [r.form, Number(r.n)])), files: Number(files.numDeletedRows), outbox: Number(outbox.numDeletedRows) };
  });
  return { ...erased, purged: await purgeDeleted(db) };
}

/** The last sent submissions of every form, newest first (by when last sent: the indexed time), for the studio home. */
export async function recentSubmissions(db: Db, limit: number): Promise<{ id: string; form: string; email: string; at: string }[]> {
  const rows = await db.selectFrom("submissions").select(["id", "form", "email", "updated_at"]).orderBy("updated_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => ({ id: row.id, form: row.form, email: row.email, at: row.updated_at }));
}

/** How many submissions each form has stored (forms with none are left out). */
export async function countByForm(db: Db): Promise<Record<string, number>> {
  const perForm = await db
    .selectFrom("submissions")
    .select(["form", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy("form")
    .orderBy("form")
    .execute();
  return Object.fromEntries(perForm.map((r) => [r.form, Number(r.n)]));
}

/** Row counts: what tests and the load benchmark compare against. */
export async function countRows(db: Db): Promise<{ submissions: number; outbox: number; byForm: Record<string, number> }> {
  const byForm = await countByForm(db);
  const outbox = await db.selectFrom("outbox").select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { submissions: Object.values(byForm).reduce((a, b) => a + b, 0), outbox: Number(outbox.n), byForm };
}
