/**
 * A software passkey authenticator for the passkey contract tests: a real P-256 key pair made
 * with node:crypto, answering the server's options as a browser's platform authenticator does,
 * byte for byte (W3C WebAuthn Level 3: authenticator data, COSE key, "none" attestation,
 * ES256 signatures over authenticatorData ‖ SHA-256(clientDataJSON)). The server checks them
 * with @simplewebauthn/server, nothing mocked; a wrong key, origin or challenge fails there.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash("sha256").update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const bytes = (data: Uint8Array) => new Uint8Array(data) as Uint8Array<ArrayBuffer>;
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const uint16 = (n: number) => new Uint8Array([(n >>> 8) & 255, n & 255]);
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(bytes(data));

/** Flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwareAuthenticator {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  readonly credentialId = new Uint8Array(randomBytes(32));
  private counter = 0;
  /** The user handle the server gave at registration, returned at each sign-in (a discoverable credential). */
  private userHandle?: string;

  /** `origin`: the page the "browser" is on; `rpId`: the host it believes the passkey is for. */
  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" }));
  }

  get id() {
    return b64(this.credentialId);
  }

  /** The public key as COSE (EC2, ES256, P-256). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new credential, attestation "none". */
  register(options: { challenge: string; user: { id: string } }): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const authData = concat(sha256(this.rpId), new Uint8Array([UP | UV | AT]), uint32(this.counter), new Uint8Array(16), uint16(this.credentialId.length), this.credentialId, this.coseKey());
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64(this.clientData("webauthn.create", options.challenge)), attestationObject: b64(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get(): an assertion signed with this credential's private key. */
  signIn(options: { challenge: string }, { key = this.privateKey }: { key?: KeyObject } = {}): AuthenticationResponseJSON {
    this.counter += 1;
    const authenticatorData = concat(sha256(this.rpId), new Uint8Array([UP | UV]), uint32(this.counter));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    // ECDSA with SHA-256, DER-encoded, as WebAuthn's ES256 signatures are.
    const signature = new Uint8Array(sign("sha256", concat(authenticatorData, sha256(clientDataJSON)), key));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature), ...(this.userHandle && { userHandle: this.userHandle }) },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}

/** Another key pair's private key: a signature with it is a real signature, by the wrong key. */
export const strangerKey = () => generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
