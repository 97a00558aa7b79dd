/**
 * The studio's calls to its API (/api/studio, server/studio/api.ts), for every studio screen:
 * same-origin credentials (the session cookie), JSON both ways, and on every change the
 * session's CSRF token in X-CSRF-Token, taken from the sign-in answer or from /me. When the
 * session has ended (StudioSignedOut), the browser goes to the sign-in page, which brings it
 * back here afterwards (`?next=`). Failures are values, never throws: the API's
 * `{ error: { code, title, message, hint } }`, or one of the catalogue's when there is none.
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import type { Account, PasskeyView, SessionView, SignInOptions } from "../../schemas/studio.ts";
import type { AuditEntry } from "../../schemas/studio-audit.ts";
import type { AnalyticsReport } from "../../schemas/analytics.ts";
import type { Home } from "../../schemas/studio-home.ts";
import { SIGN_IN_PATH, STUDIO_HOME_PATH } from "../runtime/studio-paths.ts";
import { errors, type ErrorData } from "../errors/catalogue.ts";

export const STUDIO_API = "/api/studio";

/** A refusal keeps the whole answer too: some carry more than the error (a publish's `errors`, `changes`). */
export type StudioResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ErrorData; answer?: Record<string, unknown> };

/**
 * Where calls go when not to this page's origin with its session (a test in Node): the site's
 * address, the fetch that carries the session, and its CSRF token. Signed out, nothing navigates.
 */
export interface StudioTransport {
  base: string;
  fetch: typeof fetch;
  csrfToken: string;
}

export interface Me {
  user: Omit<Account, "status" | "createdAt">;
  csrfToken: string;
  session: { id: string; createdAt: string };
}

/** The session's CSRF token, once known: the sign-in answer or /me gives it. */
let csrfToken: string | undefined;

/**
 * `next` as the sign-in page may follow it: a path of this site (not `//host`, not `/\host`,
 * not another origin once resolved), else the studio's home.
 */
export function safeNext(next: string | null | undefined, origin = window.location.origin): string {
  const fallback = STUDIO_HOME_PATH;
  if (!next || !next.startsWith("/") || /^\/[/\\]/.test(next)) return fallback;
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}

/** The sign-in page's address that leads back to `path` afterwards. */
export const signInUrl = (path: string) => `${SIGN_IN_PATH}?next=${encodeURIComponent(safeNext(path))}`;

/** Where this page is, for `next`. */
const here = () => window.location.pathname + window.location.search;

/**
 * Any studio call (`path` under /api/studio), for the studio's other pieces too (drafts,
 * publishing): `forAnyone`, a call made signed out (signing in, setting a password), which
 * carries no token.
 */
export async function call<T>(method: string, path: string, body?: unknown, { forAnyone = false, transport, keepalive = false }: { forAnyone?: boolean; transport?: StudioTransport; keepalive?: boolean } = {}): Promise<StudioResult<T>> {
  const write = method !== "GET";
  if (write && !forAnyone && !transport && csrfToken === undefined) await me();
  const token = transport ? transport.csrfToken : csrfToken;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (write && token) headers["X-CSRF-Token"] = token;
  const send = transport?.fetch ?? fetch;
  let response: Response;
  try {
    response = await send((transport?.base ?? "") + STUDIO_API + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin", cache: "no-store", keepalive });
  } catch {
    return { ok: false, status: 0, error: errors.StudioOffline() };
  }
  const data = response.status === 204 ? {} : ((await response.json().catch(() => undefined)) as unknown);
  if (response.ok && data !== undefined) return { ok: true, data: data as T };
  const answer = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : undefined;
  const error = (answer?.error as ErrorData | undefined) ?? errors.StudioHttpError(response.status);
  if (error.code === errors.StudioSignedOut.code && !transport) {
    csrfToken = undefined;
    window.location.assign(signInUrl(here()));
  }
  return { ok: false, status: response.status, error, ...(answer && { answer }) };
}

/**
 * Sends files as multipart/form-data (the Media screen's uploads), reporting how much has gone
 * (0 to 1) as it goes: fetch cannot tell upload progress, XMLHttpRequest can. The same token and
 * refusals as `call`.
 */
export async function upload<T>(path: string, files: FormData, onProgress: (sent: number) => void): Promise<StudioResult<T>> {
  if (csrfToken === undefined) await me();
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", STUDIO_API + path);
    request.setRequestHeader("Accept", "application/json");
    if (csrfToken) request.setRequestHeader("X-CSRF-Token", csrfToken);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => resolve({ ok: false, status: 0, error: errors.StudioOffline() });
    request.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300 && data !== undefined) return resolve({ ok: true, data: data as T });
      const answer = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : undefined;
      const error = (answer?.error as ErrorData | undefined) ?? errors.StudioHttpError(request.status);
      if (error.code === errors.StudioSignedOut.code) {
        csrfToken = undefined;
        window.location.assign(signInUrl(here()));
      }
      resolve({ ok: false, status: request.status, error, ...(answer && { answer }) });
    };
    request.send(files);
  });
}

/** Who is signed in; signed out, the browser goes to the sign-in page. */
export async function me(): Promise<StudioResult<Me>> {
  const result = await call<Me>("GET", "/me");
  if (result.ok) csrfToken = result.data.csrfToken;
  return result;
}

export const studio = {
  me,
  async signIn(email: string, password: string) {
    const result = await call<{ user: Account; csrfToken: string }>("POST", "/sign-in", { email, password }, { forAnyone: true });
    if (result.ok) csrfToken = result.data.csrfToken;
    return result;
  },
  setPassword: (token: string, password: string) => call<{ user: Account }>("POST", "/password", { token, password }, { forAnyone: true }),
  signInOptions: () => call<SignInOptions>("GET", "/sign-in-options", undefined, { forAnyone: true }),
  requestReset: (email: string) => call<{ accepted: true }>("POST", "/password-reset", { email }, { forAnyone: true }),
  async signOut() {
    const result = await call<object>("POST", "/sign-out");
    csrfToken = undefined;
    return result;
  },
  /** What waits for the person signed in (schemas/studio-home.ts). */
  home: () => call<Home>("GET", "/home"),
  sessions: () => call<{ sessions: SessionView[] }>("GET", "/sessions"),
  endSession: (id: string) => call<object>("DELETE", `/sessions/${encodeURIComponent(id)}`),
  users: () => call<{ users: Account[] }>("GET", "/users"),
  invite: (person: Pick<Account, "email" | "name" | "role">) =>
    call<{ user: Account; invitation: { expiresAt: string; mailed: boolean; link?: string } }>("POST", "/users", person),
  changeRole: (id: string, role: Account["role"]) => call<{ user: Account }>("PUT", `/users/${encodeURIComponent(id)}/role`, { role }),
  disable: (id: string) => call<{ user: Account; sessionsEnded: number }>("POST", `/users/${encodeURIComponent(id)}/disable`),
  passkeys: () => call<{ passkeys: PasskeyView[] }>("GET", "/passkeys"),
  /** This period's figures against the last (schemas/analytics.ts). */
  analytics: (days: number) => call<AnalyticsReport>("GET", `/analytics?days=${days}`),
  /** `query`: the audit filter and page as URL parameters (schemas/studio-audit.ts). */
  audit: (query: URLSearchParams) => call<{ entries: AuditEntry[]; total: number; page: number; perPage: number }>("GET", `/audit?${query}`),
  passkeyOptions: () => call<PublicKeyCredentialCreationOptionsJSON>("POST", "/passkeys/options", {}),
  addPasskey: (name: string, response: RegistrationResponseJSON) => call<{ passkey: PasskeyView }>("POST", "/passkeys", { name, response }),
  removePasskey: (id: string) => call<object>("DELETE", `/passkeys/${encodeURIComponent(id)}`),
  passkeySignInOptions: () => call<PublicKeyCredentialRequestOptionsJSON>("POST", "/passkeys/sign-in/options", {}, { forAnyone: true }),
  async passkeySignIn(response: AuthenticationResponseJSON) {
    const result = await call<{ user: Account; csrfToken: string }>("POST", "/passkeys/sign-in", { response }, { forAnyone: true });
    if (result.ok) csrfToken = result.data.csrfToken;
    return result;
  },
};
