/**
 * The server as plain JavaScript, written into every build: `node build/server.js` starts it
 * with nothing compiled at start-up (no tsx, no TypeScript in the running process), which is
 * what a process manager (systemd, a container) expects to run. Packages stay external, so
 * the bundle holds only this project's code and uses node_modules like any Node program;
 * better-sqlite3's native module could not be bundled anyway.
 *
 * `rebuild.js` is the incremental rebuild (server/build/rebuild-main.ts), which the server
 * starts as a child process when WordPress changes and `npm run rebuild` runs by hand.
 */
import path from "node:path";
import { build } from "esbuild";

export const SERVER_ENTRIES = { server: "server/main.ts", rebuild: "server/build/rebuild-main.ts" } as const;

export async function bundleServer(buildDirectory: string, root = process.cwd()) {
  const started = performance.now();
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: buildDirectory,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // The page editor's API checks pages against the block registry, which imports the blocks'
    // components and so the icon sprite's URL (src/ui/Icon.tsx): the server never draws an icon.
    loader: { ".svg": "empty" },
    // Readable in a stack trace: the bundle is small and nothing is gained by minifying it.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
  });
  console.log(`Server: ${Object.keys(SERVER_ENTRIES).map((n) => `${n}.js`).join(", ")} in ${path.relative(root, buildDirectory) || "."} (${Math.round(performance.now() - started)} ms)`);
}
