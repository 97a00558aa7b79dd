import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { keepServerBuild } from "./scripts/lib/keep-server-build.ts";
import { devApiProxy } from "./scripts/lib/dev-api-proxy.ts";
import { islandsBuild } from "./scripts/lib/islands-build.ts";
import { lazyChakraGlobalCss } from "./scripts/lib/lazy-chakra-global-css.ts";
import { formsApiUrl } from "./src/forms/api-url.server.ts";

export default defineConfig({
  plugins: [reactRouter(), lazyChakraGlobalCss(), islandsBuild(), keepServerBuild()],
  define: {
    // The blog fetches posts newer than the build from WordPress in the browser (src/blog/browser.ts).
    __WORDPRESS_URL__: JSON.stringify(process.env.WORDPRESS_URL?.trim() ?? ""),
    // Forms post to FORMS_API_URL when the pages are on a static host (src/forms/endpoint.ts).
    __FORMS_API_URL__: JSON.stringify(formsApiUrl()),
  },
  // npm run dev (scripts/dev.ts) runs the API beside Vite: forms and the studio.
  server: {
    proxy: devApiProxy(process.env.DEV_API_PORT ?? "5174"),
    // Builds, test output and data are not sources: watching them only triggers reloads.
    watch: { ignored: ["**/build/**", "**/build-*/**", "**/data/**", "**/test-results/**", "**/.bench-scale/**"] },
  },
  // npm run dev: the dependencies that Vite's start-up scan misses (it finds them only when a
  // page asks for them, then re-bundles and the first page fails to load until reloaded).
  optimizeDeps: {
    include: ["@chakra-ui/react", "@chakra-ui/react/theme", "@emotion/cache", "@emotion/react", "react-hook-form", "@hookform/resolvers/zod", "zod", "marked", "isomorphic-dompurify", "yaml", "jsonc-parser", "parse5", "thumbhash"],
  },
  build: {
    target: "es2022",
    sourcemap: process.env.SOURCEMAP === "1",
    // The icon sprite must stay a file: <use href> cannot point into a data: URL.
    assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined),
  },
});
