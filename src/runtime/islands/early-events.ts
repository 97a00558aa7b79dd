/**
 * No click is lost before an island's code is ready. A page is static HTML with islands,
 * each hydrated on its own when it is needed (runtime.ts); until then its controls look
 * ready but have no handlers. This script, inline in <head> so it runs before the first
 * paint, listens on the window (capture phase, ahead of everything else) for what a visitor
 * does inside an island that has not hydrated yet:
 *
 * - reaching for it (pointer over or down, touch, focus) asks for the island's code;
 * - a click, a form submission or a control key (Escape, arrows, Home, End) is kept: its
 *   default action and its propagation are stopped, and the runtime plays it again, once,
 *   on the same element after the island has hydrated.
 *
 * Not kept: clicks with a modifier or another button, and clicks on links (a link works
 * without JavaScript: it is followed at once) unless the island says its links need its
 * code first (data-capture-links: a link that also shows a notice, or changes the page in
 * place). Typing is never held back: fields keep what is typed, and the island is handed it
 * when it hydrates (typed-values.ts).
 *
 * Before the runtime has loaded, requests wait in `wanted`; the runtime then sets `wake`.
 */
import { ISLAND_TAG } from "../../page/island-markup.ts";

export interface EarlyEvents {
  /** Kept activations, in the order they happened; the runtime removes each as it plays it. */
  queue: { island: HTMLElement; event: Event }[];
  /** Islands asked for before the runtime was there. */
  wanted: Set<HTMLElement>;
  /** Set by the runtime: hydrate this island (and play its kept events). */
  wake?: (island: HTMLElement) => void;
}

declare global {
  interface Window {
    __islands?: EarlyEvents;
  }
}

/** Keys that act on a widget (a menu, tabs) rather than type or activate; Enter and Space on a button come back as its click. */
export const KEPT_KEYS = /^(?:Escape|Arrow(?:Up|Down|Left|Right)|Home|End)$/;

export const EARLY_EVENTS_SCRIPT = `(() => {
  const early = { queue: [], wanted: new Set() };
  window.__islands = early;
  const waiting = "${ISLAND_TAG}:not([data-hydrated])";
  const islandOf = (event) => (event.target instanceof Element ? event.target.closest(waiting) : null);
  const ask = (island) => (early.wake ? early.wake(island) : early.wanted.add(island));
  const reach = (event) => {
    const island = islandOf(event);
    if (island) ask(island);
  };
  for (const type of ["pointerover", "pointerdown", "touchstart", "focusin"]) addEventListener(type, reach, { capture: true, passive: true });
  const keys = ${KEPT_KEYS};
  const typing = (el) => el.isContentEditable || /^(?:INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
  const keep = (event) => {
    const island = islandOf(event);
    if (!island) return;
    ask(island);
    if (event.type === "click") {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      if (event.target.closest("a[href]") && !island.hasAttribute("data-capture-links")) return;
    } else if (event.type === "keydown" && (!keys.test(event.key) || typing(event.target))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    early.queue.push({ island, event });
  };
  for (const type of ["click", "submit", "keydown"]) addEventListener(type, keep, true);
})();`;
