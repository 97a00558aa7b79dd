/**
 * Island: Apply for this role. Without JavaScript its link loads /careers?position={id}#apply
 * (the form reads the position from the URL); here it moves the URL in place instead, and
 * the application form, which follows the URL, fills in the position and comes into view,
 * keeping whatever was typed in it.
 */
import type { MouseEvent, ReactNode } from "react";
import { navigateInPage } from "../../page/location.ts";

export default function ApplyLink({ href, children }: { href: string; children?: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateInPage(href);
  };
  return (
    <span style={{ display: "contents" }} onClick={onClick}>
      {children}
    </span>
  );
}
