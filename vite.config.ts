import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { islandsBuild } from "./scripts/lib/islands-build.ts";
import { lazyChakraGlobalCss } from "./scripts/lib/lazy-chakra-global-css.ts";
import { isAdminMode } from "./src/admin/mode.server.ts";

export default defineConfig({
  plugins: [reactRouter(), lazyChakraGlobalCss(), islandsBuild()],
  define: {
    // The blog fetches posts newer than the build from WordPress in the browser (src/blog/browser.ts).
    __WORDPRESS_URL__: JSON.stringify(process.env.WORDPRESS_URL?.trim() ?? ""),
    // Local mode: the admin island exists (src/runtime/islands/registry.ts).
    __ADMIN__: JSON.stringify(isAdminMode()),
  },
  // npm run dev (scripts/dev.ts) runs the API beside Vite: forms and the local blog admin.
  // The Host header is kept: the API checks it against the Origin (same-site) and for loopback.
  server: {
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.DEV_API_PORT ?? "5174"}`, changeOrigin: false } },
    // Builds, test output and data are not sources: watching them only triggers reloads.
    watch: { ignored: ["**/build/**", "**/build-*/**", "**/data/**", "**/test-results/**", "**/.bench-scale/**"] },
  },
  // npm run dev: the dependencies that Vite's start-up scan misses (it finds them only when a
  // page asks for them, then re-bundles and the first page fails to load until reloaded).
  optimizeDeps: {
    include: ["@chakra-ui/react", "@chakra-ui/react/theme", "@emotion/cache", "@emotion/react", "react-hook-form", "@hookform/resolvers/zod", "zod", "marked", "isomorphic-dompurify", "entities", "gray-matter", "jsonc-parser", "parse5"],
  },
  build: {
    target: "es2022",
    sourcemap: process.env.SOURCEMAP === "1",
    // The icon sprite must stay a file: <use href> cannot point into a data: URL.
    assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined),
  },
});
