import { createToaster } from "@chakra-ui/react";

/** The site's one toaster: the spec allows at most 1 toast on screen at a time. */
export const toaster = createToaster({ placement: "bottom-end", max: 1, pauseOnPageIdle: true });

export type NoticeType = "success" | "error" | "info";

export function notify(type: NoticeType, title: string, description: string) {
  toaster.create({ type, title, description, closable: true });
}
