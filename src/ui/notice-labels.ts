/**
 * The words of the toaster itself (its region and its close button), in the page's language.
 * The toaster is a React root of its own, made in the browser on the first notice, with no
 * page context: a page of another locale writes them on its <html data-notice-labels> (root.tsx),
 * and the toaster reads them there; a page without them is the default locale's.
 */
import { UI_STRINGS, type UiCatalogue } from "../page/ui-strings.ts";

export const NOTICE_LABELS_ATTR = "data-notice-labels";

export interface NoticeLabels {
  region: string;
  close: string;
}

export const noticeLabelsOf = (catalogue: Pick<UiCatalogue, "notice.region" | "notice.close">): NoticeLabels => ({ region: catalogue["notice.region"], close: catalogue["notice.close"] });

/** The labels the page gives, else the default locale's. */
export function pageNoticeLabels(): NoticeLabels {
  try {
    const given = JSON.parse(document.documentElement.getAttribute(NOTICE_LABELS_ATTR) ?? "null") as Partial<NoticeLabels> | null;
    if (typeof given?.region === "string" && typeof given.close === "string") return { region: given.region, close: given.close };
  } catch {
    // An unreadable attribute: the default locale's words.
  }
  return noticeLabelsOf(UI_STRINGS);
}
