/**
 * What the shell does on its own, without an island: the navigation bar turns glass-like
 * once the page is scrolled past its threshold, the progress bar follows the scroll, the
 * chat button appears after its delay. A few lines of DOM code the runtime starts on every
 * page (client-render.tsx does the same for a page rendered in the browser), instead of
 * React hydrating the shell. The markup carries the numbers (Navbar.tsx, ScrollProgress.tsx,
 * ChatButton.tsx), so this code needs no configuration.
 */
export const SHELL = {
  /** The navigation bar; `data-scrolled-after` is its threshold in pixels, `data-scrolled` its state. */
  navbar: "data-navbar",
  /** The reading progress bar. */
  progress: "data-scroll-progress",
  /** An element shown after `data-appear-after` milliseconds (it starts hidden). */
  appearAfter: "data-appear-after",
} as const;

/** Starts them for the shell in `root`; returns what stops them. */
export function startShellBehaviours(root: ParentNode): () => void {
  const bar = root.querySelector<HTMLElement>(`[${SHELL.navbar}]`);
  const progress = root.querySelector<HTMLElement>(`[${SHELL.progress}]`);
  const threshold = Number(bar?.dataset.scrolledAfter ?? 0);
  const update = () => {
    const y = window.scrollY;
    bar?.setAttribute("data-scrolled", String(y > threshold));
    if (progress) {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const share = max > 0 ? Math.min(1, Math.max(0, y / max)) : 0;
      progress.style.transform = `scaleX(${share})`;
      progress.setAttribute("aria-valuenow", String(Math.round(share * 100)));
    }
  };
  // At the top the prerendered state is right: reading the page's height now would force a
  // layout of the whole page in this task, which the browser otherwise does in its own time.
  if (window.scrollY > 0) update();
  window.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update, { passive: true });

  const timers = [...root.querySelectorAll<HTMLElement>(`[${SHELL.appearAfter}]`)].map((element) =>
    window.setTimeout(() => (element.hidden = false), Number(element.getAttribute(SHELL.appearAfter))),
  );
  return () => {
    window.removeEventListener("scroll", update);
    window.removeEventListener("resize", update);
    timers.forEach((timer) => window.clearTimeout(timer));
  };
}
