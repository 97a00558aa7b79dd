import type { Config } from "@react-router/dev/config";
import { buildDirectory, isAdminMode } from "./src/admin/mode.server.ts";
import { ADMIN_PATH, EDITOR_PATH, PREVIEW_PATH } from "./src/admin/paths.ts";

export default {
  appDirectory: "src",
  // BUILD_DIR builds a second site beside the default one (the WordPress contract suite does).
  // An admin build (ADMIN=1) defaults to build-admin/, never replacing the public build.
  buildDirectory: buildDirectory(),
  // Static-first: every route is prerendered to HTML at build time; the Fastify server
  // serves the files and answers redirects and unknown paths from build/site-manifest.json.
  ssr: false,
  async prerender() {
    const { prerenderPaths } = await import("./src/runtime/build.server.ts");
    // The admin pages exist only in admin builds (src/routes.ts); they are never in the sitemap.
    return [...(await prerenderPaths()), ...(isAdminMode() ? [ADMIN_PATH, EDITOR_PATH, PREVIEW_PATH] : [])];
  },
  async buildEnd({ reactRouterConfig }) {
    const { writeSiteFiles } = await import("./src/runtime/build.server.ts");
    const { bundleServer } = await import("./scripts/lib/bundle-server.ts");
    await writeSiteFiles(reactRouterConfig.buildDirectory);
    // The server ships with the site it serves: `node build/server.js`, no TypeScript at start-up.
    await bundleServer(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
