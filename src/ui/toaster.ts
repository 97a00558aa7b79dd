/**
 * Site notices (toasts). The toast machinery is about 14 kB of JavaScript that most visits
 * never use, so it loads on the first notice: `notify` asks the shell to mount <Toasts/>
 * (a lazy chunk) and shows the toast once it is there. The spec allows at most 1 at a time.
 */
import { useSyncExternalStore } from "react";

export type NoticeType = "success" | "error" | "info";

let wanted = false;
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));
const listeners = new Set<() => void>();

export function notify(type: NoticeType, title: string, description: string) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  void Promise.all([import("./toast-store.ts"), ready]).then(([{ toaster }]) => {
    // The newest notice replaces the one on screen; with max 1 alone it would wait in a queue.
    toaster.remove();
    toaster.create({ type, title, description, closable: true });
  });
}

/** Called by <Toasts/> once mounted: toasts created from now on are shown. */
export const toastsMounted = () => markReady();

/** True once any notice has been requested: the shell then mounts the toaster. */
export function useToastsWanted() {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => wanted,
    () => false,
  );
}
