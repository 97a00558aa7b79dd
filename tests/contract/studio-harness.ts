/**
 * Calling the studio's API as a browser would, against the real app: over HTTPS through the
 * trusted proxy (X-Forwarded-Proto from loopback), from a client address of the test's
 * choosing, writes from the studio's own origin with the session's CSRF token.
 */
import type { LightMyRequestResponse } from "fastify";
import type { Role } from "../../schemas/studio.ts";
import { inviteAccount } from "../../server/studio/auth/accounts.ts";
import { hashPassword } from "../../server/studio/auth/passwords.ts";
import { csrfTokenOf, startSession } from "../../server/studio/auth/sessions.ts";
import type { Db } from "../../server/storage/database.ts";
import { studioApi } from "../../src/editor/studio-api.ts";
import type { TestApp } from "./forms-harness.ts";

export const STUDIO_HOST = "studio.example.com";
export const STUDIO_ORIGIN = `https://${STUDIO_HOST}`;
export const COOKIE = "__Host-studio";

export interface Call {
  body?: unknown;
  /** A body as sent: a JSON text JSON.stringify cannot make (nested too deeply), or a multipart one's bytes (with its content-type in headers). */
  raw?: string | Buffer;
  /** The session cookie's value. */
  session?: string;
  /** X-CSRF-Token; by default the session's own on a write. Null: none. */
  csrf?: string | null;
  /** The client's address (X-Forwarded-For from the loopback proxy). */
  ip?: string;
  /** More headers; undefined leaves one of the defaults out. */
  headers?: Record<string, string | undefined>;
}

const isWrite = (method: string) => method !== "GET" && method !== "HEAD";

/** A multipart/form-data body of files (and text fields), as a browser sends the Media screen's upload. */
export function multipart(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}): Pick<Call, "raw" | "headers"> {
  const boundary = "----studio-media-test";
  const texts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const parts = files.map(({ name, bytes }) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from("\r\n")]),
  );
  return { raw: Buffer.concat([...texts, ...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export function studio(t: TestApp, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, call: Call = {}): Promise<LightMyRequestResponse> {
  const csrf = call.csrf === undefined ? (call.session && isWrite(method) ? csrfTokenOf(call.session) : undefined) : call.csrf;
  return t.app.inject({
    method,
    url,
    remoteAddress: "127.0.0.1",
    headers: defined({
      host: STUDIO_HOST,
      "x-forwarded-proto": "https",
      "x-forwarded-for": call.ip ?? "192.0.2.1",
      "user-agent": "Mozilla/5.0 (studio test)",
      ...(isWrite(method) && { origin: STUDIO_ORIGIN, "sec-fetch-site": "same-origin" }),
      ...((call.body !== undefined || call.raw !== undefined) && { "content-type": "application/json" }),
      ...(call.session && { cookie: `${COOKIE}=${call.session}` }),
      ...(csrf && { "x-csrf-token": csrf }),
      ...call.headers,
    }),
    ...(call.body !== undefined && { payload: JSON.stringify(call.body) }),
    ...(call.raw !== undefined && { payload: call.raw }),
  });
}

const defined = (headers: Record<string, string | undefined>) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;

/** The session id a sign-in answer set in its cookie. */
export function sessionFrom(response: LightMyRequestResponse, name = COOKIE): string {
  const header = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers)}`);
  return header.slice(name.length + 1).split(";")[0]!;
}

export const PASSWORD = "correct horse battery staple";
let passwordHash: Promise<string> | undefined;

/** An account that has set its password (PASSWORD): made through the accounts module, as `npm run users` does. */
export async function makeAccount(db: Db, email: string, role: Role, name = email.split("@")[0]!) {
  const invited = await inviteAccount(db, { email, name, role });
  if (!invited.ok) throw new Error(invited.error.message);
  // One scrypt hash for every account the tests make: sign-ins still check it in full.
  await db.updateTable("studio_users").set({ password_hash: await (passwordHash ??= hashPassword(PASSWORD)) }).where("id", "=", invited.value.account.id).execute();
  return invited.value.account;
}

/** A live session for an account, without the cost of signing in. */
export const sessionOf = async (db: Db, userId: string) => (await startSession(db, userId, "test")).secret;

/** The token in a one-time link. */
export const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, "");

/**
 * The editor's studio API as a signed-in browser tab calls it, against a server listening at
 * `origin`: its cookie and CSRF token on every request. `before`: called before each request is
 * sent (a test's way to act in between two of them).
 */
export async function browserApi(db: Db, origin: string, role: Role, name: string, before?: (method: string, url: string) => Promise<void>) {
  const account = await makeAccount(db, `${name.toLowerCase()}.${Math.random()}@example.com`, role, name);
  const secret = await sessionOf(db, account.id);
  return studioApi({
    transport: {
      base: origin,
      csrfToken: csrfTokenOf(secret),
      fetch: async (url, init) => {
        await before?.(init?.method ?? "GET", String(url).slice(origin.length));
        const headers = new Headers(init?.headers);
        headers.set("cookie", `studio=${secret}`);
        return fetch(url, { ...init, headers });
      },
    },
  });
}

/** How a request to the route is lost: before it reaches the app (no answer), after the app has done it (its answer lost), or answered in the app's stead. */
export type Loss = "before" | "after" | Response | undefined;

/**
 * The editor's studio API over the app `t`, signed in as `session`, through a connection that
 * loses requests to the route ending in `route` as `lose` says of the nth of them (a thrown
 * error is no answer, as fetch's on a dropped connection).
 */
export function lossyEditorApi(t: TestApp, session: string, route: string, lose: (sent: number) => Loss) {
  let sent = 0;
  return studioApi({
    transport: {
      base: "",
      csrfToken: "",
      fetch: async (url, init) => {
        const lost = String(url).endsWith(route) ? lose(++sent) : undefined;
        if (lost === "before") throw new TypeError("fetch failed");
        if (lost instanceof Response) return lost;
        const answer = await studio(t, (init?.method ?? "GET") as "POST", String(url), { session, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (lost === "after") throw new TypeError("fetch failed: other side closed");
        return new Response(answer.body, { status: answer.statusCode, headers: { "content-type": "application/json" } });
      },
    },
  });
}
