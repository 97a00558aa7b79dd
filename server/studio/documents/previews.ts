/**
 * Preview links: a draft shown to anyone holding the link, without an account, until it
 * expires (7 days by default) or is revoked. The token is 256 random bits (../auth/secrets.ts)
 * and only its SHA-256 is stored, so a copy of the database opens no preview. Finding a link
 * by the hash of what was sent leaks nothing through timing: an attacker controls the token,
 * not its hash, so how far a comparison of hashes gets says nothing about any real token.
 */
import { type Db, sqlNow } from "../../storage/database.ts";
import { uuidv7 } from "../../storage/ids.ts";
import { hashSecret, newSecret } from "../auth/secrets.ts";
import type { PreviewLinkView } from "../../../src/editor/model.ts";

export const PREVIEW_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Where a preview link leads: outside /api/studio, served by the studio plugin to anyone. */
export const SHARE_PATH = "/admin/share";
export const shareUrl = (token: string) => `${SHARE_PATH}/${token}`;

/** What newSecret makes (43 base64url characters); anything else cannot be a token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;


export async function createPreview(db: Db, { file, userId, ttlMs }: { file: string; userId: string; ttlMs: number }): Promise<{ id: string; token: string; expiresAt: string }> {
  const token = newSecret();
  const id = uuidv7();
  const row = await db
    .insertInto("studio_previews")
    .values({ id, token_hash: hashSecret(token), file, created_by: userId, created_at: sqlNow(db), expires_at: sqlNow(db, ttlMs), revoked_at: null })
    .returning("expires_at")
    .executeTakeFirstOrThrow();
  return { id, token, expiresAt: row.expires_at };
}

/** A file's links that still work, newest first. */
export async function livePreviews(db: Db, file: string): Promise<PreviewLinkView[]> {
  const rows = await db
    .selectFrom("studio_previews")
    .innerJoin("studio_users", "studio_users.id", "studio_previews.created_by")
    .select(["studio_previews.id", "studio_previews.created_at", "studio_previews.expires_at", "studio_users.name"])
    .where("studio_previews.file", "=", file)
    .where("studio_previews.revoked_at", "is", null)
    .where("studio_previews.expires_at", ">", sqlNow(db))
    .orderBy("studio_previews.id", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, by: { name: row.name }, createdAt: row.created_at, expiresAt: row.expires_at }));
}

/** Revokes a link for good; false when there is no live link with this id. */
export async function revokePreview(db: Db, id: string): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable("studio_previews").set({ revoked_at: sqlNow(db) }).where("id", "=", id).where("revoked_at", "is", null).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** The file a token previews, if the link is live (neither expired nor revoked). */
export async function previewedFile(db: Db, token: string): Promise<string | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const row = await db
    .selectFrom("studio_previews")
    .select("file")
    .where("token_hash", "=", hashSecret(token))
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sqlNow(db))
    .executeTakeFirst();
  return row?.file;
}
