/**
 * `npm run serve` and `npm run rebuild`: runs the server (or the incremental rebuild) of the
 * build the environment selects, buildDirectory(): build/, or BUILD_DIR. So `npm start` (with
 * ADMIN=1 or not) serves the build it has just made, on a fresh clone too. Production runs the
 * file itself, `node build/server.js` (docs/deploy.md), and so does this, in a child process:
 * imported here it ran under tsx's loader, which put every module the server loads through
 * tsx's transform (the renderer the studio's previews need: 8 s to import instead of 4 here, and
 * the rebuild worker the server forks inherited it). Stops go on to it; its exit code is ours.
 *
 *   tsx scripts/run-built.ts server|rebuild [arguments for it]
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { ServerError, withHint } from "../server/errors.ts";
import { buildDirectory } from "../src/admin/mode.server.ts";
import { errors } from "../src/errors/catalogue.ts";
import { SERVER_ENTRIES } from "./lib/bundle-server.ts";

const entry = process.argv[2];
if (!entry || !Object.hasOwn(SERVER_ENTRIES, entry)) {
  console.error(`Usage: tsx scripts/run-built.ts ${Object.keys(SERVER_ENTRIES).join("|")} [arguments]`);
  process.exit(2);
}
const buildDir = buildDirectory();
const file = path.resolve(buildDir, `${entry}.js`);
if (!existsSync(file)) {
  console.error(withHint(new ServerError(errors.NoBuild(buildDir, `${entry}.js`))));
  process.exit(1);
}
// Plain Node, as production runs it: no tsx loader flags (tsx passes them as arguments, not in NODE_OPTIONS).
const child = spawn(process.execPath, [file, ...process.argv.slice(3)], { stdio: "inherit" });
// Ctrl+C reaches the whole process group, the child too, which closes itself: this waits for it.
process.on("SIGINT", () => undefined);
// A stop sent to this process alone (npm passing it on) goes on to the child.
for (const signal of ["SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
