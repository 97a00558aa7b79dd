/**
 * The browser's half of a form's proof-of-work (docs/forms.md): find the number n for which
 * SHA-256(salt + n) is the challenge, as ALTCHA's challenge format says, and hand back the
 * payload the server verifies (server/plugins/form-pow.ts). Our own loop on crypto.subtle,
 * not ALTCHA's widget: a few hundred bytes in the page, no extra script for the CSP to allow.
 */

/** A challenge as GET <endpoint>/challenge answers it (altcha-lib's v1 Challenge). */
export interface PowChallenge {
  algorithm: "SHA-256";
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The number that solves the challenge, or undefined if none up to its maxnumber does (a forged challenge). */
export async function solvePow({ challenge, salt, maxnumber }: PowChallenge): Promise<number | undefined> {
  const encoder = new TextEncoder();
  for (let n = 0; n <= maxnumber; n++) {
    if (hex(await crypto.subtle.digest("SHA-256", encoder.encode(salt + n))) === challenge) return n;
  }
  return undefined;
}

/** What the form sends in its pow_solution field: base64 of the solved challenge as JSON. */
export const powPayload = ({ algorithm, challenge, salt, signature }: PowChallenge, number: number) =>
  btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }));
