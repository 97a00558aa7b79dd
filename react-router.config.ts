import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src",
  // BUILD_DIR builds a second site beside the default one (the WordPress contract suite does).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Static-first: every route is prerendered to HTML at build time; the Fastify server
  // serves the files and answers redirects and unknown paths from build/site-manifest.json.
  ssr: false,
  async prerender() {
    const { prerenderPaths } = await import("./src/runtime/build.server.ts");
    return prerenderPaths();
  },
  async buildEnd({ reactRouterConfig }) {
    const { writeSiteFiles } = await import("./src/runtime/build.server.ts");
    await writeSiteFiles(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
