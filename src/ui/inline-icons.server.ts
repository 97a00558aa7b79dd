/**
 * Draws a prerendered page's icons from symbols inside the page, not from the sprite file.
 * An icon that points into another file (`<use href="/assets/icons-….svg#icon-menu">`) makes
 * the browser load that file as a document of its own, parse and lay it out on the main
 * thread, usually ahead of the page's first frame (a task of 10–15 ms here, unthrottled). So
 * each page carries, at its end, the symbols it uses, and its icons point at them
 * (`#icon-menu`).
 *
 * In the browser, Icon.tsx points at the page's symbol when the page has it, so an island
 * hydrates with the same `href`; an icon the page does not carry (one only a browser draws)
 * still points at the sprite file, which loads then, once. The dev server does not run this
 * step. Run where pages are built or rebuilt (src/runtime/finish-page.server.ts).
 */

/** The sprite, written by `npm run icons` (scripts/lib/icon-sprite.ts) and imported by Icon.tsx. */
export const SPRITE_FILE = "src/ui/icons.svg";

/** The sprite's URL in the client build and its symbols (`<symbol id="icon-…">…</symbol>`) by id. */
export interface IconSprite {
  url: string;
  symbols: Record<string, string>;
}

const SYMBOL = /<symbol id="([^"]+)"[\s\S]*?<\/symbol>/g;
/** An `href` into another file: its URL and fragment. */
const FILE_FRAGMENT_HREF = /href="([^"#]+)#([^"]+)"/g;

/** The symbols of a sprite file's text, by id. */
export function spriteSymbols(svg: string): Record<string, string> {
  return Object.fromEntries([...svg.matchAll(SYMBOL)].map((m) => [m[1]!, m[0]]));
}

export function inlineIcons(html: string, sprite: IconSprite): string {
  const used = new Set<string>();
  const page = html.replace(FILE_FRAGMENT_HREF, (ref, url: string, id: string) => {
    if (url !== sprite.url) return ref;
    if (!sprite.symbols[id]) throw new Error(`inlineIcons: the icon sprite has no symbol "${id}".`);
    used.add(id);
    return `href="#${id}"`;
  });
  if (used.size === 0) return html;
  const bodyEnd = page.lastIndexOf("</body>");
  if (bodyEnd === -1) throw new Error("inlineIcons: the page has no </body>.");
  const symbols = [...used].sort().map((id) => sprite.symbols[id]).join("");
  // display:none, not the `hidden` attribute, which HTML does not allow on <svg>; <use> still draws its symbols.
  return page.slice(0, bodyEnd) + `<svg style="display:none" aria-hidden="true" xmlns="http://www.w3.org/2000/svg">${symbols}</svg>` + page.slice(bodyEnd);
}

