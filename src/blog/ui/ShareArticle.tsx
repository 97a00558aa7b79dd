/**
 * Island: Share Article. The device's share sheet (title, text, url) where it has one;
 * otherwise the page's URL is copied and a notice says so (spec §7). Its button is static
 * HTML in the island's slot, so the island hydrates without the Chakra system.
 */
import type { ReactNode } from "react";
import { notify } from "../../ui/toaster.ts";

export interface ShareArticleProps {
  title: string;
  text: string;
  copied: { title: string; text: string };
  children?: ReactNode;
}

async function share({ title, text, copied }: ShareArticleProps) {
  const url = window.location.href.split(/[?#]/)[0]!;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
    } catch {
      // Dismissing the share sheet is not an error worth a notice.
    }
    return;
  }
  await navigator.clipboard.writeText(url);
  notify("success", copied.title, copied.text);
}

export default function ShareArticle(props: ShareArticleProps) {
  return (
    <span style={{ display: "contents" }} onClick={() => void share(props)}>
      {props.children}
    </span>
  );
}
