/**
 * Emotion's style cache, without its vendor prefixer. The default prefixer writes every
 * flexbox, transform and keyframe rule two to four times for browsers that left long ago
 * (a quarter of each page's CSS); the site targets evergreen browsers (build target es2022),
 * and the one prefix Safari still needs for our styles is written by hand where it is used.
 */
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { type ReactNode, useState } from "react";

const createStyleCache = () => createCache({ key: "css", stylisPlugins: [] });

// In the browser one cache lives for the page, created before hydration so that it adopts
// the prerendered <style> tags. On the server every render needs its own: a cache remembers
// what it has written, and a shared one would leave later pages without their styles.
const browserCache = typeof document === "undefined" ? undefined : createStyleCache();

export function StyleCacheProvider({ children }: { children: ReactNode }) {
  const [cache] = useState(() => browserCache ?? createStyleCache());
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
