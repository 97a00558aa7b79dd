/**
 * How the dev server (Vite, vite.config.ts) hands /api to the API that `npm run dev` runs
 * beside it (scripts/dev.ts), and where it may listen. The Host header is kept: the API checks it against the Origin
 * (same-site) and for loopback. X-Forwarded-For is added: without it every browser, wherever
 * it is, reached the API as the proxy itself, 127.0.0.1, and passed local mode's "this
 * computer only" check of its sign-in link (server/studio/local.ts reads it through trustProxy: "loopback").
 */
import type { ProxyOptions } from "vite";
import { isLoopback } from "../../src/admin/mode.server.ts";

export const devApiProxy = (apiPort: string | number): Record<string, ProxyOptions> => ({
  "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false, xfwd: true },
});

/**
 * Refuses a --host for Vite that other machines could reach (`--host`, `--host 0.0.0.0`,
 * `--host=192.168.1.5`): the pages would be public, the admin page with them.
 */
export function checkViteHost(args: readonly string[]) {
  args.forEach((arg, i) => {
    const match = /^--host(?:=(.*))?$/.exec(arg);
    if (!match) return;
    // "--host" alone (or before another option) is Vite's "every address".
    const next = args[i + 1];
    const value = match[1] ?? (next !== undefined && !next.startsWith("-") ? next : "0.0.0.0");
    if (!isLoopback(value)) {
      throw new Error(
        `npm run dev serves the blog admin, which writes files, so it listens on this computer only, not --host ${value}. ` +
          "Hint: leave out --host; to show the site to other machines, build it (npm run build) and serve it without ADMIN=1 (npm run serve with HOST=0.0.0.0).",
      );
    }
  });
}
