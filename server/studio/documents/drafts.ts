/**
 * Drafts kept by the studio as people type (autosave): one per content file, with the file's
 * version it started from and who changed it last. A draft lives in the database only; the
 * content file changes when a draft is published, never before.
 *
 * Two people typing in one page share its one draft without overwriting each other: each keep
 * names the draft's revision (a hash of its data) the person's changes were made over, and one
 * made over an older revision is refused with the draft as it is now, which the editor merges
 * with the person's changes and keeps again (src/editor/document/session.ts). A discard names
 * it too, so publishing one's draft never discards what another typed since.
 */
import { versionOf } from "../../../src/editor/server/store.ts";
import type { DraftMark, KeptDraft, StudioDraft } from "../../../src/editor/model.ts";
import { serialize } from "../../../src/runtime/content/write.ts";
import { type Db, sqlNow } from "../../storage/database.ts";

/** A draft's revision: the hash of its stored data, as a file's version is of its text. */
const revisionOf = (text: string) => versionOf(text);

/** One keep or discard of a file's draft at a time in this process, so a revision is compared and replaced as one step. */
const oneAtATime = <T,>(file: string, task: () => Promise<T>) => serialize(`studio-draft:${file}`, task);

/**
 * Keeps a draft, replacing the file's previous one if `over` is its revision (or is not given:
 * last write wins). Otherwise nothing is written and the draft as it is now is the answer.
 */
export function saveDraft(
  db: Db,
  { file, base, data, userId, over }: { file: string; base: string | null; data: unknown; userId: string; over?: string | null },
): Promise<{ kept: KeptDraft } | { changed: StudioDraft }> {
  return oneAtATime(file, async () => {
    if (over !== undefined) {
      const current = await draftOf(db, file);
      if (current && current.revision !== over) return { changed: current };
    }
    const text = JSON.stringify(data);
    const row = { data: text, base_version: base, updated_by: userId, updated_at: sqlNow(db) };
    const saved = await db
      .insertInto("studio_drafts")
      .values({ file, ...row })
      .onConflict((oc) => oc.column("file").doUpdateSet(row))
      .returning("updated_at")
      .executeTakeFirstOrThrow();
    const author = await db.selectFrom("studio_users").select("name").where("id", "=", userId).executeTakeFirstOrThrow();
    return { kept: { by: { name: author.name }, at: saved.updated_at, revision: revisionOf(text) } };
  });
}

const withAuthor = (db: Db) =>
  db.selectFrom("studio_drafts").innerJoin("studio_users", "studio_users.id", "studio_drafts.updated_by").select(["studio_drafts.file", "studio_drafts.updated_at", "studio_users.name"]);

/** A file's draft, if it has one. */
export async function draftOf(db: Db, file: string): Promise<StudioDraft | undefined> {
  const row = await withAuthor(db).select(["studio_drafts.data", "studio_drafts.base_version"]).where("studio_drafts.file", "=", file).executeTakeFirst();
  return row && { data: JSON.parse(row.data) as unknown, base: row.base_version, by: { name: row.name }, at: row.updated_at, revision: revisionOf(row.data) };
}

/** Every draft's file, author and time: the document listing's marks. */
export async function draftMarks(db: Db): Promise<Map<string, DraftMark>> {
  const rows = await withAuthor(db).execute();
  return new Map(rows.map((row) => [row.file, { by: { name: row.name }, at: row.updated_at }]));
}

/**
 * Discards a file's draft (none is fine: discarding twice is no error), unless `over` is given
 * and the draft is at another revision: someone changed it since, and it stays.
 */
export function discardDraft(db: Db, file: string, over?: string): Promise<{ discarded: boolean }> {
  return oneAtATime(file, async () => {
    if (over !== undefined) {
      const current = await draftOf(db, file);
      if (current && current.revision !== over) return { discarded: false };
    }
    await db.deleteFrom("studio_drafts").where("file", "=", file).execute();
    return { discarded: true };
  });
}
