/**
 * The server as plain JavaScript, written into every build: `node build/server.js` starts it
 * with nothing compiled at start-up (no tsx, no TypeScript in the running process), which is
 * what a process manager (systemd, a container) expects to run. Packages stay external (but
 * BUNDLED_PACKAGES), so the bundle holds this project's code and uses node_modules like any
 * Node program; better-sqlite3's native module could not be bundled anyway.
 *
 * `rebuild.js` is the incremental rebuild (server/build/rebuild-main.ts), which the server
 * starts as a child process when WordPress changes and `npm run rebuild` runs by hand.
 */
import path from "node:path";
import { build, type BuildOptions, type Plugin } from "esbuild";

export const SERVER_ENTRIES = { server: "server/main.ts", rebuild: "server/build/rebuild-main.ts" } as const;

/**
 * Packages bundled into the server after all: pure JavaScript of many small files with no
 * dependencies, which Node would otherwise read and link one by one at every start (kysely:
 * 262 ES modules, about 190 ms of CPU at start; bundled, about 15 ms). Only the server's storage uses it.
 */
export const BUNDLED_PACKAGES = ["kysely"];

/** esbuild's `packages: "external"`, but for the given packages. */
function packagesExternalExcept(bundled: string[]): Plugin {
  return {
    name: "packages-external-except",
    setup(build) {
      // A bare specifier (not ./, ../ or /) names a package, as esbuild's own option reads it.
      build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
        const name = specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
        return bundled.includes(name) ? undefined : { path: specifier, external: true };
      });
    },
  };
}

/** esbuild's options for the server's bundles (tests/contract/server-startup.test.ts reads their imports with the same). */
export const serverBundleOptions = (buildDirectory: string, root = process.cwd()) =>
  ({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: buildDirectory,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages stay in node_modules, except BUNDLED_PACKAGES.
    plugins: [packagesExternalExcept(BUNDLED_PACKAGES)],
    // The page editor's API checks pages against the block registry, which imports the blocks'
    // components and so the icon sprite's URL (src/ui/Icon.tsx): the server never draws an icon.
    loader: { ".svg": "empty" },
    // Readable in a stack trace: the bundle is small and nothing is gained by minifying it.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
    // A module imported with import() (the admin's plugins, server/app.ts) goes into a chunk
    // of its own with the packages it imports: without splitting, esbuild would hoist those
    // imports into server.js and every start would load them. Code server.js and rebuild.js
    // share goes into chunks too.
    splitting: true,
    chunkNames: "server-chunks/[name]-[hash]",
  }) satisfies BuildOptions;

export async function bundleServer(buildDirectory: string, root = process.cwd()) {
  const started = performance.now();
  await build(serverBundleOptions(buildDirectory, root));
  console.log(`Server: ${Object.keys(SERVER_ENTRIES).map((n) => `${n}.js`).join(", ")} in ${path.relative(root, buildDirectory) || "."} (${Math.round(performance.now() - started)} ms)`);
}
