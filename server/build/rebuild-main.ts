/**
 * `node build/rebuild.js` (bundled by scripts/lib/bundle-server.ts; `npm run rebuild`): one
 * incremental rebuild of BUILD_DIR (./rebuild.ts), run by hand after editing content or by
 * deploy scripts.
 *
 *   --all      render every page again (checks that incremental output equals the full build's)
 *   --worker   the server's warm rebuild worker (./scheduler.ts forks it): stays up, keeps the
 *              server build its first rebuild loaded, and runs one rebuild per IPC message
 *              `{ type: "rebuild" }`, answering `{ type: "done", code, result? }`; `{ type: "warm" }`
 *              loads the server build ahead of the first rebuild. It exits when the server goes
 *              (its IPC channel closes).
 *
 * Exit codes (the one-shot run) and `code` (the worker): 0 done (switched, or nothing changed),
 * 75 try again later (the blog's source did not answer, or another build holds the lock),
 * 1 failed (a content error, a bug). The one-shot run's last line of output is
 * `rebuild-result {json}`.
 */
// First: React reads NODE_ENV as it loads.
import "../production-mode.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildDirectory } from "../../src/admin/mode.server.ts";
import { withHint } from "../errors.ts";
import { pinReleaseHolding } from "./pins.ts";
import { ReleaseLockBusy } from "./releases.ts";
import { EXIT_RETRY, keptRenderer, rebuild, type RebuildOptions, type RebuildResult, RESULT_PREFIX } from "./rebuild.ts";

/** What the worker answers for each rebuild. */
export interface WorkerDone {
  type: "done";
  code: number;
  result?: Omit<RebuildResult, "release"> & { release?: string };
}

const buildDir = path.resolve(buildDirectory());
// This code's chunks are imported lazily from its release: pruning must leave it while we run.
pinReleaseHolding(fileURLToPath(import.meta.url));

/** One rebuild, as an exit code and the result (its release named by the folder's name). */
async function runOnce(options: Omit<RebuildOptions, "buildDir">): Promise<Omit<WorkerDone, "type">> {
  try {
    const result = await rebuild({ buildDir, ...options });
    return { code: 0, result: { ...result, release: result.release && path.basename(result.release) } };
  } catch (error) {
    // The source did not answer (content.server.ts wraps the BlogSourceError), or the lock is held.
    const cause = (error as { cause?: { name?: string } }).cause;
    const retry = error instanceof ReleaseLockBusy || cause?.name === "BlogSourceError";
    console.error(`Rebuild failed${retry ? " (will be retried)" : ""}: ${withHint(error).trim()}`);
    return { code: retry ? EXIT_RETRY : 1 };
  }
}

if (process.argv.includes("--worker") && process.send) {
  const renderer = keptRenderer();
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message: { type?: string }) => {
    // A failed load is not kept: the first rebuild loads it again, and says why it cannot.
    if (message?.type === "warm") void renderer(buildDir).catch(() => undefined);
    if (message?.type !== "rebuild") return;
    void runOnce({ renderer }).then((done) => process.send!({ type: "done", ...done } satisfies WorkerDone));
  });
} else {
  const { code, result } = await runOnce({ all: process.argv.includes("--all") });
  if (result) console.log(RESULT_PREFIX + JSON.stringify(result));
  process.exit(code);
}
