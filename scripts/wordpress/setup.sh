#!/usr/bin/env bash
# Starts a throwaway WordPress (Debian's packages) for the blog's contract tests:
# its own MariaDB datadir and socket, its own copy of WordPress and wp-config.php,
# installed and seeded by seed.php, served by `php -S` on WP_PORT, with the site's rebuild
# plugin (deploy/wordpress/arcbyte-rebuild.php; set-webhook.php points it at a site).
#   scripts/wordpress/setup.sh            start (prints WORDPRESS_URL)
#   scripts/wordpress/setup.sh stop       stop both servers
#   scripts/wordpress/setup.sh stop-php   stop only the web server (WordPress is down, its data kept)
#   scripts/wordpress/setup.sh start-php  start it again
# Needs: apt-get install -y wordpress mariadb-server php-cli php-mysql php-gd
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="${WP_ROOT:-/tmp/arcbyte-wordpress}"
PORT="${WP_PORT:-3980}"
DATA="$ROOT/mysql" RUN="$ROOT/run" SITE="$ROOT/site" SOCK="$ROOT/run/mysqld.sock" TMP="$ROOT/tmp"

stop() {
  [ -f "$RUN/php.pid" ] && kill "$(cat "$RUN/php.pid")" 2>/dev/null || true
  [ -f "$RUN/mysqld.pid" ] && kill "$(cat "$RUN/mysqld.pid")" 2>/dev/null || true
  rm -f "$RUN/php.pid"
}
serve() {
  php -S "127.0.0.1:$PORT" -t "$SITE" "$HERE/router.php" >>"$ROOT/php.log" 2>&1 &
  echo $! >"$RUN/php.pid"
  for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$PORT/wp-json/wp/v2/posts?per_page=1" >/dev/null 2>&1 && break; sleep 0.2; done
  curl -fs "http://127.0.0.1:$PORT/wp-json/wp/v2/posts?per_page=1" >/dev/null || { echo "WordPress setup: the REST API does not answer, see $ROOT/php.log" >&2; exit 1; }
  echo "WORDPRESS_URL=http://127.0.0.1:$PORT"
}
if [ "${1:-}" = "stop" ]; then stop; exit 0; fi
if [ "${1:-}" = "stop-php" ]; then [ -f "$RUN/php.pid" ] && kill "$(cat "$RUN/php.pid")" 2>/dev/null; rm -f "$RUN/php.pid"; exit 0; fi
if [ "${1:-}" = "start-php" ]; then serve; exit 0; fi

for bin in mariadbd mariadb-install-db php; do
  command -v "$bin" >/dev/null || { echo "WordPress setup: $bin is missing. Hint: apt-get install -y wordpress mariadb-server php-cli php-mysql php-gd" >&2; exit 1; }
done
# Not `grep -q`: it stops reading at the first match, php then dies of SIGPIPE, and under
# pipefail the check fails now and then with GD installed.
php -m | grep -i "^gd$" >/dev/null || { echo "WordPress setup: PHP's GD module is missing (WordPress makes image sizes with it). Hint: apt-get install -y php-gd" >&2; exit 1; }
[ -d /usr/share/wordpress ] || { echo "WordPress setup: /usr/share/wordpress is missing. Hint: apt-get install -y wordpress" >&2; exit 1; }

stop
rm -rf "$ROOT" && mkdir -p "$DATA" "$RUN" "$TMP" && chown -R mysql:mysql "$DATA" "$RUN" "$TMP"
# A temporary folder of its own: two instances set up at once (npm test starts the freshness
# test's beside the WordPress suite's) shared /tmp, and one bootstrap once failed there
# ("Could not remove temporary table '/tmp/#sql-temptable-…'", then "Unknown table 'mysql.tmp_user_sys'").
mariadb-install-db --user=mysql --datadir="$DATA" --tmpdir="$TMP" --auth-root-authentication-method=normal >"$ROOT/install-db.log" 2>&1
mariadbd --user=mysql --datadir="$DATA" --tmpdir="$TMP" --socket="$SOCK" --pid-file="$RUN/mysqld.pid" --skip-networking >"$ROOT/mysqld.log" 2>&1 &
for _ in $(seq 1 50); do [ -S "$SOCK" ] && break; sleep 0.2; done
[ -S "$SOCK" ] || { echo "WordPress setup: MariaDB did not start, see $ROOT/mysqld.log" >&2; exit 1; }
mariadb --socket="$SOCK" -uroot -e "CREATE DATABASE wordpress; CREATE USER 'wp'@'localhost' IDENTIFIED BY 'wp'; GRANT ALL ON wordpress.* TO 'wp'@'localhost';"

cp -r /usr/share/wordpress "$SITE"
rm -f "$SITE/wp-config.php"
cat >"$SITE/wp-config.php" <<PHP
<?php
define('DB_NAME', 'wordpress'); define('DB_USER', 'wp'); define('DB_PASSWORD', 'wp');
define('DB_HOST', 'localhost:$SOCK'); define('DB_CHARSET', 'utf8mb4'); define('DB_COLLATE', '');
define('WP_HOME', 'http://127.0.0.1:$PORT'); define('WP_SITEURL', 'http://127.0.0.1:$PORT');
define('WP_HTTP_BLOCK_EXTERNAL', true); define('AUTOMATIC_UPDATER_DISABLED', true); define('WP_DEBUG', false);
define('WP_CONTENT_DIR', '$SITE/wp-content');
\$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', '$SITE/');
require_once ABSPATH . 'wp-settings.php';
PHP
mkdir -p "$SITE/wp-content/uploads"
php "$HERE/seed.php" "$SITE" "http://127.0.0.1:$PORT" >"$ROOT/seed.log" 2>&1 || { echo "WordPress setup: seeding failed, see $ROOT/seed.log" >&2; cat "$ROOT/seed.log" >&2; exit 1; }
# The site's rebuild plugin, as a real WordPress would have it; silent until set-webhook.php points it at a site.
mkdir -p "$SITE/wp-content/mu-plugins" && cp "$HERE/../../deploy/wordpress/arcbyte-rebuild.php" "$SITE/wp-content/mu-plugins/"
serve
