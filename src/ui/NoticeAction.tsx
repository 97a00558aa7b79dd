/**
 * Island: a content action that shows a site notice (Get Started, Get Free Quote; Get Quote,
 * a link that also shows one). Its button or link is static HTML in the island's slot; the
 * island only listens to its clicks, so it hydrates without the Chakra system. A link's
 * notice is shown on the page the link leads to (toaster.ts).
 */
import type { MouseEvent, ReactNode } from "react";
import type { Notice } from "./toast-store.ts";
import { carryNotice, notify } from "./toaster.ts";

export default function NoticeAction({ notice, children }: { notice: Notice; children?: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest("a[href]");
    if (link) carryNotice(notice);
    else notify(notice.type, notice.title, notice.description);
  };
  return (
    <span style={{ display: "contents" }} onClick={onClick}>
      {children}
    </span>
  );
}
