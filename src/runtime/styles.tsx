/**
 * The page's styles: Emotion's cache and Chakra's system, set up so that a prerendered page
 * is hydrated without restyling it.
 *
 * - The cache has no vendor prefixer. The default one writes every flexbox, transform and
 *   keyframe rule two to four times for browsers that left long ago (a quarter of each page's
 *   CSS); the build targets evergreen browsers (es2022), and the one prefix Safari still needs
 *   for our styles is written by hand where it is used.
 * - A prerendered page carries its styles in <head> (head-styles.ts moves them there):
 *   the cache only learns their names. Emotion's own hydration would move every <style> tag
 *   from <body> to <head>, and the browser would restyle the whole page while a phone is busy
 *   starting the app. Chakra's global styles (reset, tokens, base) are there too, so in the
 *   browser they are not generated again (a 20 kB string to serialise and hash at start-up).
 *   A page without them (the dev server's) is styled by Emotion as usual.
 */
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { ChakraProvider } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { HEAD_STYLE_ATTRIBUTE } from "./head-styles.ts";
import { system } from "./theme.ts";

const createStyleCache = () => createCache({ key: "css", stylisPlugins: [] });

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

// In the browser one cache lives for the page, created before hydration. On the server every
// render needs its own: a cache remembers what it has written, and a shared one would leave
// later pages without their styles.
const browserCache = typeof document === "undefined" ? undefined : createStyleCache();
const globalsInHead = browserCache ? adoptHeadStyles(browserCache) : false;

// ChakraProvider writes the system's global styles (and the order of its CSS layers) with
// Emotion's <Global>; where the page has them already, it gets nothing to write.
// (Not a spread: reading the system's _global would write that CSS, see lazy-chakra-global-css.ts.)
const browserSystem: typeof system = globalsInHead
  ? Object.create(system, { _global: { value: [] }, _config: { value: { ...system._config, disableLayers: true } } })
  : system;

export function StyleProvider({ children }: { children: ReactNode }) {
  const [cache] = useState(() => browserCache ?? createStyleCache());
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={browserSystem}>{children}</ChakraProvider>
    </CacheProvider>
  );
}
