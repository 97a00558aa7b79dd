/** The admin's calls to its local API (server/plugins/admin.ts). Failures are values, never throws. */
import { errors } from "../errors/catalogue.ts";
import { ADMIN_API, type AdminFailure, type AdminListing, type AdminPost, type AdminPostInput } from "./model.ts";

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; failure: AdminFailure };

const offline: AdminFailure = { error: errors.AdminOffline() };

const KEY_STORE = "blog-admin-key";

/**
 * This run's admin key (server/plugins/admin.ts requires it): from the link the server
 * printed, /admin#key=…, then kept in this browser for the next visits. The fragment is
 * taken out of the address bar so it is not shared by accident.
 */
export function adminKey(): string | undefined {
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get("key");
  if (fromLink) {
    window.localStorage.setItem(KEY_STORE, fromLink);
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    return fromLink;
  }
  return window.localStorage.getItem(KEY_STORE) ?? undefined;
}

async function call<T>(method: string, url: string, { body, version }: { body?: unknown; version?: string } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const key = adminKey();
  if (key !== undefined) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (version !== undefined) headers["If-Match"] = `"${version}"`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin", cache: "no-store" });
  } catch {
    return { ok: false, status: 0, failure: offline };
  }
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok && data !== undefined) return { ok: true, data: data as T };
  const failure = data as Partial<AdminFailure> | undefined;
  return {
    ok: false,
    status: response.status,
    failure: failure?.error ? (failure as AdminFailure) : { error: errors.AdminHttpError(response.status) },
  };
}

const postUrl = (slug: string) => `${ADMIN_API}/${encodeURIComponent(slug)}`;

export const adminApi = {
  list: () => call<AdminListing>("GET", ADMIN_API),
  create: (input: AdminPostInput) => call<{ post: AdminPost }>("POST", ADMIN_API, { body: input }),
  update: (post: AdminPost, input: AdminPostInput) => call<{ post: AdminPost }>("PUT", postUrl(post.slug), { body: input, version: post.version }),
  remove: (post: AdminPost) => call<{ slug: string }>("DELETE", postUrl(post.slug), { version: post.version }),
};
