/**
 * `node build/rebuild.js` (bundled by scripts/lib/bundle-server.ts; `npm run rebuild`): one
 * incremental rebuild of BUILD_DIR (./rebuild.ts). Run by the server when WordPress changes
 * (./scheduler.ts), or by hand after editing content.
 *
 *   --all   render every page again (checks that incremental output equals the full build's)
 *
 * Exit codes: 0 done (switched, or nothing changed), 75 try again later (the blog's source did
 * not answer, or another build holds the lock), 1 failed (a content error, a bug).
 * The last line of output is `rebuild-result {json}` for the server to read.
 */
import path from "node:path";
import { buildDirectory } from "../../src/admin/mode.server.ts";
import { withHint } from "../errors.ts";
import { ReleaseLockBusy } from "./releases.ts";
import { EXIT_RETRY, rebuild, RESULT_PREFIX } from "./rebuild.ts";

const buildDir = path.resolve(buildDirectory());
try {
  const result = await rebuild({ buildDir, all: process.argv.includes("--all") });
  console.log(RESULT_PREFIX + JSON.stringify({ ...result, release: result.release && path.basename(result.release) }));
  process.exit(0);
} catch (error) {
  // The source did not answer (content.server.ts wraps the BlogSourceError), or the lock is held.
  const cause = (error as { cause?: { name?: string } }).cause;
  const retry = error instanceof ReleaseLockBusy || cause?.name === "BlogSourceError";
  console.error(`Rebuild failed${retry ? " (will be retried)" : ""}: ${withHint(error).trim()}`);
  process.exit(retry ? EXIT_RETRY : 1);
}
