/**
 * Where the WordPress suite's servers live, and how tests act on WordPress. Ports and
 * folders of its own, so it never meets the contract suite's WordPress (3981), the main
 * e2e server (3100) or another engineer's build/.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const WP_PORT = Number(process.env.WP_E2E_PORT ?? 3983);
export const WP_ROOT = `/tmp/arcbyte-wordpress-e2e-${WP_PORT}`;
export const WORDPRESS_URL = `http://127.0.0.1:${WP_PORT}`;
export const SERVER_PORT = Number(process.env.WP_E2E_SERVER_PORT ?? 3290);
export const BUILD_DIR = "build-wordpress";
const SETUP = path.join(ROOT, "scripts/wordpress/setup.sh");

/** Debian's packages that scripts/wordpress/setup.sh needs. */
export const wordpressInstalled = () => existsSync("/usr/share/wordpress") && existsSync("/usr/sbin/mariadbd") && existsSync("/usr/bin/php");

/** Set by global setup when the suite is skipped (no WordPress packages, outside CI). */
export const SKIP_ENV = "WORDPRESS_E2E_SKIPPED";

/** scripts/wordpress/setup.sh [start | stop | stop-php | start-php] for this suite's WordPress. */
export function wordpress(command?: "stop" | "stop-php" | "start-php", timeout = 180_000): string {
  return execFileSync(SETUP, command ? [command] : [], { env: { ...process.env, WP_PORT: String(WP_PORT), WP_ROOT }, encoding: "utf8", stdio: "pipe", timeout });
}

/** Publishes a post after the build (scripts/wordpress/add-post.php); `copyFrom` takes another post's content. */
export function addPost(slug: string, title: string, copyFrom?: string) {
  execFileSync("php", [path.join(ROOT, "scripts/wordpress/add-post.php"), `${WP_ROOT}/site`, slug, title, ...(copyFrom ? [copyFrom] : [])], { stdio: "pipe" });
}
