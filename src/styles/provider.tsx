/**
 * The page's styles: Emotion's cache and Chakra's system, set up so that a prerendered page
 * and its islands hydrate without restyling anything.
 *
 * - The cache has no vendor prefixer. The default one writes every flexbox, transform and
 *   keyframe rule two to four times for browsers that left long ago (a quarter of each page's
 *   CSS); the build targets evergreen browsers (es2022), and the one prefix Safari still needs
 *   for our styles is written by hand where it is used.
 * - A prerendered page carries its styles in <head> (head-styles.ts moves them there): the
 *   browser's cache only learns their names, so hydrating an island inserts none of them
 *   again. Chakra's global styles (reset, tokens, base) are there too, so in the browser they
 *   are not generated again (a 20 kB string to serialise and hash). A page without them (the
 *   dev server's) is styled by Emotion as usual.
 * - At build time the page and its islands (rendered as roots of their own after it,
 *   islands/render.server.tsx) share one cache, so a style is written once per page; the
 *   islands' renders write no global styles, the page's render has.
 * - In the browser one cache serves every island of the page (each is a root of its own).
 */
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { ChakraProvider } from "@chakra-ui/react";
import { createContext, type ReactNode, useContext, useState } from "react";
import { HEAD_STYLE_ATTRIBUTE } from "./head-styles.ts";
import { system } from "./theme.ts";

export const createStyleCache = () => createCache({ key: "css", stylisPlugins: [] });

/** The cache of the page being rendered at build time, shared with its islands' renders. */
export const PageStyleCache = createContext<EmotionCache | undefined>(undefined);

/** The names of the style rules the page already has, so that Emotion does not insert them again. */
function adoptHeadStyles(cache: EmotionCache): boolean {
  let globals = false;
  for (const tag of document.querySelectorAll(`style[${HEAD_STYLE_ATTRIBUTE}]`)) {
    const [key, ...names] = tag.getAttribute(HEAD_STYLE_ATTRIBUTE)!.split(" ");
    if (key === `${cache.key}-global`) globals = true;
    else for (const name of names) cache.inserted[name] = true;
  }
  return globals;
}

const browserCache = typeof document === "undefined" ? undefined : createStyleCache();
const globalsInHead = browserCache ? adoptHeadStyles(browserCache) : false;

// ChakraProvider writes the system's global styles (and the order of its CSS layers) with
// Emotion's <Global>; where they are written already, it gets nothing to write.
// (Not a spread: reading the system's _global would write that CSS, see lazy-chakra-global-css.ts.)
const withoutGlobals: typeof system = Object.create(system, {
  _global: { value: [] },
  _config: { value: { ...system._config, disableLayers: true } },
});

export function StyleProvider({ children, globals = !globalsInHead }: { children: ReactNode; globals?: boolean }) {
  const pageCache = useContext(PageStyleCache);
  const [cache] = useState(() => pageCache ?? browserCache ?? createStyleCache());
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={globals ? system : withoutGlobals}>{children}</ChakraProvider>
    </CacheProvider>
  );
}

/** An island's styles: never the global ones (the page has them), whether at build time or in the browser. */
export function IslandStyles({ children }: { children: ReactNode }) {
  return <StyleProvider globals={false}>{children}</StyleProvider>;
}
