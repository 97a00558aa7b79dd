<?php
/**
 * Plugin Name: Arcbyte site rebuild
 * Description: Tells the site (POST /api/hooks/wordpress) when a post is published, updated, unpublished, trashed or deleted, or a category, tag or author changes, so it rebuilds the pages that show it.
 *
 * A must-use plugin: copy it to wp-content/mu-plugins/ (docs/deploy.md). In wp-config.php:
 *   define('ARCBYTE_WEBHOOK_URL', 'https://www.arcbyte.in/api/hooks/wordpress');
 *   define('ARCBYTE_WEBHOOK_SECRET', '...');   // the site's WORDPRESS_WEBHOOK_SECRET
 * (or the options arcbyte_webhook_url and arcbyte_webhook_secret). One call per request to
 * WordPress, however many changes it makes, sent when WordPress has finished the request.
 */
if (!defined('ABSPATH')) exit;

function arcbyte_rebuild_setting($name) {
  $constant = 'ARCBYTE_WEBHOOK_' . strtoupper($name);
  return defined($constant) ? constant($constant) : get_option('arcbyte_webhook_' . $name, '');
}

function arcbyte_rebuild_request($reason) {
  static $queued = false;
  if ($queued || !arcbyte_rebuild_setting('url') || !arcbyte_rebuild_setting('secret')) return;
  $queued = true;
  add_action('shutdown', function () use ($reason) {
    $response = wp_remote_post(arcbyte_rebuild_setting('url'), [
      'timeout' => 5,
      'headers' => ['Authorization' => 'Bearer ' . arcbyte_rebuild_setting('secret'), 'Content-Type' => 'application/json'],
      'body' => wp_json_encode(['reason' => $reason]),
    ]);
    $code = is_wp_error($response) ? $response->get_error_message() : wp_remote_retrieve_response_code($response);
    if ($code !== 202) error_log("arcbyte-rebuild: the site answered $code to the webhook");
  });
}

// Published, updated while published, unpublished, trashed: every change a visitor can see.
add_action('transition_post_status', function ($new, $old, $post) {
  if ($post->post_type === 'post' && ($new === 'publish' || $old === 'publish')) arcbyte_rebuild_request("post {$post->ID}: $old → $new");
}, 10, 3);
add_action('before_delete_post', function ($id, $post = null) {
  if ($post && $post->post_type === 'post' && $post->post_status === 'publish') arcbyte_rebuild_request("post $id deleted");
}, 10, 2);
foreach (['created_term', 'edited_term', 'delete_term'] as $hook) {
  add_action($hook, function () use ($hook) { arcbyte_rebuild_request($hook); });
}
add_action('profile_update', function ($id) { arcbyte_rebuild_request("author $id updated"); });
