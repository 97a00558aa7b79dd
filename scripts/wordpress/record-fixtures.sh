#!/usr/bin/env bash
# Records real WordPress answers as unit-test fixtures (tests/unit/fixtures/wordpress/).
# Run scripts/wordpress/setup.sh first; WORDPRESS_URL defaults to its address.
set -euo pipefail
URL="${WORDPRESS_URL:-http://127.0.0.1:${WP_PORT:-3980}}"
OUT="$(cd "$(dirname "$0")/../.." && pwd)/tests/unit/fixtures/wordpress"
mkdir -p "$OUT"
api="$URL/wp-json/wp/v2"
get() { # name route
  curl -fsS -D "$OUT/$1.headers" "$api/$2" | python3 -m json.tool --no-ensure-ascii >"$OUT/$1.json"
  grep -i '^x-wp-total' "$OUT/$1.headers" | tr -d '\r' >"$OUT/$1.headers.tmp" || true
  mv "$OUT/$1.headers.tmp" "$OUT/$1.headers"
}
for slug in fast-pages-with-react whats-new-and-more no-image forbidden-image deleted-image protected-post xss-payloads; do
  get "post-$slug" "posts?slug=$slug&_embed"
done
get posts-page-1 "posts?_embed&per_page=100&page=1"
get posts-page-2 "posts?_embed&per_page=100&page=2"
get categories "categories?per_page=100&page=1"
get tags "tags?per_page=100&page=1"
get users "users?per_page=100&page=1"
get post-unknown "posts?slug=no-such-post&_embed"
curl -sS "$api/posts?per_page=100&page=3" | python3 -m json.tool >"$OUT/error-page-past-end.json"
# Large answers (the post whose image embed is the whole API index, the paged lists) are kept
# compact, on one line: indented they would be tens of thousands of lines of diff.
for f in post-deleted-image posts-page-1 posts-page-2; do
  python3 -c 'import json, sys; f = sys.argv[1]; d = json.load(open(f)); open(f, "w").write(json.dumps(d, ensure_ascii=False, separators=(",", ":")))' "$OUT/$f.json"
done
echo "Recorded $(ls "$OUT" | wc -l) files in $OUT"
