import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src",
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
