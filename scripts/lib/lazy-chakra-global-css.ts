/**
 * A Vite plugin: Chakra's createSystem writes the system's global CSS (reset, base styles and
 * every token as a CSS variable) as it builds the system, the longest part of it (about 18 ms
 * of a phone's start-up). A prerendered page has that CSS already (src/styles/provider.tsx),
 * so the bundle writes it only when something asks for it: the server's render.
 *
 * A patch of Chakra's code, checked: if an upgrade changes the line, the build fails here
 * rather than ship without the change unnoticed.
 */
import type { Plugin } from "vite";

const SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";
const RETURNED = /\n(\s*)_global,\n/;

export function lazyChakraGlobalCss(): Plugin {
  return {
    name: "lazy-chakra-global-css",
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return;
      if (!code.includes(EAGER) || !RETURNED.test(code)) {
        this.error(`Chakra's createSystem (${id}) no longer builds its global CSS as "${EAGER}": update or remove scripts/lib/lazy-chakra-global-css.ts.`);
      }
      return code
        .replace(EAGER, "let _global;")
        .replace(RETURNED, "\n$1get _global() {\n$1  return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n$1},\n");
    },
  };
}
