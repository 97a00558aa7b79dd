/**
 * Site notices (toasts). The toast machinery (Chakra's toaster, about 14 kB, and the Chakra
 * system) loads on the first notice, into a React root of its own (Toasts.tsx), so a
 * page that never shows one never pays for it. The spec allows at most 1 at a time.
 *
 * A notice asked for by a link (Get Quote goes to /contact and says the feature is coming)
 * is shown on the page the link leads to: it is carried over in sessionStorage and shown by
 * that page's runtime.
 */
import { lazyModule } from "../page/lazy.ts";
import type { Notice, NoticeType } from "./toast-store.ts";

const toasts = lazyModule(() => import("./Toasts.tsx"), (m) => m.showToast);
const CARRIED = "site:notice";

export function notify(type: NoticeType, title: string, description: string) {
  toasts.load().then(
    (show) => show({ type, title, description }),
    (error: unknown) => console.error("The notice could not be shown:", error),
  );
}

/** Shows the notice on the next page this one navigates to. */
export function carryNotice(notice: Notice) {
  try {
    sessionStorage.setItem(CARRIED, JSON.stringify(notice));
  } catch {
    // Storage refused (private mode, full): the page loads without the notice.
  }
}

/** Shows a notice the previous page carried over (at most once). */
export function showCarriedNotice() {
  let notice: Notice | undefined;
  try {
    const stored = sessionStorage.getItem(CARRIED);
    sessionStorage.removeItem(CARRIED);
    notice = stored ? (JSON.parse(stored) as Notice) : undefined;
  } catch {
    return;
  }
  if (notice?.title && notice.description) notify(notice.type, notice.title, notice.description);
}
