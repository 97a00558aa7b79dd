<?php
/** Publishes one post after the site was built: php add-post.php SITE_DIR SLUG TITLE */
[$_, $site, $slug, $title] = $argv;
require $site . '/wp-load.php';
wp_set_current_user(1);
$id = wp_insert_post(['post_title' => $title, 'post_name' => $slug, 'post_status' => 'publish', 'post_author' => 1,
  'post_content' => '<p>Published after the build.</p><img src="x" onerror="window.__xss=1">', 'post_excerpt' => 'A post newer than the build.'], true);
if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
echo "$id\n";
