/**
 * A new page lands at its top (or, on Back and Forward, where it was left) at once. The theme
 * asks for smooth scrolling on <html> (in-page links glide to their section), and the browser
 * applies it to every scroll without options, React Router's ScrollRestoration included: a
 * page reached from the footer would show scrolled down and glide up for a second. So when the
 * path changes, scrolling is instant until the next frame; ScrollRestoration, rendered after
 * this and so laid out after it, scrolls within that window.
 */
import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

export function InstantScrollOnRouteChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const html = document.documentElement;
    html.style.scrollBehavior = "auto";
    // Read back, so the browser applies it now: the scroll below reads the style it last computed.
    void getComputedStyle(html).scrollBehavior;
    const frame = requestAnimationFrame(() => html.style.removeProperty("scroll-behavior"));
    return () => {
      cancelAnimationFrame(frame);
      html.style.removeProperty("scroll-behavior");
    };
  }, [pathname]);
  return null;
}
