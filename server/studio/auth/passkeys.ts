/**
 * Passkeys (WebAuthn, checked by @simplewebauthn/server): a signed-in person registers one; anyone
 * may then sign in with it, the browser offering the passkeys it holds for this site
 * (discoverable credentials: no address typed). Only the public key is kept.
 *
 * Each ceremony starts with a challenge the server makes and stores; the answer must carry it,
 * and it is used up when the answer comes, whatever the outcome, and good for five minutes at
 * most. A passkey of a disabled account signs no one in. The relying party (RP) is the site's
 * host name from SITE_URL, or, without it, `localhost` (development: an IP address cannot be
 * an RP ID, so the studio must be opened at http://localhost:<port>).
 */
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { PasskeyView } from "../../../schemas/studio.ts";
import { errors } from "../../../src/errors/catalogue.ts";
import { type Db, sqlNow } from "../../storage/database.ts";
import type { Outcome } from "./accounts.ts";

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export interface RelyingParty {
  /** The RP ID: a host name, never an IP address. */
  id: string;
  /** The origin the browser's answers must come from. */
  origin: string;
  /** What the browser shows ("Arcbyte Studio"). */
  name: string;
}

/**
 * The relying party for a request: SITE_URL's host, or `localhost` for a request to it (the
 * development origin, http://localhost:<port>); any other host cannot hold passkeys.
 */
export function relyingParty(siteUrl: string | undefined, request: { protocol: string; host: string; hostname: string }, name: string): Outcome<RelyingParty> {
  if (siteUrl !== undefined) {
    const url = new URL(siteUrl);
    return { ok: true, value: { id: url.hostname, origin: url.origin, name } };
  }
  if (request.hostname === "localhost") return { ok: true, value: { id: "localhost", origin: `${request.protocol}://${request.host}`, name } };
  return { ok: false, status: 400, error: errors.StudioPasskeyHost(request.hostname) };
}

async function issueChallenge(db: Db, challenge: string, purpose: "register" | "sign-in", userId: string | null) {
  await db.deleteFrom("studio_passkey_challenges").where("expires_at", "<=", sqlNow(db)).execute();
  await db.insertInto("studio_passkey_challenges").values({ challenge, purpose, user_id: userId, expires_at: sqlNow(db, CHALLENGE_LIFETIME_MS) }).execute();
}

/** Uses up a challenge: true when it was handed out for this purpose (and person) and has not expired. Never twice. */
async function useChallenge(db: Db, challenge: string, purpose: "register" | "sign-in", userId: string | null): Promise<boolean> {
  const used = await db
    .deleteFrom("studio_passkey_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
    .where("expires_at", ">", sqlNow(db))
    .returning("challenge")
    .executeTakeFirst();
  return used !== undefined;
}

/** A WebAuthn user handle: the account's id, as bytes (so a passkey names its account, not an email address). */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

/** What the browser needs to make a passkey for this person; its challenge is stored. */
export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: string; email: string; name: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom("studio_passkeys").select(["id", "transports"]).where("user_id", "=", user.id).execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: "none",
    // Not the same authenticator twice.
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
    // Discoverable, so signing in needs no address typed.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await issueChallenge(db, options.challenge, "register", user.id);
  return options;
}

const toView = (row: { id: string; name: string; created_at: string; last_used_at: string | null }): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** Checks the browser's new passkey against a challenge made for this person, and keeps it. */
export async function registerPasskey(db: Db, rp: RelyingParty, userId: string, name: string, response: RegistrationResponseJSON): Promise<Outcome<PasskeyView>> {
  let registration;
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => useChallenge(db, challenge, "register", userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified.verified) return { ok: false, status: 400, error: errors.StudioPasskeyNotSaved("the browser's answer could not be verified.") };
    registration = verified.registrationInfo;
  } catch (error) {
    return { ok: false, status: 400, error: errors.StudioPasskeyNotSaved(error instanceof Error ? error.message : "the browser's answer could not be read.") };
  }
  const { credential } = registration;
  const row = await db
    .insertInto("studio_passkeys")
    .values({
      id: credential.id,
      user_id: userId,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name,
      created_at: sqlNow(db),
      last_used_at: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning(["id", "name", "created_at", "last_used_at"])
    .executeTakeFirst();
  return row ? { ok: true, value: toView(row) } : { ok: false, status: 409, error: errors.StudioPasskeyExists() };
}

/** What the browser needs to sign in with any passkey it holds for this site; its challenge is stored. */
export async function signInOptions(db: Db, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, timeout: CHALLENGE_LIFETIME_MS, userVerification: "preferred" });
  await issueChallenge(db, options.challenge, "sign-in", null);
  return options;
}

/**
 * Whose passkey signed this challenge, if it did: the challenge is used up first, whatever
 * follows; then the passkey must be known, its account enabled and the signature good. Every
 * failure is the same answer (StudioPasskeyFailed), as with passwords.
 */
export async function verifyPasskeySignIn(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<Outcome<{ userId: string }>> {
  const failed: Outcome<never> = { ok: false, status: 401, error: errors.StudioPasskeyFailed() };
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(response.response.clientDataJSON).challenge;
  } catch {
    return failed;
  }
  if (typeof challenge !== "string" || !(await useChallenge(db, challenge, "sign-in", null))) return failed;
  const passkey = await db
    .selectFrom("studio_passkeys")
    .innerJoin("studio_users", "studio_users.id", "studio_passkeys.user_id")
    .select(["studio_passkeys.id", "studio_passkeys.user_id", "studio_passkeys.public_key", "studio_passkeys.counter", "studio_passkeys.transports", "studio_users.disabled_at"])
    .where("studio_passkeys.id", "=", response.id)
    .executeTakeFirst();
  if (!passkey || passkey.disabled_at !== null) return failed;
  // The passkey names its account (the user handle it was made with); it must be this one.
  if (response.response.userHandle !== undefined && response.response.userHandle !== isoBase64URL.fromBuffer(userHandle(passkey.user_id))) return failed;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: Number(passkey.counter),
        transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch {
    return failed;
  }
  if (!verified.verified) return failed;
  await db
    .updateTable("studio_passkeys")
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: sqlNow(db) })
    .where("id", "=", passkey.id)
    .execute();
  return { ok: true, value: { userId: passkey.user_id } };
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db.selectFrom("studio_passkeys").select(["id", "name", "created_at", "last_used_at"]).where("user_id", "=", userId).orderBy("created_at").execute();
  return rows.map(toView);
}

/** Removes one of the person's own passkeys; false when they have none with this id. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom("studio_passkeys").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return numDeletedRows > 0n;
}
