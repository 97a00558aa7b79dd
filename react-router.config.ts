import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "./src/admin/mode.server.ts";
import { STUDIO_PAGES } from "./src/runtime/studio-paths.ts";

export default {
  appDirectory: "src",
  // BUILD_DIR builds a second site beside the default one (the WordPress contract suite does).
  // Local mode (ADMIN=1) serves the same build: the studio's screens are in every build.
  buildDirectory: buildDirectory(),
  // Static-first: every route is prerendered to HTML at build time; the Fastify server
  // serves the files and answers redirects and unknown paths from build/site-manifest.json.
  ssr: false,
  async prerender() {
    const { prerenderPaths } = await import("./src/runtime/build.server.ts");
    // The studio's screens are in every build (src/routes.ts); never in the sitemap, and served
    // only by a server with STUDIO=1 or in local mode (server/plugins/site.ts).
    return [...(await prerenderPaths()), ...STUDIO_PAGES];
  },
  async buildEnd({ reactRouterConfig }) {
    const { writeSiteFiles } = await import("./src/runtime/build.server.ts");
    const { bundleServer } = await import("./scripts/lib/bundle-server.ts");
    await writeSiteFiles(reactRouterConfig.buildDirectory);
    // The server ships with the site it serves: `node build/server.js`, no TypeScript at start-up.
    await bundleServer(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
