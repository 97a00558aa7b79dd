import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // The blog fetches posts newer than the build from WordPress in the browser (src/blog/browser.ts).
  define: { __WORDPRESS_URL__: JSON.stringify(process.env.WORDPRESS_URL?.trim() ?? "") },
  build: {
    target: "es2022",
    sourcemap: process.env.SOURCEMAP === "1",
    // The icon sprite must stay a file: <use href> cannot point into a data: URL.
    assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined),
  },
});
