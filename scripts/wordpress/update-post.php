<?php
/**
 * Changes a published post, as an editor would: php update-post.php SITE_DIR SLUG --title "New title"
 * or php update-post.php SITE_DIR SLUG --trash. Hooks run as in the admin (the rebuild plugin's too).
 */
[$_, $site, $slug, $change] = $argv;
require $site . '/wp-load.php';
wp_set_current_user(1);
$post = get_page_by_path($slug, OBJECT, 'post');
if (!$post) { fwrite(STDERR, "No post has the slug $slug\n"); exit(1); }
if ($change === '--title') {
  $id = wp_update_post(['ID' => $post->ID, 'post_title' => $argv[4]], true);
  if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
} elseif ($change === '--trash') {
  if (!wp_trash_post($post->ID)) { fwrite(STDERR, "Could not trash $slug\n"); exit(1); }
} else {
  fwrite(STDERR, "Usage: php update-post.php SITE_DIR SLUG --title TITLE | --trash\n"); exit(2);
}
echo "$post->ID\n";
