/**
 * `npm run serve` and `npm run rebuild`: runs the server (or the incremental rebuild) of the
 * build the environment selects, buildDirectory(): build/, or BUILD_DIR. So `npm start` (with
 * ADMIN=1 or not) serves the build it has just made, on a fresh clone too. Production runs the
 * file itself, `node build/server.js` (docs/deploy.md): this only picks which file, and runs it
 * in this process as it is.
 *
 *   tsx scripts/run-built.ts server|rebuild [arguments for it]
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
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
await import(pathToFileURL(file).href);
