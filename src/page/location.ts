/**
 * The page's URL for islands. Links are page loads; an island that changes the page in
 * place (Apply for this role: the position in the query, the application form in view)
 * moves the URL with `navigateInPage`, and islands that read the URL (the form's prefill,
 * the blog filter) follow it, as they follow Back and Forward. At build time, and while an
 * island hydrates, the URL reads as it was prerendered: no query, no fragment.
 */
import { type MouseEvent, useSyncExternalStore } from "react";
import { LOCATION_EVENT } from "./location-event.ts";

export interface PageLocation {
  search: string;
  hash: string;
  /** Changes with every move, so an effect can run once per move. */
  key: string;
}

export function navigateInPage(href: string) {
  window.history.pushState(window.history.state, "", href);
  window.dispatchEvent(new Event(LOCATION_EVENT));
}

/**
 * A link's click handler that moves the URL in place instead of loading the page, as a
 * router's link would (the page editor's own pages); a modified click opens as usual.
 */
export function followInPage(event: MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  // Islands follow the query and the fragment only: a link to another path loads that page.
  if (event.currentTarget.pathname !== window.location.pathname) return;
  event.preventDefault();
  navigateInPage(event.currentTarget.href);
}

let snapshot: PageLocation | undefined;
/** The URL as it was prerendered (no query, no fragment): what an island reads while it hydrates. */
export const PRERENDERED: PageLocation = { search: "", hash: "", key: "prerendered" };
const listeners = new Set<() => void>();

let moves = 0;
const current = (): PageLocation => ({ search: window.location.search, hash: window.location.hash, key: `move-${moves++}` });

// Read once, then on every move: a history.replaceState (the blog filter writing its state
// into the URL) is not a move.
const read = (): PageLocation => (snapshot ??= current());

function moved() {
  snapshot = current();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener("popstate", moved);
    window.addEventListener(LOCATION_EVENT, moved);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("popstate", moved);
      window.removeEventListener(LOCATION_EVENT, moved);
    }
  };
}

export function useLocation(): PageLocation {
  return useSyncExternalStore(subscribe, read, () => PRERENDERED);
}
