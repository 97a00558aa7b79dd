/**
 * The text's font-family list, apart from the faces' files (text-face.ts, script-fonts.ts), so the
 * theme names the faces without importing them.
 */

export const TEXT_FAMILY = "Inter Variable";

/**
 * The id of the <style> holding Inter's @font-face, inert (media="print") until the page has
 * painted: the after-paint loader loads its file and adds the face (src/runtime/after-paint.server.ts).
 */
export const TEXT_FACE_STYLE_ID = "text-face";

/**
 * The id of the <style> holding a script's @font-face on a page in its language (Hindi's
 * Devanagari: script-fonts.ts), inert as Inter's; its `data-letters` are a few of the script's
 * letters, by which the loader tells whether the system can draw the script at all.
 */
export const SCRIPT_FACE_STYLE_ID = "script-face";

/** Local faces stretched to Inter's metrics while it loads (text-face.ts). */
export const STAND_INS = { arial: "Inter Fallback", dejavu: "Inter Fallback DejaVu" } as const;

/** What a page's text falls back to after the faces (a letter none of them has). */
const SYSTEM = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif";

/** The text stack: Inter, a script's face if the page's language needs one (script-fonts.ts), Inter's stand-ins, the script face's, the system's. */
export const textStack = (scriptFamily?: string, scriptStandIn?: string) =>
  [TEXT_FAMILY, scriptFamily, ...Object.values(STAND_INS), scriptStandIn]
    .filter(Boolean)
    .map((family) => `'${family}'`)
    .concat(SYSTEM)
    .join(", ");
