/**
 * Every image falls back to one default (spec §9): an image with `data-fallback` that fails
 * to load (a WordPress upload that is gone, WordPress down) shows that image instead, with
 * its srcset dropped (the browser would keep choosing from it). Error events do not bubble,
 * but they pass the window in the capture phase: one listener, inline in <head> so it is
 * there before any image can fail, serves every image of the page, static or rendered later.
 */
export const IMAGE_FALLBACK_ATTRIBUTE = "data-fallback";

export const IMAGE_FALLBACK_SCRIPT = `addEventListener("error", (event) => {
  const img = event.target;
  const fallback = img instanceof HTMLImageElement && img.getAttribute("${IMAGE_FALLBACK_ATTRIBUTE}");
  if (!fallback || img.getAttribute("src") === fallback) return;
  img.removeAttribute("srcset");
  img.src = fallback;
}, true);`;
