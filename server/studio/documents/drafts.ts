/**
 * Drafts kept by the studio as people type (autosave): one per content file, with the file's
 * version it started from and who changed it last. A draft lives in the database only; the
 * content file changes when a draft is published, never before. Last write wins: two people
 * typing in one page share its one draft, and each sees who changed it last.
 */
import type { DraftMark, StudioDraft } from "../../../src/editor/model.ts";
import { type Db, sqlNow } from "../../storage/database.ts";

/** Keeps a draft (the person's latest), replacing the file's previous one. */
export async function saveDraft(db: Db, { file, base, data, userId }: { file: string; base: string | null; data: unknown; userId: string }): Promise<DraftMark> {
  const row = { data: JSON.stringify(data), base_version: base, updated_by: userId, updated_at: sqlNow(db) };
  const saved = await db
    .insertInto("studio_drafts")
    .values({ file, ...row })
    .onConflict((oc) => oc.column("file").doUpdateSet(row))
    .returning("updated_at")
    .executeTakeFirstOrThrow();
  const author = await db.selectFrom("studio_users").select("name").where("id", "=", userId).executeTakeFirstOrThrow();
  return { by: { name: author.name }, at: saved.updated_at };
}

const withAuthor = (db: Db) =>
  db.selectFrom("studio_drafts").innerJoin("studio_users", "studio_users.id", "studio_drafts.updated_by").select(["studio_drafts.file", "studio_drafts.updated_at", "studio_users.name"]);

/** A file's draft, if it has one. */
export async function draftOf(db: Db, file: string): Promise<StudioDraft | undefined> {
  const row = await withAuthor(db).select(["studio_drafts.data", "studio_drafts.base_version"]).where("studio_drafts.file", "=", file).executeTakeFirst();
  return row && { data: JSON.parse(row.data) as unknown, base: row.base_version, by: { name: row.name }, at: row.updated_at };
}

/** Every draft's file, author and time: the document listing's marks. */
export async function draftMarks(db: Db): Promise<Map<string, DraftMark>> {
  const rows = await withAuthor(db).execute();
  return new Map(rows.map((row) => [row.file, { by: { name: row.name }, at: row.updated_at }]));
}

/** Discards a file's draft (none is fine: discarding twice is no error). */
export async function discardDraft(db: Db, file: string) {
  await db.deleteFrom("studio_drafts").where("file", "=", file).execute();
}
