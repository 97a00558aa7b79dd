/** Starts the site server: `npm start` (after a build) or `npm run serve`. */
import { buildApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { withHint } from "./errors.ts";

try {
  const config = readConfig();
  const app = await buildApp(config);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  console.error(`Could not start the server: ${withHint(error)}`);
  process.exit(1);
}
