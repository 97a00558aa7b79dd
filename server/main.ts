/** Starts the site server: `npm start` (after a build) or `npm run serve`. */
// First: React reads NODE_ENV as it loads.
import "./production-mode.ts";
import { buildApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { fileURLToPath } from "node:url";
import { pinReleaseHolding } from "./build/pins.ts";
import { withHint } from "./errors.ts";

// This code's chunks are imported lazily from its release: pruning must leave it while we run.
pinReleaseHolding(fileURLToPath(import.meta.url));

try {
  const config = readConfig();
  const app = await buildApp(config);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  const address = await app.listen({ host: config.host, port: config.port });
  // Local mode: only this terminal learns the link that signs the developer in (server/studio/local.ts).
  if (app.localSignIn) console.log((await app.localSignIn(address)).notice);
} catch (error) {
  console.error(`Could not start the server: ${withHint(error)}`);
  process.exit(1);
}
