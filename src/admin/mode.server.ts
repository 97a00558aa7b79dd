/**
 * Local mode: `npm run dev` (scripts/dev.ts) or `ADMIN=1 npm start` run the studio on this
 * computer, signed in as its owner through the link the server prints (server/studio/local.ts).
 * Read by the server (server/config.ts). Node only.
 */
export const isAdminMode = (env: NodeJS.ProcessEnv = process.env) => env.ADMIN === "1";

/** The build: one for every mode (the studio's screens are in every build), build/ unless BUILD_DIR says otherwise. */
export const buildDirectory = (env: NodeJS.ProcessEnv = process.env) => env.BUILD_DIR ?? "build";

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
