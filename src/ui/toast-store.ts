import { createToaster } from "@chakra-ui/react";

export type NoticeType = "success" | "error" | "info";

/** A site notice: what the toaster shows. */
export interface Notice {
  type: NoticeType;
  title: string;
  description: string;
}

/** The site's one toaster: at most 1 toast on screen at a time (spec §2, §9). */
export const toaster = createToaster({ placement: "bottom-end", max: 1, pauseOnPageIdle: true });
