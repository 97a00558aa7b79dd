import { BLOCK_HYDRATED_ATTRIBUTE, playEarlyClicks, SHELL_HYDRATED_ATTRIBUTE } from "./early-clicks.ts";

/**
 * Marks <html data-hydrated="true"> once the first page is interactive: the shell and every
 * block of the page hydrated. Blocks hydrate after the shell, each once its code has loaded;
 * until then a click on a block's link is an ordinary page load. Tests (and anyone debugging)
 * wait for the mark before they use the page as an app.
 * Each mark also plays the clicks kept while that part was waiting (early-clicks.ts).
 */
const first = { shell: false, blocks: undefined as number | undefined, hydratedBlocks: 0, done: false };

function settle() {
  if (first.done || !first.shell || first.blocks === undefined || first.hydratedBlocks < first.blocks) return;
  first.done = true;
  document.documentElement.dataset.hydrated = "true";
  playEarlyClicks();
}

export const hydration = {
  /** The shell (root layout) has hydrated. */
  shell() {
    first.shell = true;
    document.documentElement.setAttribute(SHELL_HYDRATED_ATTRIBUTE, "");
    playEarlyClicks();
    settle();
  },
  /** The first page has this many blocks to wait for (0 for a page without blocks). */
  expect(blocks: number) {
    first.blocks ??= blocks;
    settle();
  },
  /** A block has hydrated (or, after a client navigation, rendered) in this frame. */
  block(frame: HTMLElement | null) {
    frame?.setAttribute(BLOCK_HYDRATED_ATTRIBUTE, "");
    playEarlyClicks();
    first.hydratedBlocks++;
    settle();
  },
};
