<?php
/**
 * Installs WordPress without a browser and seeds what the blog's contract tests need,
 * including every awkward case of docs (shared/reference/wordpress-rest.md): entities and
 * tags in titles and term names, a post without image, an image attached to a draft
 * (rest_forbidden embed), a featured image whose attachment was deleted, a password-
 * protected post, XSS payloads, empty terms, and more than 100 posts (paging).
 * Usage: php seed.php SITE_DIR URL
 */
[$_, $site, $url] = $argv;
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = parse_url($url, PHP_URL_HOST) . ':' . parse_url($url, PHP_URL_PORT);
require $site . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';

wp_install('Arcbyte Contract Blog', 'admin', 'admin@example.com', true, '', 'admin-password-not-secret');
update_option('permalink_structure', '/%postname%/');
update_option('timezone_string', 'UTC');
wp_set_current_user(1); // as an administrator: seeded HTML is kept as written, like an admin's

function user($login, $name, $description) {
  $id = wp_insert_user(['user_login' => $login, 'user_pass' => 'not-secret-' . $login, 'user_email' => "$login@example.com",
    'display_name' => $name, 'user_nicename' => $login, 'description' => $description, 'role' => 'author']);
  if (is_wp_error($id)) throw new Exception($id->get_error_message());
  return $id;
}
function term($name, $taxonomy, $slug, $description = '') {
  $t = wp_insert_term($name, $taxonomy, ['slug' => $slug, 'description' => $description]);
  if (is_wp_error($t)) throw new Exception($t->get_error_message());
  return $t['term_id'];
}
function post($args) {
  $id = wp_insert_post(array_merge(['post_status' => 'publish', 'post_type' => 'post'], $args), true);
  if (is_wp_error($id)) throw new Exception($id->get_error_message());
  return $id;
}
function image($file, $parent, $alt, $width = 0, $height = 0) {
  $upload = wp_upload_dir();
  if ($width > 0) {
    // A photo-sized PNG (GD), from which WordPress makes its smaller sizes: srcset material.
    $img = imagecreatetruecolor($width, $height);
    imagefill($img, 0, 0, imagecolorallocate($img, 47, 79, 217));
    imagefilledrectangle($img, intdiv($width, 8), intdiv($height, 4), intdiv($width, 2), intdiv($height * 3, 4), imagecolorallocate($img, 245, 158, 11));
    imagepng($img, $upload['path'] . "/$file");
  } else {
    // A 2x2 PNG: real image bytes, tiny.
    file_put_contents($upload['path'] . "/$file", base64_decode('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBAQAlFQMBY3y2NwAAAABJRU5ErkJggg=='));
  }
  $id = wp_insert_attachment(['post_mime_type' => 'image/png', 'post_title' => $alt, 'post_status' => 'inherit', 'guid' => $upload['url'] . "/$file"], $upload['path'] . "/$file", $parent);
  wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $upload['path'] . "/$file"));
  update_post_meta($id, '_wp_attachment_image_alt', $alt);
  return $id;
}

$ana = user('ana-lima', 'Ana Lima', 'Writes about web performance & accessibility.');
$ravi = user('ravi-iyer', 'Ravi Iyer', '');
user('no-posts', 'Nobody Yet', 'Has not published anything.');

$web = term('Web Development', 'category', 'web-development', 'Building for the web.');
$news = term('Releases & Updates', 'category', 'releases-updates', 'What’s new & what changed.');
term('Empty Category', 'category', 'empty-category');
$react = term('React', 'post_tag', 'react', 'The React library.');
$qa = term('Q&A', 'post_tag', 'q-and-a');
term('Unused Tag', 'post_tag', 'unused-tag');

// The featured post: image, category, two tags, author with avatar.
$featured = post(['post_title' => 'Fast pages with React', 'post_name' => 'fast-pages-with-react', 'post_author' => $ana,
  'post_date' => '2025-06-02 09:00:00', 'post_excerpt' => 'How we keep <strong>React</strong> pages fast &amp; light.',
  'post_content' => "<p>Prerendered HTML first.</p>\n<h2>Measure</h2>\n<p>Then <a href=\"https://web.dev/\" target=\"_blank\">measure</a> in the field.</p>",
  'post_category' => [$web], 'tags_input' => ['react', 'q-and-a']]);
set_post_thumbnail($featured, image('fast-pages.png', $featured, 'A fast page & its metrics', 1600, 840));

// Entities and tags in the title, escaped term name (Releases & Updates).
post(['post_title' => 'What’s new & more in <em>2025</em>', 'post_name' => 'whats-new-and-more', 'post_author' => $ravi,
  'post_date' => '2025-06-01 09:00:00', 'post_content' => '<p>Release notes &amp; news.</p>', 'post_category' => [$news]]);

// No featured image at all.
post(['post_title' => 'A post without an image', 'post_name' => 'no-image', 'post_author' => $ana,
  'post_date' => '2025-05-30 09:00:00', 'post_content' => '<p>Text only.</p>', 'post_category' => [$web]]);

// Featured image attached to a draft: its embed is a rest_forbidden error.
$draft = post(['post_title' => 'Draft', 'post_name' => 'draft-owner', 'post_status' => 'draft', 'post_content' => '<p>Draft.</p>']);
$forbidden = post(['post_title' => 'Image owned by a draft', 'post_name' => 'forbidden-image', 'post_author' => $ana,
  'post_date' => '2025-05-29 09:00:00', 'post_content' => '<p>The image belongs to a draft.</p>', 'post_category' => [$web]]);
set_post_thumbnail($forbidden, image('draft-owned.png', $draft, 'Owned by a draft'));

// Featured image whose attachment was deleted afterwards.
$deleted = post(['post_title' => 'Deleted image', 'post_name' => 'deleted-image', 'post_author' => $ana,
  'post_date' => '2025-05-28 09:00:00', 'post_content' => '<p>Its image is gone.</p>', 'post_category' => [$web]]);
$gone = image('gone.png', $deleted, 'Gone');
set_post_thumbnail($deleted, $gone);
wp_delete_attachment($gone, true);
update_post_meta($deleted, '_thumbnail_id', $gone);

// Password protected.
post(['post_title' => 'Members only', 'post_name' => 'protected-post', 'post_author' => $ana, 'post_password' => 'secret',
  'post_date' => '2025-05-27 09:00:00', 'post_content' => '<p>Hidden content.</p>', 'post_excerpt' => 'Hidden excerpt.', 'post_category' => [$web]]);

// XSS payloads, saved as an administrator would (WordPress keeps them verbatim).
post(['post_title' => 'Payloads <script>window.__xss="title"</script>', 'post_name' => 'xss-payloads', 'post_author' => $ravi,
  'post_date' => '2025-05-26 09:00:00', 'post_category' => [$web], 'post_content' => implode("\n", [
    '<p>Before.</p>',
    '<script>window.__xss="script"</script>',
    '<img src="x" onerror="window.__xss=\'img\'">',
    '<svg onload="window.__xss=\'svg\'"></svg>',
    '<a href="jav&#x09;ascript:window.__xss=\'link\'">link</a>',
    '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>',
    '<object data="data:text/html,<script>parent.__xss=\'object\'</script>"></object>',
    '<base href="https://attacker.example/">',
    '<meta http-equiv="refresh" content="0;url=https://attacker.example/">',
    '<scr<script>ipt>window.__xss="nested"</scr</script>ipt>',
    '<p>After.</p>',
  ])]);

// Paging: 105 more posts, older than the ones above.
for ($i = 1; $i <= 105; $i++) {
  post(['post_title' => "Archive note $i", 'post_name' => "archive-note-$i", 'post_author' => $ravi,
    'post_date' => sprintf('2024-%02d-%02d 08:00:00', 1 + intdiv($i - 1, 28), 1 + ($i - 1) % 28),
    'post_content' => "<p>Archive note number $i.</p>", 'post_category' => [$web], 'tags_input' => $i % 10 === 0 ? ['react'] : []]);
}
echo "Seeded WordPress at $url\n";
