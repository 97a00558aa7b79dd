/**
 * Who has a document open now: each open editor sends a heartbeat (POST /api/studio/presence)
 * every few seconds, and says so as it closes (DELETE /api/studio/presence); someone whose last
 * one is older than the window has left all the same (a tab that crashed). Nobody is locked
 * out: the editor only shows "Asha is editing this page".
 */
import { type Db, sqlNow } from "../../storage/database.ts";
import type { StudioAuthor as Author } from "../../../src/editor/model.ts";

/** A heartbeat counts this long (the editor sends one well within it). */
export const PRESENCE_WINDOW_MS = 60_000;

/** Records that `userId` has `file` open now; rows long past the window are removed on the way. */
export async function heartbeat(db: Db, file: string, userId: string, windowMs: number) {
  await db
    .insertInto("studio_presence")
    .values({ file, user_id: userId, seen_at: sqlNow(db) })
    .onConflict((oc) => oc.columns(["file", "user_id"]).doUpdateSet({ seen_at: sqlNow(db) }))
    .execute();
  await db.deleteFrom("studio_presence").where("seen_at", "<=", sqlNow(db, -10 * windowMs)).execute();
}

/** Someone closed the file (its tab, or went to another): the others stop seeing them at once, not a window later. */
export async function leave(db: Db, file: string, userId: string) {
  await db.deleteFrom("studio_presence").where("file", "=", file).where("user_id", "=", userId).execute();
}

/** Someone signed out: they are no longer editing anything (another device of theirs still open says so again at its next heartbeat). */
export async function leaveEverything(db: Db, userId: string) {
  await db.deleteFrom("studio_presence").where("user_id", "=", userId).execute();
}

/** Everyone else with `file` open within the window, by name. */
export async function editorsNow(db: Db, file: string, exceptUserId: string, windowMs: number): Promise<Author[]> {
  const rows = await db
    .selectFrom("studio_presence")
    .innerJoin("studio_users", "studio_users.id", "studio_presence.user_id")
    .select("studio_users.name")
    .where("studio_presence.file", "=", file)
    .where("studio_presence.user_id", "!=", exceptUserId)
    .where("studio_presence.seen_at", ">", sqlNow(db, -windowMs))
    .where("studio_users.disabled_at", "is", null)
    .orderBy("studio_users.name")
    .execute();
  return rows.map((row) => ({ name: row.name }));
}
