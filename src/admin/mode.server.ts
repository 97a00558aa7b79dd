/**
 * Local mode: the blog admin (/admin) and its write API exist only when ADMIN=1 — set by
 * `npm run dev` (scripts/dev.ts) or by hand for `ADMIN=1 npm start`. Read at build time
 * (src/routes.ts, react-router.config.ts) and by the server (server/config.ts). Node only.
 */
export const isAdminMode = (env: NodeJS.ProcessEnv = process.env) => env.ADMIN === "1";

/**
 * An admin build goes to its own folder, so it never replaces the production build in
 * build/ (and the production server refuses to serve one, see server/app.ts).
 */
export const buildDirectory = (env: NodeJS.ProcessEnv = process.env) => env.BUILD_DIR ?? (isAdminMode(env) ? "build-admin" : "build");

/** The admin's page, prerendered only in admin builds. */
export const ADMIN_PATH = "/admin";

/**
 * A loopback host name or address: localhost, 127.0.0.0/8, ::1 (also IPv4-mapped, and in
 * brackets as in a Host header). Anything else, 0.0.0.0 and :: included, can be reached
 * from other machines.
 */
export function isLoopback(host: string | undefined): boolean {
  if (!host) return false;
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(?:::ffff:)?127(?:\.\d{1,3}){3}$/.test(h);
}
