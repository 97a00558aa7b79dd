/**
 * Starts WordPress, builds the site from it into build-wordpress/ and serves that build;
 * returns the teardown that stops both. Without Debian's WordPress packages the suite is
 * skipped with a loud warning, but never in CI, where .ci/run installs them.
 * WORDPRESS_E2E_REUSE_BUILD=1 keeps an existing build-wordpress/ (quicker reruns while
 * writing tests; WordPress is reseeded the same way every time).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, openSync } from "node:fs";
import path from "node:path";
import { BUILD_DIR, ROOT, SERVER_PORT, SKIP_ENV, WORDPRESS_URL, WP_ROOT, wordpress, wordpressInstalled } from "./env.ts";

const INSTALL_HINT = "apt-get install -y wordpress mariadb-server php-cli php-mysql (what .ci/run installs for need_wordpress)";

function fail(title: string, message: string, hint: string): never {
  throw new Error(`${title}: ${message}\n  Hint: ${hint}`);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export default async function globalSetup() {
  if (!wordpressInstalled()) {
    if (process.env.CI) fail("WordPress is not installed", "the blog's WordPress suite cannot run without Debian's WordPress, MariaDB and PHP.", INSTALL_HINT);
    const line = "!".repeat(88);
    console.warn(`\n${line}\n!! SKIPPING the WordPress e2e suite: WordPress, MariaDB or PHP is not installed.\n!! To run it: ${INSTALL_HINT}\n${line}\n`);
    process.env[SKIP_ENV] = "1";
    return;
  }

  let started = performance.now();
  try {
    wordpress();
  } catch (error) {
    fail("WordPress did not start", String((error as { stderr?: string }).stderr || error).trim(), `Run WP_PORT=${new URL(WORDPRESS_URL).port} WP_ROOT=${WP_ROOT} scripts/wordpress/setup.sh by hand and read the logs in ${WP_ROOT}.`);
  }
  console.log(`WordPress: seeded and serving ${WORDPRESS_URL} (${seconds(started)})`);

  if (process.env.WORDPRESS_E2E_REUSE_BUILD === "1" && existsSync(path.join(ROOT, BUILD_DIR, "client/index.html"))) {
    console.log(`Build: reusing ${BUILD_DIR}/ (WORDPRESS_E2E_REUSE_BUILD=1)`);
  } else {
    started = performance.now();
    try {
      execFileSync("npx", ["react-router", "build"], { cwd: ROOT, env: { ...process.env, WORDPRESS_URL, BUILD_DIR }, encoding: "utf8", stdio: "pipe", timeout: 600_000 });
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      wordpress("stop");
      fail("The site did not build from WordPress", `${stdout}\n${stderr}`.trim().split("\n").slice(-40).join("\n"), `Build it by hand: WORDPRESS_URL=${WORDPRESS_URL} BUILD_DIR=${BUILD_DIR} npx react-router build`);
    }
    console.log(`Build: ${BUILD_DIR}/ from ${WORDPRESS_URL} (${seconds(started)})`);
  }

  const log = path.join(WP_ROOT, "site-server.log");
  const server = spawn(process.execPath, [path.join(BUILD_DIR, "server.js")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(SERVER_PORT), HOST: "127.0.0.1", BUILD_DIR, LOG_LEVEL: "warn", DATABASE_URL: "file:data/e2e-wordpress.db", FORM_RATE_LIMIT: "0" },
    stdio: ["ignore", openSync(log, "a"), openSync(log, "a")],
  });
  const stop = async () => {
    server.kill();
    wordpress("stop");
  };
  const url = `http://127.0.0.1:${SERVER_PORT}/`;
  for (let i = 0; i < 150 && server.exitCode === null; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return stop;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  fail("The site server did not start", `${url} did not answer within 30 s (exit code ${server.exitCode}).`, `Read ${log}; is port ${SERVER_PORT} taken? Set WP_E2E_SERVER_PORT to use another.`);
}
