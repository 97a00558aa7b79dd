/**
 * The text's font-family list, apart from the faces' files (text-face.ts, script-fonts.ts), so the
 * theme names the faces without importing them.
 */

export const TEXT_FAMILY = "Inter Variable";

/**
 * The id of the <style> holding every face's rules: Inter's, on a page in another script (Hindi)
 * that script's, and their stand-ins. Its `data-letters`, on such a page, are a few of the
 * script's letters, by which the after-paint loader tells whether the system can draw the script
 * at all (src/runtime/after-paint.server.ts).
 */
export const FACES_STYLE_ID = "faces";

/**
 * On an element, its text is in the faces (Inter, and a script's face): on `<html>` or `<body>`,
 * the whole page's. A page paints in the stand-ins alone; a face named by no text is never fetched, so the
 * faces' rules are in the page from the start and only this turns them on (text-face.ts).
 */
export const FACES_ON_ATTR = "data-faces";

/**
 * On a part of the page, its text stays in the stand-ins, the faces on or not around it: the
 * faces would have moved its lines, or others', in view (the stand-ins match them on average,
 * not word for word). The after-paint loader turns it on once it is out of view.
 */
export const FACES_HELD_ATTR = "data-faces-held";

/** Local faces stretched to Inter's metrics while it loads (text-face.ts). */
export const STAND_INS = { arial: "Inter Fallback", dejavu: "Inter Fallback DejaVu" } as const;

/** What a page's text falls back to after the faces (a letter none of them has). */
const SYSTEM = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif";

/** Families, quoted, then the system's. */
const stack = (families: (string | undefined)[]) =>
  families
    .filter(Boolean)
    .map((family) => `'${family}'`)
    .concat(SYSTEM)
    .join(", ");

/** The text stack once the faces are on: Inter, a script's face if the page's language needs one (script-fonts.ts), Inter's stand-ins, the script face's, the system's. */
export const textStack = (scriptFamily?: string, scriptStandIn?: string) => stack([TEXT_FAMILY, scriptFamily, ...Object.values(STAND_INS), scriptStandIn]);

/** The text stack a page paints in first: the stand-ins, stretched to the faces' metrics, and the system's. */
export const standInStack = (scriptStandIn?: string) => stack([...Object.values(STAND_INS), scriptStandIn]);
