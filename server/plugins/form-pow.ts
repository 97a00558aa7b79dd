/**
 * A form's proof-of-work (`proofOfWork: true`, docs/forms.md): ALTCHA's challenge format, no
 * third party and no cookie. The server signs a challenge with HMAC (altcha-lib), the page
 * solves it (src/forms/proof-of-work.ts), and a submission carries the solution in
 * `pow_solution`: signed by us, for this form, not expired, and not taken before (the
 * database remembers taken challenges until they expire, ../storage/pow-replays.ts).
 */
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import type { FormErrorCode } from "../../src/forms/values.ts";
import type { PowChallenge } from "../../src/forms/proof-of-work.ts";

/** Minutes a challenge is good for: time to fill in a long form after it was solved. */
export const POW_MINUTES = 20;
/**
 * The largest number a challenge hides: a phone (4x CPU throttling) solves half of it on
 * average, within a second (docs/forms.md has the measurement).
 */
export const POW_MAX_NUMBER = 10_000;

/** The longest pow_solution a submission may carry: base64 of its JSON, with room to spare. */
export const POW_FIELD_LENGTH = 1000;

export type PowRefusal = ErrorData & { code: FormErrorCode };
/** A solution that passed: the challenge to spend, and until when it would be taken. */
export interface PowPass {
  challenge: string;
  expiresAtMs: number;
}

/** A fresh challenge for the form, signed with the key. */
export async function powChallenge(hmacKey: string, formId: string): Promise<PowChallenge> {
  const expires = new Date(Date.now() + POW_MINUTES * 60_000);
  const challenge = await createChallenge({ hmacKey, maxNumber: POW_MAX_NUMBER, expires, params: { form: formId } });
  return { algorithm: "SHA-256", challenge: challenge.challenge, maxnumber: POW_MAX_NUMBER, salt: challenge.salt, signature: challenge.signature };
}

/** Checks a submission's pow_solution for the form: a refusal, or the challenge to spend once the values are good. */
export async function checkPow(hmacKey: string, formId: string, solution: unknown): Promise<PowRefusal | PowPass> {
  if (solution === undefined || solution === "") return errors.FormPowMissing();
  if (typeof solution !== "string" || solution.length > POW_FIELD_LENGTH) return errors.FormPowInvalid();
  let payload: { algorithm?: unknown; challenge?: unknown; number?: unknown; salt?: unknown; signature?: unknown };
  try {
    payload = JSON.parse(Buffer.from(solution, "base64").toString("utf8"));
  } catch {
    return errors.FormPowInvalid();
  }
  const { algorithm, challenge, number, salt, signature } = payload ?? {};
  if (algorithm !== "SHA-256" || typeof challenge !== "string" || typeof salt !== "string" || typeof signature !== "string" || !Number.isSafeInteger(number)) {
    return errors.FormPowInvalid();
  }
  const whole = { algorithm: "SHA-256" as const, challenge, number: number as number, salt, signature };
  // The signature and the hash first (expiry apart), so an expired answer is only named one we signed.
  if (!(await verifySolution(whole, hmacKey, false))) return errors.FormPowInvalid();
  const params = extractParams(whole);
  if (params.form !== formId) return errors.FormPowInvalid();
  const expiresAtMs = Number(params.expires) * 1000;
  if (!Number.isFinite(expiresAtMs) || expiresAtMs <= Date.now()) return errors.FormPowExpired();
  return { challenge, expiresAtMs };
}
