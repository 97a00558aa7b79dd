<?php
/**
 * Publishes one post after the site was built: php add-post.php SITE_DIR SLUG TITLE [COPY_FROM_SLUG]
 * With COPY_FROM_SLUG, the new post gets that post's content, author and categories (e.g. the
 * seeded XSS payloads, to sanitise them in the browser).
 */
[$_, $site, $slug, $title] = $argv;
require $site . '/wp-load.php';
wp_set_current_user(1);
$from = isset($argv[4]) ? get_page_by_path($argv[4], OBJECT, 'post') : null;
if (isset($argv[4]) && !$from) { fwrite(STDERR, "No post has the slug {$argv[4]}\n"); exit(1); }
$id = wp_insert_post(['post_title' => $title, 'post_name' => $slug, 'post_status' => 'publish', 'post_author' => $from ? $from->post_author : 1,
  // A real image, so the page has no failed load; a handler kept by mistake would run either way.
  'post_content' => $from ? $from->post_content : '<p>Published after the build.</p><img src="/blog/images/default.svg" alt="" onload="window.__xss=1" onerror="window.__xss=1">',
  'post_category' => $from ? wp_get_post_categories($from->ID) : [], 'post_excerpt' => 'A post newer than the build.'], true);
if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
echo "$id\n";
