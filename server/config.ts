/** Server settings from the environment, checked once at start with a clear message. */
import path from "node:path";

export interface ServerConfig {
  host: string;
  port: number;
  /** The React Router build: client/ (prerendered pages and assets) and site-manifest.json. */
  buildDir: string;
  /** Served over HTTPS (behind a TLS proxy): adds HSTS. */
  https: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}".`);
  }
  return {
    host: env.HOST ?? "127.0.0.1",
    port,
    buildDir: path.resolve(env.BUILD_DIR ?? "build"),
    https: env.HTTPS === "1" || (env.SITE_URL ?? "").startsWith("https://") && env.NODE_ENV === "production",
  };
}
