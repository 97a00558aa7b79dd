import { randomBytes } from "node:crypto";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ADMIN_PATH, EDITOR_PATH } from "../runtime/studio-paths.ts";

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

/**
 * A local-mode build says so with a file beside site-manifest.json: its pages' runtime holds
 * the local admin's islands, which talk to the local API with the printed key. A public server
 * refuses such a build, and a local-mode server needs one (server/app.ts). The incremental
 * rebuild copies a release whole, so the mark stays with it.
 */
export const LOCAL_MODE_MARK = "local-mode";

export const isLocalModeBuild = (buildDir: string) => existsSync(path.join(buildDir, LOCAL_MODE_MARK));

export function markLocalModeBuild(buildDir: string, local: boolean) {
  const file = path.join(buildDir, LOCAL_MODE_MARK);
  if (local) writeFileSync(file, "Built with ADMIN=1: for local mode only (npm run dev, ADMIN=1 npm start).\n");
  else rmSync(file, { force: true });
}

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

/**
 * The admin's key for this server run: a browser must show it (Authorization: Bearer) on every
 * admin API call. Network checks cannot tell a browser on this computer from one reaching
 * it through a local forwarder or an SSH tunnel: both arrive from 127.0.0.1 with a loopback
 * Host. Only the person who started the server sees the key, printed in the terminal as part
 * of the admin's link (`adminLink`). ADMIN_KEY fixes it (tests, scripts); it is random otherwise.
 */
export function adminKeyFrom(env: NodeJS.ProcessEnv = process.env): string {
  const key = env.ADMIN_KEY?.trim();
  if (key === undefined || key === "") return randomBytes(24).toString("base64url");
  if (!/^[A-Za-z0-9_-]{20,}$/.test(key)) {
    throw new Error("ADMIN_KEY must be at least 20 letters, digits, - or _ (or unset it: a random key is made and printed).");
  }
  return key;
}

/** The link that opens the admin (or another local screen) with its key; the key is in the fragment, which browsers never send. */
export const adminLink = (origin: string, key: string, at: string = ADMIN_PATH) => `${origin}${at}#key=${key}`;

/** What the terminal prints in local mode: the blog admin's and the page editor's links. */
export const adminLinks = (origin: string, key: string) =>
  `\n  Blog admin:  ${adminLink(origin, key)}\n  Page editor: ${adminLink(origin, key, EDITOR_PATH)}\n`;

