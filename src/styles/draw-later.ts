/**
 * A built page draws what is on screen first, and the rest a block at a time after it has
 * painted. Its blocks after the first, and the footer, start as `content-visibility: auto`: the
 * browser lays out and paints them only as they near the screen, so the first layout, and the
 * one when the faces arrive (text-face.ts), cover what is seen, not the whole page. Once the page
 * has painted and the faces are in, the after-paint loader draws the others one per frame
 * (src/runtime/after-paint.server.ts) and takes the mark away: no frame does the whole page's
 * layout, and then every block is drawn as any page's is, for find in page, tools that read
 * where things are (axe's contrast check reads positions a skipped block does not have), a
 * screenshot or a print. Without JavaScript they stay `auto`, still drawn as they near the screen.
 *
 * A page the browser restores a scroll position on (Back, Forward, reload), or opened at a
 * fragment, is drawn whole from the start: it is scrolled before the blocks above would have
 * their real height. The studio's preview and a page rendered in the browser carry no mark.
 */

/** On a built page's <main> and <footer> (root.tsx, Shell): its blocks after the first, and the footer, are drawn later. */
export const DRAW_LATER_ATTR = "data-draw-later";

/** On <html> where the page is drawn whole from the start. */
export const DRAW_ALL_ATTR = "data-draw-all";

/** What a block not yet drawn takes as its height: about a section's on a phone; a block drawn once keeps its own. */
const GUESSED_HEIGHT = "640px";

/** For the theme's global styles. */
export const drawLaterCss = {
  [`html:not([${DRAW_ALL_ATTR}]) main[${DRAW_LATER_ATTR}] > :nth-child(n + 2), html:not([${DRAW_ALL_ATTR}]) footer[${DRAW_LATER_ATTR}]`]: {
    contentVisibility: "auto",
    containIntrinsicSize: `auto ${GUESSED_HEIGHT}`,
  },
};

/** Runs in <head>, before the body: a restored position or a fragment draws the page whole. */
export const DRAW_ALL_SCRIPT =
  `try{let n=performance.getEntriesByType("navigation")[0];` +
  `if(location.hash||(n&&n.type!=="navigate"))document.documentElement.setAttribute("${DRAW_ALL_ATTR}","")}catch(e){}`;

/** The elements the loader draws, in page order. */
export const DRAWN_LATER_SELECTOR = `main[${DRAW_LATER_ATTR}] > :nth-child(n + 2), footer[${DRAW_LATER_ATTR}]`;
