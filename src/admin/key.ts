/**
 * This run's admin key, which the local API requires (server/plugins/local-api.ts): from the
 * link the server printed (/admin#key=… or /admin/pages#key=…), then kept in this browser for
 * the next visits. The fragment is taken out of the address bar so it is not shared by accident.
 * The blog admin and the page editor share it.
 */
const KEY_STORE = "blog-admin-key";

export function adminKey(): string | undefined {
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get("key");
  if (fromLink) {
    window.localStorage.setItem(KEY_STORE, fromLink);
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    return fromLink;
  }
  return window.localStorage.getItem(KEY_STORE) ?? undefined;
}

/** The Authorization header that shows the key, when this browser has one. */
export function adminKeyHeader(): Record<string, string> {
  const key = adminKey();
  return key === undefined ? {} : { Authorization: `Bearer ${key}` };
}
