/**
 * Passwords: scrypt from node:crypto at OWASP's current parameters (Password Storage Cheat
 * Sheet: N=2^17, r=8, p=1), in a self-describing format that names its parameters,
 *
 *   $scrypt$ln=17,r=8,p=1$<salt, base64>$<hash, base64>
 *
 * so a hash made with other parameters still verifies and is made again with the current
 * ones at the next sign-in (`verifyPassword` says when). scrypt runs on libuv's thread pool,
 * not the event loop; at these parameters one hash takes 128 MiB for a few hundred ms.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { passwordScore } from "./password-strength.ts";

export interface ScryptParams {
  /** log2 of N, the cost. */
  ln: number;
  r: number;
  p: number;
}

export const CURRENT_PARAMS: ScryptParams = { ln: 17, r: 8, p: 1 };
export const MIN_PASSWORD_LENGTH = 12;
/** Longer than any passphrase, short enough that hashing it costs nothing extra. */
export const MAX_PASSWORD_LENGTH = 256;

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, { ln, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node refuses above maxmem (32 MiB by default), so allow twice that.
  const options: ScryptOptions = { N: 2 ** ln, r, p, maxmem: 2 * 128 * 2 ** ln * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** The parameters and parts of a stored hash, or undefined when it is not one of ours. */
export function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [, ln, r, p, salt, key] = match;
  return { params: { ln: Number(ln), r: Number(r), p: Number(p) }, salt: Buffer.from(salt!, "base64"), key: Buffer.from(key!, "base64") };
}

export interface Verified {
  ok: boolean;
  /** The hash was made with other parameters than today's: store hashPassword(password) now. */
  rehash: boolean;
}

/**
 * Checks a password against a stored hash. With no hash (no such account, or one not yet set
 * up), a hash of the same cost is checked all the same, so the answer takes as long and a
 * stranger cannot tell by timing which addresses have accounts.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<Verified> {
  const parsed = stored ? parseHash(stored) : undefined;
  const { params, salt, key } = parsed ?? (await decoy());
  const candidate = await derive(password, salt, params);
  const ok = parsed !== undefined && candidate.length === key.length && timingSafeEqual(candidate, key);
  const rehash = ok && (params.ln !== CURRENT_PARAMS.ln || params.r !== CURRENT_PARAMS.r || params.p !== CURRENT_PARAMS.p || key.length !== KEY_LENGTH);
  return { ok, rehash };
}

let decoyHash: Promise<NonNullable<ReturnType<typeof parseHash>>> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString("hex")).then((hash) => parseHash(hash)!));

/**
 * The least zxcvbn score a new password needs (./password-strength.ts): 3 means at least 10^8
 * guesses, which a slow hash such as ours makes out of reach, where the common passwords and
 * their usual variants ("Password2024!", "password12345") take a few thousand.
 */
export const MIN_PASSWORD_SCORE = 3;

/** Why a new password is refused (a sentence for the person), or undefined when it is fine. */
export function passwordProblem(password: string, email = ""): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `The password has ${length} characters; it needs at least ${MIN_PASSWORD_LENGTH}.`;
  if (length > MAX_PASSWORD_LENGTH) return `The password has ${length} characters; at most ${MAX_PASSWORD_LENGTH} are taken.`;
  const local = email.trim().toLowerCase().split("@")[0] ?? "";
  if (local.length >= 4 && password.toLowerCase().includes(local)) return "The password contains your email address; choose one that does not.";
  if (passwordScore(password) < MIN_PASSWORD_SCORE) {
    return "This password would be guessed quickly: it is a common password, or one made of common words, years, runs like 12345 or repeats. Choose a few unrelated words instead.";
  }
  return undefined;
}
