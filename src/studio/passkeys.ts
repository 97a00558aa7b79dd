/**
 * The browser's side of passkeys (@simplewebauthn/browser), around the API's calls (client.ts):
 * ask the server for options, let the browser and the person's authenticator answer, send
 * the answer back. The person cancelling (or the request timing out) is a value too.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { errors } from "../errors/catalogue.ts";
import { type StudioResult, studio } from "./client.ts";

/** What the authenticator said, or why there is no answer. */
async function ask<T>(ceremony: () => Promise<T>): Promise<StudioResult<T>> {
  if (!browserSupportsWebAuthn()) return { ok: false, status: 0, error: errors.StudioPasskeyUnsupported() };
  try {
    return { ok: true, data: await ceremony() };
  } catch (error) {
    if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return { ok: false, status: 0, error: errors.StudioPasskeyExists() };
    // NotAllowedError: cancelled, timed out, or no passkey for this site on the device.
    const cancelled = error instanceof WebAuthnError || (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"));
    return { ok: false, status: 0, error: cancelled ? errors.StudioPasskeyCancelled() : errors.StudioPasskeyUnsupported() };
  }
}

export async function signInWithPasskey() {
  const options = await studio.passkeySignInOptions();
  if (!options.ok) return options;
  const answer = await ask(() => startAuthentication({ optionsJSON: options.data }));
  return answer.ok ? studio.passkeySignIn(answer.data) : answer;
}

export async function addPasskey(name: string) {
  const options = await studio.passkeyOptions();
  if (!options.ok) return options;
  const answer = await ask(() => startRegistration({ optionsJSON: options.data }));
  return answer.ok ? studio.addPasskey(name, answer.data) : answer;
}
