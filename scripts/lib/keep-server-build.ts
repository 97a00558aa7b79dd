/**
 * A Vite plugin: keeps React Router's server build as `<build>/renderer/`. With ssr:false,
 * React Router prerenders every page with its server build and then deletes it ("Removing
 * the server build ... due to ssr:false"). An incremental rebuild (server/build/rebuild.ts)
 * renders the pages that changed later with that very bundle, so it is copied before the
 * deletion: same code, same route modules, same entry.server as the full build, no second
 * renderer. It runs before React Router's own writeBundle (order "pre", sequential), which
 * prerenders and then deletes.
 *
 * Leans on React Router writing the server build to `<build>/server/index.js` before its own
 * writeBundle: if that changes, the build fails here, naming this file.
 */
import { cp, stat } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

export const RENDERER_DIR = "renderer";

export function keepServerBuild(): Plugin {
  return {
    name: "keep-server-build",
    apply: "build",
    writeBundle: {
      order: "pre",
      sequential: true,
      async handler(options) {
        if (this.environment.name !== "ssr") return;
        const dir = options.dir;
        const entry = dir && path.join(dir, "index.js");
        if (!dir || !(await stat(entry!).then((s) => s.isFile(), () => false))) {
          this.error(`React Router's server build is not at ${entry ?? "(no output folder)"} when it is written: update scripts/lib/keep-server-build.ts, which keeps it for incremental rebuilds.`);
        }
        await cp(dir, path.join(path.dirname(dir), RENDERER_DIR), { recursive: true });
      },
    },
  };
}
