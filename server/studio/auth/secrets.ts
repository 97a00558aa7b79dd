/**
 * Secrets handed to a browser or a person (session ids, one-time link tokens) are 256 random
 * bits; the database keeps only their SHA-256, so a copy of it (a backup, a leak) signs no one
 * in and opens no link. A plain hash suffices: the secrets are random, not guessable words.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const newSecret = () => randomBytes(32).toString("base64url");

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

/** Equal texts, compared in constant time (as hashes, so lengths do not show either). */
export function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}
