/**
 * No click is lost while the app starts. Every page is prerendered HTML that looks ready long
 * before React has hydrated it (after-paint.server.ts loads the app after the first paint, and
 * each block hydrates once its chunk has arrived); until then a button has no handler, and
 * React drops a click on a part it has not hydrated yet. So one inline script, first in
 * <head>, listens on the window (capture phase, ahead of React's own listeners) for clicks on
 * controls whose part of the page is still waiting, keeps them, and the runtime plays each
 * again, once, on the same element when that part has hydrated.
 *
 * - Kept: a trusted primary-button click (a mouse, a tap, or Enter/Space on a button, which the
 *   browser turns into a click) on a control that needs JavaScript: a button that does not
 *   submit a form, or an element with a widget role (tab, button, switch, ...).
 * - Not kept: links, form fields, labels, <summary> and a form's submit button: they work
 *   without JavaScript and are left to the browser.
 * - Waiting: the element is inside a block (`data-block`) without `data-block-hydrated`, or
 *   outside blocks while <html> has no `data-shell-hydrated`. Once the whole first page has
 *   hydrated (`data-hydrated`), nothing waits and the listener does nothing.
 * - Played again: by `element.click()` (untrusted, so not kept again) when `flush()` finds
 *   the element's part hydrated. If hydration replaced the element, the one at the same place
 *   in the document with the same tag and text is used; otherwise the click is dropped.
 */

export interface EarlyClicks {
  /** Plays every kept click whose element's part of the page has hydrated; keeps the rest. */
  flush(): void;
  /** Clicks kept so far and not yet played (for tests and debugging). */
  held(): number;
}

declare global {
  interface Window {
    __earlyClicks?: EarlyClicks;
  }
}

/** The attribute a block's frame carries, and the one it gets once the block has hydrated. */
export const BLOCK_ATTRIBUTE = "data-block";
export const BLOCK_HYDRATED_ATTRIBUTE = "data-block-hydrated";
/** Set on <html> once the shell (everything outside blocks) has hydrated. */
export const SHELL_HYDRATED_ATTRIBUTE = "data-shell-hydrated";

/** Runs in the browser, inline and first in <head>, before any of the body is parsed. */
export const EARLY_CLICKS_SCRIPT = `(() => {
  const root = document.documentElement;
  const kept = [];
  const waiting = (el) => {
    if (root.dataset.hydrated === "true") return false;
    const block = el.closest("[${BLOCK_ATTRIBUTE}]");
    return block ? !block.hasAttribute("${BLOCK_HYDRATED_ATTRIBUTE}") : !root.hasAttribute("${SHELL_HYDRATED_ATTRIBUTE}");
  };
  const controlOf = (target) => {
    const el = target.closest("a[href], button, input, select, textarea, label, summary, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=menuitem], [role=option]");
    if (!el || el.matches("a[href], select, textarea, label, summary, :disabled")) return null;
    if (el.matches("input") && !/^(?:button|submit|reset|image)$/.test(el.type)) return null;
    if (el.matches("button, input") && el.type !== "button" && el.form) return null;
    return el;
  };
  const pathOf = (el) => {
    const path = [];
    for (let node = el; node.parentElement; node = node.parentElement) path.unshift([...node.parentElement.children].indexOf(node));
    return path;
  };
  const find = ({ el, path, tag, text }) => {
    if (el.isConnected) return el;
    let node = root;
    for (const i of path) if (!(node = node.children[i])) return null;
    return node.tagName === tag && node.textContent === text ? node : null;
  };
  addEventListener("click", (event) => {
    if (!event.isTrusted || event.button !== 0 || !(event.target instanceof Element)) return;
    const el = controlOf(event.target);
    if (!el || !waiting(el)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    kept.push({ el, path: pathOf(el), tag: el.tagName, text: el.textContent });
  }, true);
  window.__earlyClicks = {
    flush() {
      for (const click of [...kept]) {
        const el = find(click);
        if (el && waiting(el)) continue;
        kept.splice(kept.indexOf(click), 1);
        if (el) el.click();
      }
    },
    held: () => kept.length,
  };
})();`;

/** Plays the kept clicks that can be played now: called whenever a part of the page has hydrated. */
export function playEarlyClicks() {
  if (typeof window === "undefined") return;
  // Called from an effect: played once every effect of this commit has run (a microtask, not
  // a timer, so a page whose clock is held still plays them too).
  queueMicrotask(() => window.__earlyClicks?.flush());
}
