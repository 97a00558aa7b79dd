/** Starts the site server: `npm start` (after a build) or `npm run serve`. */
import { adminKeyFrom, adminLinks } from "../src/admin/mode.server.ts";
import { buildApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { fileURLToPath } from "node:url";
import { pinReleaseHolding } from "./build/pins.ts";
import { withHint } from "./errors.ts";

// This code's chunks are imported lazily from its release: pruning must leave it while we run.
pinReleaseHolding(fileURLToPath(import.meta.url));

try {
  const config = readConfig();
  const adminKey = config.admin ? adminKeyFrom() : undefined;
  const app = await buildApp(config, { adminKey });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  const address = await app.listen({ host: config.host, port: config.port });
  // Only this terminal learns the key: the admin answers no browser that has not opened this link.
  if (adminKey) console.log(adminLinks(address, adminKey));
  if (app.localSignIn) console.log((await app.localSignIn(address)).notice);
} catch (error) {
  console.error(`Could not start the server: ${withHint(error)}`);
  process.exit(1);
}
