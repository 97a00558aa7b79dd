<?php
/**
 * Points the rebuild plugin (deploy/wordpress/arcbyte-rebuild.php) at a site:
 * php set-webhook.php SITE_DIR URL SECRET, or php set-webhook.php SITE_DIR to turn it off.
 */
[$_, $site] = $argv;
require $site . '/wp-load.php';
update_option('arcbyte_webhook_url', $argv[2] ?? '');
update_option('arcbyte_webhook_secret', $argv[3] ?? '');
