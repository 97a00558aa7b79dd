/**
 * Marks <html data-hydrated="true"> once the first page is interactive: the shell and every
 * block of the page hydrated. Blocks hydrate after the shell, each once its code has loaded;
 * until then a click on a block's link is an ordinary page load. Tests (and anyone debugging)
 * wait for the mark before they use the page as an app.
 */
const first = { shell: false, blocks: undefined as number | undefined, hydratedBlocks: 0, done: false };

function settle() {
  if (first.done || !first.shell || first.blocks === undefined || first.hydratedBlocks < first.blocks) return;
  first.done = true;
  document.documentElement.dataset.hydrated = "true";
}

export const hydration = {
  /** The shell (root layout) has hydrated. */
  shell() {
    first.shell = true;
    settle();
  },
  /** The first page has this many blocks to wait for (0 for a page without blocks). */
  expect(blocks: number) {
    first.blocks ??= blocks;
    settle();
  },
  /** One block of the first page has hydrated. */
  block() {
    first.hydratedBlocks++;
    settle();
  },
};
