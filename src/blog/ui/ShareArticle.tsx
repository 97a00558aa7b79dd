/**
 * Island: Share Article. The device's share sheet (title, text, url) where it has one;
 * otherwise the page's URL is copied and a notice says so (spec §7), or says that it could not
 * be (a browser may refuse the clipboard to a page, and has none outside HTTPS). Its button is static
 * HTML in the island's slot, so the island hydrates without the Chakra system.
 */
import type { ReactNode } from "react";
import { notify } from "../../ui/toaster.ts";

export interface ShareArticleProps {
  title: string;
  text: string;
  copied: { title: string; text: string };
  notCopied: { title: string; text: string };
  children?: ReactNode;
}

async function share({ title, text, copied, notCopied }: ShareArticleProps) {
  const url = window.location.href.split(/[?#]/)[0]!;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
    } catch {
      // Dismissing the share sheet is not an error worth a notice.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    notify("error", notCopied.title, notCopied.text);
    return;
  }
  notify("success", copied.title, copied.text);
}

export default function ShareArticle(props: ShareArticleProps) {
  return (
    <span style={{ display: "contents" }} onClick={() => void share(props)}>
      {props.children}
    </span>
  );
}
