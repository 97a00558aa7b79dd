/**
 * The hash a translation records of the source text it was made from (schemas/translations.ts):
 * the first 16 hexadecimal digits of the text's SHA-256. Short enough to read in a diff; a
 * changed source text is what it detects, not an attacker.
 */
import { createHash } from "node:crypto";

export const sourceHash = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
