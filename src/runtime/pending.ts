/**
 * Which page is loading, for the loading state. The route's clientLoader reports it here
 * (rather than components reading useNavigation) because router updates render inside a
 * transition that React may hold back; this store updates urgently, so the spinner shows.
 */
import { useSyncExternalStore } from "react";

/** Quick navigations keep the old page on screen; only one slower than this shows the loading state. */
const DELAY_MS = 250;

let slow = false;
let current = 0;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  if (slow === value) return;
  slow = value;
  listeners.forEach((l) => l());
};

/** Marks a page load in progress until `work` settles; the latest load wins. */
export async function trackPageLoad<T>(work: Promise<T>): Promise<T> {
  const id = ++current;
  const timer = setTimeout(() => id === current && set(true), DELAY_MS);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    if (id === current) set(false);
  }
}

/** True while a page load has taken longer than DELAY_MS. */
export function usePendingPage(): boolean {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => slow,
    () => false,
  );
}
